import { Link } from 'react-router-dom';

import type { LiveProduct } from '../../../../api/contract/live-room';

import { getHref } from '@/routes';
import { RiskChip } from '@/ui/RiskChip';
import { RiskDisclosure } from '@/ui/RiskDisclosure';

/**
 * Where a product or banner of the room leads: the store's page of the same fund, which shows its risk
 * level and disclosures; a private fund's page opens only through the store's qualification gate.
 */
export function productHref(p: LiveProduct): string | null {
  if (p.detail_id === null || p.detail_id === undefined) return null;
  return p.kind === 'private'
    ? getHref('contentRecognition', {}, { id: p.detail_id })
    : getHref('fundDetail', {}, { id: p.detail_id });
}

const KIND_LABEL: Record<LiveProduct['kind'], string> = {
  public: '公募',
  private: '私募',
  insurance: '保险',
  activity: '活动',
};

function ProductRow({ p }: { p: LiveProduct }) {
  const href = productHref(p);
  const body = (
    <>
      <span className="product__kind">{KIND_LABEL[p.kind]}</span>
      <div>
        <p className="product__name">{p.name}</p>
        <p className="product__meta">
          {p.risk_level && <RiskChip level={p.risk_level} />} {p.highlight}
        </p>
      </div>
      {href && (
        <span className="product__more" aria-hidden="true">
          ›
        </span>
      )}
    </>
  );
  // Only what opens something looks tappable: a row with no page is plain text.
  return href ? (
    <Link className="product product--link" to={href} data-product={p.id}>
      {body}
    </Link>
  ) : (
    <div className="product">{body}</div>
  );
}

export function ProductList({ title, products }: { title: string; products: LiveProduct[] }) {
  if (products.length === 0) return null;
  return (
    <section className="live-section" aria-label={title}>
      <h2>{title}</h2>
      <ul className="products">
        {products.map((p) => (
          <li key={p.id}>
            <ProductRow p={p} />
          </li>
        ))}
      </ul>
      {products.some((p) => p.risk_level) && <RiskDisclosure />}
    </section>
  );
}
