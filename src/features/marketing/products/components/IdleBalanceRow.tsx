import { Link } from 'react-router-dom';

import type { IdleBalance } from '@/api/contract/market-map-products';
import { customerHref, formatMoney, RiskLevelTag } from '@/features/marketing/shared';

/** A customer with idle money-fund cash: risk level, idle share, the funds, and how long since the last contact. */
export function IdleBalanceRow({ i }: { i: IdleBalance }) {
  return (
    <Link
      className="mk-row"
      to={customerHref(i.customer.customer_id)}
      style={{ alignItems: 'flex-start', padding: '8px 0' }}
    >
      <div className="mk-row__main">
        <div>
          {i.customer.display_name} <RiskLevelTag customer={i.customer} />{' '}
          {i.idle_share >= 0.3 && <span className="pd-warn">闲置占比 {Math.round(i.idle_share * 100)}%</span>}
        </div>
        <div className="pd-funds">
          {i.funds
            .map(
              (f) => `${f.name} ${formatMoney(f.amount)}${f.yield_7d === null ? '' : `（${f.yield_7d.toFixed(3)}%）`}`,
            )
            .join('；')}
        </div>
        <div>
          {i.customer.phone_masked} · {i.days_since_contact === null ? '未联系过' : `${i.days_since_contact} 天未联系`}
        </div>
      </div>
      <div className="mk-row__side">{formatMoney(i.idle)}</div>
    </Link>
  );
}
