import './risk.css';

import { FUND_DISCLOSURES } from '@/api/contract/product-risk-constants';

/**
 * The risk disclosure under every product a customer or adviser sees: the two mandatory sentences always,
 * after any lines the server adds for this product (its level, private-fund terms), without repeats.
 */
export function RiskDisclosure({ lines = [] }: { lines?: readonly string[] }) {
  const all = [...lines.filter((l) => !(FUND_DISCLOSURES as readonly string[]).includes(l)), ...FUND_DISCLOSURES];
  return (
    <section className="risk-disclosure" role="note" aria-label="风险提示">
      <h3>风险提示</h3>
      {all.map((l) => (
        <p key={l}>{l}</p>
      ))}
    </section>
  );
}
