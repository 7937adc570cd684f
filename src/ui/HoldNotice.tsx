import './hold.css';

import type { HoldMark } from '@/api/contract/policy-holds';

/**
 * What a writer reads on their own held text (待合规审核 and the policy's reason) or on one a reviewer
 * refused (未通过 and the reviewer's words). Nothing for a published text: only its writer ever gets a mark.
 */
export function HoldNotice({ hold, compact = false }: { hold: HoldMark | null | undefined; compact?: boolean }) {
  if (!hold) return null;
  const tone = hold.status === 'held' ? 'ui-hold--held' : 'ui-hold--rejected';
  return (
    <p className={`ui-hold ${tone}`} role="status" data-testid="hold-notice" data-hold={hold.status}>
      <span className="ui-hold__label">{hold.label}</span>
      {!compact && <span className="ui-hold__reason">{hold.reason}</span>}
    </p>
  );
}
