import { useState } from 'react';

import { selectSubmit } from '../store/selectors';
import { memberReviewDecided } from '../store/staff-slice';
import { BindPicker } from './BindPicker';
import { when } from './DeskList';
import { Blocked, Outcome } from './ReviewParts';

import type { ReviewUser } from '@/api/contract/invitation';
import { FLAG_RULE_LABELS, INVITATION_STATE_LABELS } from '@/api/contract/invitation-constants';
import { type RootState, useAppDispatch, useAppSelector } from '@/store';

export function MemberItem({ m }: { m: ReviewUser }) {
  const dispatch = useAppDispatch();
  const pending = useAppSelector((s: RootState) => selectSubmit(s, `member:${m.memberId}`));
  const [note, setNote] = useState('');
  const blocked = Boolean(m.fourEyes);
  const busy = pending?.status === 'submitting';
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
          <label className="st-label" htmlFor={id}>
            审核意见（驳回时必填）
          </label>
          <input
            id={id}
            className="st-input"
            maxLength={200}
            value={note}
            disabled={blocked}
            onChange={(e) => setNote(e.target.value)}
            placeholder="例如：资料齐全"
          />
          <div className="st-row">
            <button
              type="button"
              className="st-btn"
              disabled={blocked || busy}
              onClick={() =>
                dispatch(memberReviewDecided({ memberId: m.memberId, decision: 'approve', note: note.trim() }))
              }
            >
              确认绑定
            </button>
            <button
              type="button"
              className="st-btn st-btn--ghost"
              disabled={blocked || busy || !note.trim()}
              onClick={() =>
                dispatch(memberReviewDecided({ memberId: m.memberId, decision: 'reject', note: note.trim() }))
              }
            >
              驳回
            </button>
          </div>
        </>
      )}
      <Outcome pendingKey={`member:${m.memberId}`} />
    </article>
  );
}
