import { useDetail } from '@/features/marketing/details';
import { formatMoney, formatTime, LoadState } from '@/features/marketing/shared';
import { RiskChip } from '@/ui/RiskChip';

/** The customer's trades in the products a card is about, over a year. */
export function Trades({ customerId, productIds, now }: { customerId: number; productIds: number[]; now: number }) {
  const t = useDetail('customerTrades', { customer_id: customerId, product_ids: productIds.join(',') });
  return (
    <section className="mk-section" aria-label="相关产品交易">
      <h3>相关产品近一年交易</h3>
      <LoadState status={t.status} error={t.error} label="交易汇总" onRetry={t.reload} />
      {t.data?.list.length === 0 && <p className="mk-empty">近一年没有这些产品的交易</p>}
      {t.data?.list.map((x) => (
        <div className="cu-line" key={x.product.product_id}>
          <RiskChip level={x.product.risk_level} />
          <div className="cu-line__main">
            <div>{x.product.name}</div>
            <div className="cu-line__sub">
              申购 ¥{formatMoney(x.subscribed)} · 赎回 ¥{formatMoney(x.redeemed)} · 分红 ¥{formatMoney(x.dividends)}
              {x.last_at ? ` · 最近 ${formatTime(x.last_at, now)}` : ''}
            </div>
          </div>
        </div>
      ))}
    </section>
  );
}
