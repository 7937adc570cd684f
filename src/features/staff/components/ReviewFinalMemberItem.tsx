import { useState } from 'react';

import { selectSubmit } from '../store/selectors';
import { memberReversalRequested } from '../store/staff-slice';
import { when } from './DeskList';
import { Outcome, ReasonField } from './ReviewParts';

import type { ReviewUser } from '@/api/contract/invitation';
import { INVITATION_STATE_LABELS } from '@/api/contract/invitation-constants';
import { type RootState, useAppDispatch, useAppSelector } from '@/store';

/**
 * A confirmed or rejected binding is final: the ordinary steps are gone, and only a second reviewer
 * (not the one who decided, nobody who gains) may reverse it, with a reason.
 */
export function ReviewFinalMemberItem({ m }: { m: ReviewUser }) {
  const dispatch = useAppDispatch();
  const key = `member:${m.memberId}`;
  const pending = useAppSelector((s: RootState) => selectSubmit(s, key));
  const [reason, setReason] = useState('');
  const final = m.finalDecision;
  const block = final?.reverseBlock ?? m.fourEyes;
  const busy = pending?.status === 'submitting';
  const id = `reverse-${m.memberId}`;
  return (
    <article className="st-card" data-final-member={m.memberId}>
      <h3>
        {m.name} · {m.phone}
      </h3>
      <div className="st-meta">
        <span className={`st-tag ${m.bindState === 'confirmed' ? 'st-tag--green' : 'st-tag--red'}`}>
          {m.bindState === 'confirmed' ? '已确认绑定 · 最终决定' : '已驳回 · 最终决定'}
        </span>
        {m.invitationState && <span className="st-tag">{INVITATION_STATE_LABELS[m.invitationState]}</span>}
      </div>
      <p className="rm-final">
        理财师：{m.adviserName ?? '未绑定'}
        {final && (
          <>
            <br />由 {final.decidedBy ?? '审核员'} 于 {when(final.at * 1000)} 决定
          </>
        )}
      </p>
      {block ? (
        <p className="st-blocked" role="note" data-four-eyes>
          <strong>撤销需第二位审核员</strong>
          {block}
        </p>
      ) : (
        <>
          <ReasonField
            id={id}
            label="撤销原因（必填）"
            value={reason}
            setValue={setReason}
            placeholder="例如：客户申请更换理财师，需重新核对"
          />
          <div className="st-row">
            <button
              type="button"
              className="ui-btn ui-btn--ghost"
              disabled={busy || !reason.trim()}
              onClick={() => dispatch(memberReversalRequested({ memberId: m.memberId, reason: reason.trim() }))}
            >
              撤销（需第二位审核员）
            </button>
          </div>
        </>
      )}
      <Outcome pendingKey={key} />
    </article>
  );
}
