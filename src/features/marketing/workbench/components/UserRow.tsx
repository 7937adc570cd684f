import { Link } from 'react-router-dom';

import type { UserListItem } from '@/api/contract/market-map';
import { customerHref, formatMoney, RiskLevelTag } from '@/features/marketing/shared';

/** One customer: name, risk level, an open card, phone and tags, and the AUM. */
export function UserRow({ u }: { u: UserListItem }) {
  return (
    <Link className="mk-row" to={customerHref(u.customer_id)}>
      <div className="mk-row__main">
        <div>
          {u.display_name} <RiskLevelTag customer={u} />{' '}
          {u.open_card_id !== null && <span className="mk-tag mk-tag--state">有商机</span>}
        </div>
        <div>
          {u.phone_masked} · {u.tags.join('、') || '无标签'}
        </div>
      </div>
      <div className="mk-row__side">{formatMoney(u.aum)}</div>
    </Link>
  );
}
