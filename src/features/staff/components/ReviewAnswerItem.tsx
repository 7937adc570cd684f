import { useState } from 'react';

import { selectSubmit } from '../store/selectors';
import { answerReviewDecided } from '../store/staff-slice';
import { when } from './DeskList';
import { Blocked, Outcome } from './ReviewParts';

import type { StoreReviewItem } from '@/api/contract/store';
import { ANSWER_STATE_LABELS, RETURN_REASON_MAX_LENGTH } from '@/api/contract/store-constants';
import { type RootState, useAppDispatch, useAppSelector } from '@/store';

export function AnswerItem({ a }: { a: StoreReviewItem }) {
  const dispatch = useAppDispatch();
  const pending = useAppSelector((s: RootState) => selectSubmit(s, `answer:${a.answer_id}`));
  const [reason, setReason] = useState('');
  const blocked = Boolean(a.four_eyes);
  const busy = pending?.status === 'submitting';
  const id = `reason-${a.answer_id}`;
  return (
    <article className="st-card" data-review-answer={a.answer_id}>
      <div className="st-meta">
        <span className="st-tag st-tag--amber">{ANSWER_STATE_LABELS[a.state]}</span>
        <span>{a.expert.name}</span>
        <span>从业资格编号 {a.expert.certificate_no}</span>
        <span>{when(a.updated_at)}</span>
      </div>
      <h3>问：{a.question.content}</h3>
      <p className="st-text">{a.content}</p>
      {a.hold && <p className="st-note">待合规审核：{a.hold.reason}（发布即视为合规审核通过）</p>}
      {a.history.length > 0 && (
        <ul className="st-history">
          {a.history.map((h) => (
            <li key={`${h.at}-${h.to_state}`}>
              {when(h.at)} {h.by}：{ANSWER_STATE_LABELS[h.from_state]} → {ANSWER_STATE_LABELS[h.to_state]}
              {h.reason ? `（${h.reason}）` : ''}
            </li>
          ))}
        </ul>
      )}
      <Blocked reason={a.four_eyes} />
      <label className="st-label" htmlFor={id}>
        退回原因（退回时必填）
      </label>
      <input
        id={id}
        className="st-input"
        maxLength={RETURN_REASON_MAX_LENGTH}
        value={reason}
        disabled={blocked}
        onChange={(e) => setReason(e.target.value)}
        placeholder="例如：请补充风险提示"
      />
      <Outcome pendingKey={`answer:${a.answer_id}`} />
      <div className="st-row">
        <button
          type="button"
          className="st-btn"
          disabled={blocked || busy}
          onClick={() => dispatch(answerReviewDecided({ answerId: a.answer_id, decision: 'publish' }))}
        >
          通过并发布
        </button>
        <button
          type="button"
          className="st-btn st-btn--ghost"
          disabled={blocked || busy || !reason.trim()}
          onClick={() =>
            dispatch(answerReviewDecided({ answerId: a.answer_id, decision: 'return', reason: reason.trim() }))
          }
        >
          退回
        </button>
      </div>
    </article>
  );
}
