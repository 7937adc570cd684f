import { Link } from 'react-router-dom';

import type { MaskedCustomer } from '@/api/contract/market-map';
import { customerHref, formatAge, TIER_NAMES } from '@/features/marketing/shared';

/** Who this is: masked name and phone, tier, the risk level with its assessment state, tags, last contact. */
export function CustomerHeader({
  customer,
  now,
  link = false,
}: {
  customer: MaskedCustomer;
  now: number;
  link?: boolean;
}) {
  const risk =
    customer.risk_state === 'valid'
      ? `风险等级 ${customer.risk_level}`
      : customer.risk_state === 'expired'
        ? `测评已过期（${customer.risk_level ?? '—'}）`
        : '未做风险测评';
  return (
    <header className="cu-head" data-testid="customer-head">
      <div className="cu-head__name">
        {link ? (
          <Link className="cu-head__link" to={customerHref(customer.customer_id)}>
            {customer.display_name}
          </Link>
        ) : (
          <span>{customer.display_name}</span>
        )}
        <span className={`mk-tag${customer.risk_state === 'valid' ? '' : ' cu-risk--warn'}`}>{risk}</span>
        {customer.qualified && <span className="mk-tag">合格投资者</span>}
        <span className="mk-tag">{TIER_NAMES[customer.tier] ?? customer.tier}</span>
      </div>
      <div className="cu-head__meta">
        <span>{customer.phone_masked}</span>
        {customer.risk_expires_on && <span>测评有效期至 {customer.risk_expires_on}</span>}
        <span>{customer.last_contact_at ? `上次联系 ${formatAge(customer.last_contact_at, now)}` : '尚未联系'}</span>
      </div>
      {customer.tags.length > 0 && (
        <div className="cu-head__meta">
          {customer.tags.map((t) => (
            <span key={t} className="mk-tag">
              {t}
            </span>
          ))}
        </div>
      )}
    </header>
  );
}
