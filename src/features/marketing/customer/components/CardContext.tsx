import { Link } from 'react-router-dom';

import { Engagement, Portfolio } from './CardEngagement';
import { Trades } from './CardTrades';

import type { ChanceDetail } from '@/api/contract/market-map';
import { useDetail, useDetailList } from '@/features/marketing/details';
import { formatMoney, formatTime, formatYuan, LoadState, PagedFoot } from '@/features/marketing/shared';
import { routes } from '@/routes';
import { RiskChip } from '@/ui/RiskChip';

/**
 * Which screen shows the card, and so what context sits beside its evidence:
 * - fundIn: the bank transfers around the money-flow signal (90 days, totals in and out);
 * - tougu: the same money flow for an advisory-portfolio (投顾) customer: framed against the
 *   portfolio (its value, risk split, 30-day change) because the talk is about rebalancing or
 *   adding to the portfolio, not about picking a single product;
 * - purpose: what the customer asked, viewed and searched (intent);
 * - perspective: how intensely they engaged (live minutes, reads with seconds and depth) and the latest behaviour;
 * - opp: the products the reasons are about: the customer's trades in them.
 */
export type CardVariant = 'opp' | 'fundIn' | 'tougu' | 'purpose' | 'perspective';

export function CardContext({ card, variant, now }: { card: ChanceDetail; variant: CardVariant; now: number }) {
  const customerId = card.customer.customer_id;
  if (variant === 'fundIn') return <Transfers customerId={customerId} now={now} />;
  if (variant === 'tougu') return <Portfolio card={card} />;
  if (variant === 'purpose' || variant === 'perspective')
    return <Engagement customerId={customerId} variant={variant} now={now} />;
  const ids = [...new Set(card.reasons.flatMap((r) => (r.product ? [r.product.product_id] : [])))];
  if (!ids.length) return null;
  return (
    <>
      <section className="mk-section" aria-label="相关产品" data-testid="context">
        <h3>相关产品</h3>
        {ids.slice(0, 3).map((id) => (
          <ProductLine key={id} customerId={customerId} productId={id} />
        ))}
      </section>
      <Trades customerId={customerId} productIds={ids} now={now} />
    </>
  );
}

/** One product the card is about, for this customer: held value and profit, NAV change over 30 days, suitability today. */
function ProductLine({ customerId, productId }: { customerId: number; productId: number }) {
  const p = useDetail('customerProduct', { customer_id: customerId, product_id: productId });
  if (!p.data) return <LoadState status={p.status} error={p.error} label="产品" onRetry={p.reload} />;
  const { product, holding, nav_change_30d_pct: change, suitability } = p.data;
  return (
    <div className="cu-hold">
      <div className="cu-hold__top">
        <Link className="cu-product" to={routes.rateDetail.getHref(undefined, { product_id: product.product_id })}>
          {product.name}
        </Link>
        <RiskChip level={product.risk_level} />
        {!suitability.ok && <span className="mk-tag cu-risk--warn">不适合</span>}
        {holding && <span className="mk-row__side">¥{formatMoney(holding.market_value)}</span>}
      </div>
      <div className="cu-hold__nums">
        <span>
          {holding
            ? `持有 · 盈亏 ${holding.profit >= 0 ? '+' : '-'}¥${formatMoney(Math.abs(holding.profit))}`
            : '未持有'}
        </span>
        {change !== null && (
          <span className={change >= 0 ? 'cu-up' : 'cu-down'}>
            近30天净值 {change > 0 ? '+' : ''}
            {change.toFixed(2)}%
          </span>
        )}
        {product.maturity_date && <span>到期日 {product.maturity_date}</span>}
      </div>
      {!suitability.ok && <div className="cu-unsuited">不宜再推荐：{suitability.reason}</div>}
    </div>
  );
}

function Transfers({ customerId, now }: { customerId: number; now: number }) {
  const l = useDetailList('customerTransfers', { customer_id: customerId, days: 90 });
  const page = useDetail('customerAum', { customer_id: customerId });
  return (
    <section className="mk-section" aria-label="近90天资金流水" data-testid="context">
      <h3>近 90 天资金流水</h3>
      {l.items.length === 0 && <LoadState status={l.status} error={l.error} label="资金流水" onRetry={l.refresh} />}
      {l.status === 'loaded' && l.items.length === 0 && <p className="mk-empty">近 90 天没有银行转账</p>}
      {page.data && <p className="cu-note">客户总资产 ¥{formatMoney(page.data.aum)}</p>}
      {l.items.map((t) => (
        <div className="cu-line" key={t.transfer_id}>
          <span className="cu-kind">{t.direction === 'in' ? '转入' : '转出'}</span>
          <div className="cu-line__main">
            <div>{t.bank}</div>
            <div className="cu-line__sub">{formatTime(t.occurred_at, now)}</div>
          </div>
          <div className={`cu-line__side ${t.direction === 'in' ? 'cu-up' : 'cu-down'}`}>{formatYuan(t.amount)}</div>
        </div>
      ))}
      <PagedFoot list={l} />
    </section>
  );
}
