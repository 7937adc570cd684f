import { Link } from 'react-router-dom';

import type { ProductHolder } from '@/api/contract/market-map-products';
import { customerHref, formatMoney, RiskLevelTag } from '@/features/marketing/shared';

/** My customers holding the product, largest first; a mismatch flags a suitability talk. */
export function HolderList({
  holders,
  total,
  title,
}: {
  holders: readonly ProductHolder[];
  total: number;
  title: string;
}) {
  return (
    <section className="mk-section pd-rows" aria-label={title}>
      <h3>
        {title}（{total} 位）
      </h3>
      {holders.length === 0 && <div className="mk-empty">您的客户中暂无人持有</div>}
      {holders.map((h) => (
        <Link className="mk-row" key={h.customer.customer_id} to={customerHref(h.customer.customer_id)}>
          <div className="mk-row__main">
            <div>
              {h.customer.display_name} <RiskLevelTag customer={h.customer} />{' '}
              {h.mismatch && <span className="pd-warn">适当性待复核</span>}
            </div>
            <div>
              {h.customer.phone_masked} · 持有自 {h.since}
            </div>
          </div>
          <div className="mk-row__side">{formatMoney(h.amount)}</div>
        </Link>
      ))}
      {total > holders.length && <div className="mk-foot">仅显示持仓最多的 {holders.length} 位</div>}
    </section>
  );
}
