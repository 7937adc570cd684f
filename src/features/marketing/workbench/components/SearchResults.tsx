import { Link } from 'react-router-dom';

import { Highlight } from './Highlight';

import type { SearchResult } from '@/api/contract/market-map-settings';
import { cardDetailHref, formatMoney, PRIORITY_NAMES } from '@/features/marketing/shared';
import { routes } from '@/routes';
import { RiskChip } from '@/ui/RiskChip';

/** What matched, in three groups (customers, products, cards), the matched text highlighted; empty groups are left out. */
export function SearchResults({ result }: { result: SearchResult }) {
  return (
    <>
      {result.customers.length > 0 && (
        <section className="mk-section" aria-label="客户">
          <h3>客户</h3>
          {result.customers.map((c) => (
            <Link
              className="mk-row"
              key={c.customer.customer_id}
              to={routes.personDetail.getHref(undefined, { customer_id: c.customer.customer_id })}
            >
              <div className="mk-row__main">
                <div>
                  <Highlight text={c.matched_text} ranges={c.highlight} />
                </div>
                <div>
                  {[
                    c.matched_text === c.customer.display_name ? null : c.customer.display_name,
                    c.customer.phone_masked,
                    c.customer.tags.join('、'),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </div>
              </div>
              <div className="mk-row__side">{formatMoney(c.customer.aum)}</div>
            </Link>
          ))}
        </section>
      )}
      {result.products.length > 0 && (
        <section className="mk-section" aria-label="产品">
          <h3>产品</h3>
          {result.products.map((p) => (
            <Link
              className="mk-row"
              key={p.product.product_id}
              to={routes.rateDetail.getHref(undefined, { product_id: p.product.product_id })}
            >
              <div className="mk-row__main">
                <div>
                  <Highlight text={p.matched_text} ranges={p.highlight} />
                </div>
                <div>
                  {p.product.code} <RiskChip level={p.product.risk_level} />
                  {p.product.qualified_only ? ' · 合格投资者' : ''}
                </div>
              </div>
            </Link>
          ))}
        </section>
      )}
      {result.cards.length > 0 && (
        <section className="mk-section" aria-label="商机">
          <h3>商机</h3>
          {result.cards.map((c) => (
            <Link className="mk-row" key={c.card.card_id} to={cardDetailHref(c.card)}>
              <div className="mk-row__main">
                <div>
                  <Highlight text={c.matched_text} ranges={c.highlight} />
                </div>
                <div>
                  {c.card.customer.display_name} · {PRIORITY_NAMES[c.card.priority]}
                </div>
              </div>
            </Link>
          ))}
        </section>
      )}
    </>
  );
}
