import type { ReactNode } from 'react';

import { StoreError } from './StoreError';

/** A product page's head: the name, a line of facts (code, risk level…), then what the page adds below them. */
export function ProductHead({ name, facts, children }: { name: string; facts: ReactNode; children?: ReactNode }) {
  return (
    <section className="kn-section">
      <h2 style={{ display: 'block' }}>{name}</h2>
      <div className="kn-meta">{facts}</div>
      {children}
    </section>
  );
}

/** A product page opened without a product id. */
export function NoProductId() {
  return <StoreError title="链接无效" description="产品编号缺失或有误，请从产品列表进入" />;
}
