import { Link } from 'react-router-dom';

import type { MaskedCustomer } from '@/api/contract/market-map';
import { useDetail } from '@/features/marketing/details';
import { formatMoney, LoadState, signedPct } from '@/features/marketing/shared';
import { routes } from '@/routes';
import { RiskChip } from '@/ui/RiskChip';

/** 持仓: each product's risk level beside the customer's level, value and profit; a holding the rules would not allow today says why. */
export function HoldingsSection({ customer }: { customer: MaskedCustomer }) {
  const h = useDetail('customerHoldings', { customer_id: customer.customer_id });
  const bonus = useDetail('customerBonus', { customer_id: customer.customer_id });
  const level = customer.risk_state === 'valid' ? customer.risk_level : '未测评';
  return (
    <section className="mk-section" aria-label="持仓">
      <h3>
        持仓{h.data ? `（${h.data.list.length}）` : ''} · 客户风险等级 {level}
        {customer.risk_expires_on ? `，有效期至 ${customer.risk_expires_on}` : ''}
      </h3>
      <LoadState status={h.status} error={h.error} label="持仓" onRetry={h.reload} />
      {h.data?.list.length === 0 && <p className="mk-empty">暂无持仓</p>}
      {h.data?.list.map((x) => (
        <div className="cu-hold" key={x.product.product_id} data-testid="holding">
          <div className="cu-hold__top">
            {/* The product's chart, benchmark and my other holders are one tap away. */}
            <Link
              className="cu-product"
              to={routes.rateDetail.getHref(undefined, { product_id: x.product.product_id })}
            >
              {x.product.name}
            </Link>
            <RiskChip level={x.product.risk_level} />
            {!x.suitability.ok && <span className="mk-tag cu-risk--warn">不适合</span>}
            <span className="mk-row__side">¥{formatMoney(x.market_value)}</span>
          </div>
          <div className="cu-hold__nums">
            <span>{x.product.code}</span>
            {x.yield_7d !== null ? (
              <span>七日年化 {x.yield_7d.toFixed(3)}%</span>
            ) : (
              x.nav !== null && <span>净值 {x.nav.toFixed(4)}</span>
            )}
            {/* A money fund's income is its yield (paid as shares), not a NAV change. */}
            {x.product.kind !== 'money_fund' && (
              <span className={x.profit >= 0 ? 'cu-up' : 'cu-down'}>
                盈亏 {x.profit >= 0 ? '+' : '-'}¥{formatMoney(Math.abs(x.profit))}
                {x.profit_pct !== null ? `（${signedPct(x.profit_pct)}）` : ''}
              </span>
            )}
          </div>
          {!x.suitability.ok && <div className="cu-unsuited">按现行适当性规则不宜再推荐：{x.suitability.reason}</div>}
        </div>
      ))}
      {bonus.data && bonus.data.total_12m > 0 && (
        <p className="cu-note" data-testid="bonus">
          近 12 个月分红 ¥{formatMoney(bonus.data.total_12m)}（
          {bonus.data.by_product.map((b) => `${b.product.name} ${b.count} 次`).join('、')}）
        </p>
      )}
    </section>
  );
}
