import { useState } from 'react';

import { selectSubmit } from '../store/selectors';
import { answerSubmitted } from '../store/staff-slice';

import type { StoreReviewItem } from '@/api/contract/store';
import { ANSWER_MAX_LENGTH, ANSWER_STATE_LABELS, type AnswerState } from '@/api/contract/store-constants';
import { type RootState, useAppDispatch, useAppSelector } from '@/store';
import { HoldNotice } from '@/ui/HoldNotice';
import { PolicyHint, usePolicyAdvice } from '@/ui/PolicyHint';

const HINT = { error: 'st-error', note: 'st-ok' };

const STATE_TONE: Record<AnswerState, string> = {
  draft: '',
  in_review: 'st-tag--amber',
  published: 'st-tag--green',
  returned: 'st-tag--red',
};
export const StateTag = ({ state }: { state: AnswerState }) => (
  <span className={`st-tag ${STATE_TONE[state]}`}>{ANSWER_STATE_LABELS[state]}</span>
);

/** The reviewer's reason on a returned answer, above the rewrite. */
export function Returned({ answer }: { answer: StoreReviewItem }) {
  if (answer.state !== 'returned') return null;
  return (
    <p className="st-notice" role="note">
      审核退回：{answer.return_reason ?? '未说明原因'}
    </p>
  );
}

/**
 * Writing or rewriting one answer: save a draft, or submit it for review. The content policy's reason shows
 * as the expert types, the server's refusal in the same words after; a held answer says 待合规审核.
 */
export function AnswerEditor({ questionId, answer }: { questionId: number; answer: StoreReviewItem | null }) {
  const dispatch = useAppDispatch();
  const pending = useAppSelector((s: RootState) => selectSubmit(s, `question:${questionId}`));
  const [text, setText] = useState(answer?.content ?? '');
  const busy = pending?.status === 'submitting';
  const id = `answer-${questionId}`;
  const send = (submit: boolean) =>
    dispatch(
      answerSubmitted({ questionId, ...(answer ? { answerId: answer.answer_id } : {}), content: text.trim(), submit }),
    );
  const length = [...text.trim()].length;
  const advice = usePolicyAdvice(text, 'answer');
  return (
    <div data-editor={questionId}>
      <label className="st-label" htmlFor={id}>
        {answer?.state === 'returned' ? '修改回答' : '我的回答'}（{length}/{ANSWER_MAX_LENGTH}）
      </label>
      <textarea
        id={id}
        className="st-textarea"
        maxLength={ANSWER_MAX_LENGTH}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="请结合客户情况客观回答，不得承诺收益，并提示风险"
      />
      <PolicyHint advice={advice} serverError={pending?.status === 'failed' ? pending.error : null} className={HINT} />
      {pending?.status === 'done' && answer?.hold && <HoldNotice hold={answer.hold} />}
      {pending?.status === 'done' && answer && !answer.hold && (
        <p className="st-ok" role="status">
          {answer.state === 'in_review' ? '已提交审核，审核通过后发布' : '草稿已保存'}
        </p>
      )}
      <div className="st-row">
        <button type="button" className="ui-btn" disabled={busy || length === 0} onClick={() => send(true)}>
          {busy ? '提交中…' : '提交审核'}
        </button>
        <button
          type="button"
          className="ui-btn ui-btn--ghost"
          disabled={busy || length === 0}
          onClick={() => send(false)}
        >
          保存草稿
        </button>
      </div>
    </div>
  );
}
