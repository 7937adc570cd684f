import type { Recipient } from '@/api/contract/market-map-materials';

/** Why this customer cannot be picked, or null: the server's suitability verdict first, then today's contact budget. */
export function blockedReason(r: Recipient): string | null {
  if (!r.suitability.ok) return `不适合：${r.suitability.reason}`;
  if (r.budget.remaining === 0) return `今日联系次数已用完（每日上限 ${r.budget.limit} 次）`;
  return null;
}

/**
 * One customer in a picker (materials and share links alike): level, budget and the verdict. A blocked
 * customer is greyed with the reason and cannot be ticked: the decision shows before the tap, not after it.
 */
export function RecipientRow({
  r,
  type,
  name,
  checked,
  onToggle,
}: {
  r: Recipient;
  type: 'checkbox' | 'radio';
  name: string;
  checked: boolean;
  onToggle(r: Recipient): void;
}) {
  const id = r.customer.customer_id;
  const why = blockedReason(r);
  return (
    <div className={`mt-pick${why ? ' mt-pick--off' : ''}`} data-customer-id={id} data-suitable={why ? 'no' : 'yes'}>
      {/* The whole row is the box's label: the finger meets the row (44 px and more), not the 22 px box. */}
      <label htmlFor={`${name}-${id}`}>
        <input
          type={type}
          name={name}
          id={`${name}-${id}`}
          checked={checked && !why}
          disabled={Boolean(why)}
          onChange={() => onToggle(r)}
          aria-describedby={`${name}-${id}-why`}
        />
        <span className="mt-pick__text">
          <span>
            {r.customer.display_name} ·{' '}
            {r.customer.risk_state === 'valid' && r.customer.risk_level
              ? r.customer.risk_level
              : r.customer.risk_state === 'expired'
                ? `${r.customer.risk_level ?? ''} 测评已过期`
                : '未测评'}
            {r.customer.qualified ? ' · 合格投资者' : ''}
          </span>
          <small>
            今日还可联系 {r.budget.remaining} 次（每日上限 {r.budget.limit} 次）
          </small>
          {why ? (
            <small className="mt-why" id={`${name}-${id}-why`}>
              {why}
            </small>
          ) : (
            <small id={`${name}-${id}-why`}>适合发送</small>
          )}
        </span>
      </label>
    </div>
  );
}
