import { heldTextDecided } from '../store/staff-slice';
import { when } from './DeskList';
import { Blocked, DecisionButtons, Outcome, ReasonField, useReviewItem } from './ReviewParts';

import { HOLD_LABELS, type PolicyHoldItem } from '@/api/contract/policy-holds';
import { useAppDispatch } from '@/store';

/** One text the content policy held: what was written, why it was held, approve (publishes) or refuse with a reason. */
export function HeldItem({ h }: { h: PolicyHoldItem }) {
  const dispatch = useAppDispatch();
  const { reason, setReason, blocked, busy } = useReviewItem(`hold:${h.id}`, h.four_eyes);
  const id = `hold-reason-${h.id}`;
  return (
    <article className="st-card" data-held-text={h.subject}>
      <div className="st-meta">
        <span className="st-tag st-tag--amber">{HOLD_LABELS.held}</span>
        <span>{h.place_label}</span>
        <span>{h.writer?.name ?? '游客'}</span>
        <span>{when(h.created_at)}</span>
      </div>
      <p className="st-text">{h.content}</p>
      <p className="st-note">{h.message}</p>
      <Blocked reason={h.four_eyes} />
      <ReasonField
        id={id}
        label="不通过原因（不通过时必填，作者可见）"
        value={reason}
        setValue={setReason}
        disabled={blocked}
        placeholder="例如：含保本暗示，请改写"
      />
      <Outcome pendingKey={`hold:${h.id}`} />
      <DecisionButtons
        off={blocked || busy}
        reason={reason}
        approve="通过并发布"
        onApprove={() => dispatch(heldTextDecided({ holdId: h.id, decision: 'approve' }))}
        reject="不通过"
        onReject={(why) => dispatch(heldTextDecided({ holdId: h.id, decision: 'reject', reason: why }))}
      />
    </article>
  );
}
