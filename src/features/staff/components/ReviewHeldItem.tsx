import { useState } from 'react';

import { selectSubmit } from '../store/selectors';
import { heldTextDecided } from '../store/staff-slice';
import { when } from './DeskList';
import { Blocked, Outcome } from './ReviewParts';

import { HOLD_LABELS, type PolicyHoldItem } from '@/api/contract/policy-holds';
import { type RootState, useAppDispatch, useAppSelector } from '@/store';

/** One text the content policy held: what was written, why it was held, approve (publishes) or refuse with a reason. */
export function HeldItem({ h }: { h: PolicyHoldItem }) {
  const dispatch = useAppDispatch();
  const pending = useAppSelector((s: RootState) => selectSubmit(s, `hold:${h.id}`));
  const [reason, setReason] = useState('');
  const blocked = Boolean(h.four_eyes);
  const busy = pending?.status === 'submitting';
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
      <label className="st-label" htmlFor={id}>
        不通过原因（不通过时必填，作者可见）
      </label>
      <input
        id={id}
        className="st-input"
        maxLength={200}
        value={reason}
        disabled={blocked}
        onChange={(e) => setReason(e.target.value)}
        placeholder="例如：含保本暗示，请改写"
      />
      <Outcome pendingKey={`hold:${h.id}`} />
      <div className="st-row">
        <button
          type="button"
          className="st-btn"
          disabled={blocked || busy}
          onClick={() => dispatch(heldTextDecided({ holdId: h.id, decision: 'approve' }))}
        >
          通过并发布
        </button>
        <button
          type="button"
          className="st-btn st-btn--ghost"
          disabled={blocked || busy || !reason.trim()}
          onClick={() => dispatch(heldTextDecided({ holdId: h.id, decision: 'reject', reason: reason.trim() }))}
        >
          不通过
        </button>
      </div>
    </article>
  );
}
