import { memberReviewDecided } from '../store/staff-slice';
import { BindPicker } from './BindPicker';
import { when } from './DeskList';
import { Blocked, DecisionButtons, Outcome, ReasonField, useReviewItem } from './ReviewParts';

import type { ReviewUser } from '@/api/contract/invitation';
import { FLAG_RULE_LABELS, INVITATION_STATE_LABELS } from '@/api/contract/invitation-constants';
import { useAppDispatch } from '@/store';

export function MemberItem({ m }: { m: ReviewUser }) {
  const dispatch = useAppDispatch();
  const { reason: note, setReason: setNote, blocked, busy } = useReviewItem(`member:${m.memberId}`, m.fourEyes);
  const id = `note-${m.memberId}`;
  return (
    <article className="st-card" data-review-member={m.memberId}>
      <h3>
        {m.name} · {m.phone}
      </h3>
      <div className="st-meta">
        <span>邀请人：{m.inviterName ?? '无'}</span>
        {m.invitationState && <span className="st-tag">{INVITATION_STATE_LABELS[m.invitationState]}</span>}
        <span className={`st-tag ${m.signed ? 'st-tag--green' : ''}`}>{m.signed ? '已签署协议' : '未签署协议'}</span>
        {m.flags.map((f) => (
          <span key={f} className="st-tag st-tag--red">
            {FLAG_RULE_LABELS[f]}
          </span>
        ))}
        <span>注册 {when(m.registeredAt * 1000)}</span>
      </div>
      <p className="st-meta">
        理财师：{m.adviserName ?? '未绑定'}
        {m.bindState === 'bound' ? '（待确认）' : ''}
      </p>
      <Blocked reason={m.fourEyes} />
      {m.bindState === 'unbound' && <BindPicker m={m} disabled={blocked || busy} />}
      {m.bindState === 'bound' && (
        <>
          <ReasonField
            id={id}
            label="审核意见（驳回时必填）"
            value={note}
            setValue={setNote}
            disabled={blocked}
            placeholder="例如：资料齐全"
          />
          <DecisionButtons
            off={blocked || busy}
            reason={note}
            approve="确认绑定"
            onApprove={() =>
              dispatch(memberReviewDecided({ memberId: m.memberId, decision: 'approve', note: note.trim() }))
            }
            reject="驳回"
            onReject={(why) => dispatch(memberReviewDecided({ memberId: m.memberId, decision: 'reject', note: why }))}
          />
        </>
      )}
      <Outcome pendingKey={`member:${m.memberId}`} />
    </article>
  );
}
