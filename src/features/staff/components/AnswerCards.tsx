import { useState } from 'react';

import { AnswerEditor, Returned, StateTag } from './AnswerEditor';
import { when } from './DeskList';

import type { StoreExpertQuestion, StoreReviewItem } from '@/api/contract/store';
import { HoldNotice } from '@/ui/HoldNotice';

/** An open question: its asker and time, then the editor while the answer can still change. */
export function QuestionCard({ row }: { row: StoreExpertQuestion }) {
  const answer = row.my_answer;
  const editable = !answer || answer.state === 'draft' || answer.state === 'returned';
  return (
    <article className="st-card" data-question={row.question.id}>
      <h3>{row.question.content}</h3>
      <div className="st-meta">
        <span>{row.question.asker}</span>
        <span>{when(row.question.asked_at)}</span>
        {row.question.parent_id !== null && <span className="st-tag">追问</span>}
        {answer && <StateTag state={answer.state} />}
      </div>
      {answer && <Returned answer={answer} />}
      {answer?.state === 'in_review' && <HoldNotice hold={answer.hold} />}
      {editable ? (
        <AnswerEditor questionId={row.question.id} answer={answer} />
      ) : (
        <p className="st-text">{answer?.content}</p>
      )}
    </article>
  );
}

/** One of my answers with its state; a returned or draft one opens the editor again. */
export function MyAnswerCard({ answer }: { answer: StoreReviewItem }) {
  const [rewriting, setRewriting] = useState(false);
  return (
    <article className="st-card" data-answer={answer.answer_id}>
      <div className="st-meta">
        <StateTag state={answer.state} />
        <span>{when(answer.updated_at)}</span>
      </div>
      <h3>问：{answer.question.content}</h3>
      <Returned answer={answer} />
      {answer.state === 'in_review' && <HoldNotice hold={answer.hold} />}
      {rewriting ? (
        <AnswerEditor questionId={answer.question.id} answer={answer} />
      ) : (
        <>
          <p className="st-text">{answer.content}</p>
          {(answer.state === 'returned' || answer.state === 'draft') && (
            <button type="button" className="ui-btn ui-btn--ghost" onClick={() => setRewriting(true)}>
              {answer.state === 'returned' ? '按意见修改' : '继续编辑'}
            </button>
          )}
        </>
      )}
    </article>
  );
}
