import { answerReviewDecided } from '../store/staff-slice';
import { when } from './DeskList';
import { Blocked, DecisionButtons, Outcome, ReasonField, useReviewItem } from './ReviewParts';

import type { StoreReviewItem } from '@/api/contract/store';
import { ANSWER_STATE_LABELS, RETURN_REASON_MAX_LENGTH } from '@/api/contract/store-constants';
import { useAppDispatch } from '@/store';

export function AnswerItem({ a }: { a: StoreReviewItem }) {
  const dispatch = useAppDispatch();
  const { reason, setReason, blocked, busy } = useReviewItem(`answer:${a.answer_id}`, a.four_eyes);
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
      <ReasonField
        id={id}
        label="退回原因（退回时必填）"
        value={reason}
        setValue={setReason}
        disabled={blocked}
        maxLength={RETURN_REASON_MAX_LENGTH}
        placeholder="例如：请补充风险提示"
      />
      <Outcome pendingKey={`answer:${a.answer_id}`} />
      <DecisionButtons
        off={blocked || busy}
        reason={reason}
        approve="通过并发布"
        onApprove={() => dispatch(answerReviewDecided({ answerId: a.answer_id, decision: 'publish' }))}
        reject="退回"
        onReject={(why) => dispatch(answerReviewDecided({ answerId: a.answer_id, decision: 'return', reason: why }))}
      />
    </article>
  );
}
