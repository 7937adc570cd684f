import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { Highlight } from './Highlight';

import type { SearchResult } from '@/api/contract/market-map-settings';
import { cardDetailHref, customerHref, formatMoney, PRIORITY_NAMES } from '@/features/marketing/shared';
import { routes } from '@/routes';
import { RiskChip } from '@/ui/RiskChip';

/** What matched, in three groups (customers, products, cards), the matched text highlighted; empty groups are left out. */
export function SearchResults({ result }: { result: SearchResult }) {
  return (
    <>
      <Group label="客户" items={result.customers}>
        {(c) => (
          <MatchRow
            key={c.customer.customer_id}
            to={customerHref(c.customer.customer_id)}
            match={c}
            side={formatMoney(c.customer.aum)}
          >
            {[
              c.matched_text === c.customer.display_name ? null : c.customer.display_name,
              c.customer.phone_masked,
              c.customer.tags.join('、'),
            ]
              .filter(Boolean)
              .join(' · ')}
          </MatchRow>
        )}
      </Group>
      <Group label="产品" items={result.products}>
        {(p) => (
          <MatchRow
            key={p.product.product_id}
            to={routes.rateDetail.getHref(undefined, { product_id: p.product.product_id })}
            match={p}
          >
            {p.product.code} <RiskChip level={p.product.risk_level} />
            {p.product.qualified_only ? ' · 合格投资者' : ''}
          </MatchRow>
        )}
      </Group>
      <Group label="商机" items={result.cards}>
        {(c) => (
          <MatchRow key={c.card.card_id} to={cardDetailHref(c.card)} match={c}>
            {c.card.customer.display_name} · {PRIORITY_NAMES[c.card.priority]}
          </MatchRow>
        )}
      </Group>
    </>
  );
}

/** One group of matches under its heading; a group with none is left out. */
function Group<T>({ label, items, children }: { label: string; items: readonly T[]; children(item: T): ReactNode }) {
  if (items.length === 0) return null;
  return (
    <section className="mk-section" aria-label={label}>
      <h3>{label}</h3>
      {items.map(children)}
    </section>
  );
}

/** A match: the matched text highlighted, then what it belongs to, and a figure on the side where there is one. */
function MatchRow({
  to,
  match,
  side,
  children,
}: {
  to: string;
  match: { matched_text: string; highlight: ReadonlyArray<readonly [number, number]> };
  side?: string;
  children: ReactNode;
}) {
  return (
    <Link className="mk-row" to={to}>
      <div className="mk-row__main">
        <div>
          <Highlight text={match.matched_text} ranges={match.highlight} />
        </div>
        <div>{children}</div>
      </div>
      {side !== undefined && <div className="mk-row__side">{side}</div>}
    </Link>
  );
}
