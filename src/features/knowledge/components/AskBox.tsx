import { useEffect, useState } from 'react';

import { askBoxShown, askReset, questionSubmitted } from '../store/knowledge-slice';
import { selectAsk, selectAskHold, selectQuestionDraft } from '../store/selectors';

import { QUESTION_MAX_LENGTH, QUESTION_MIN_LENGTH } from '@/api/contract/store-constants';
import { useAppDispatch, useAppSelector } from '@/store';
import { HoldNotice } from '@/ui/HoldNotice';
import { PolicyHint, usePolicyAdvice } from '@/ui/PolicyHint';

/** The question box (also the follow-up box): limits shown, the content policy's reason before sending, the server's refusal in the same words. */
const HINT = { error: 'kn-error', note: 'kn-meta' };

export function AskBox({ parentId, placeholder }: { parentId?: number; placeholder: string }) {
  const dispatch = useAppDispatch();
  const ask = useAppSelector(selectAsk);
  const draft = useAppSelector(selectQuestionDraft);
  const hold = useAppSelector(selectAskHold);
  const [text, setText] = useState('');
  const box = parentId ?? null;
  useEffect(() => {
    dispatch(askBoxShown({ parentId: box }));
  }, [dispatch, box]);
  // The question typed before the sign-in wall, back in its box.
  useEffect(() => {
    if (draft && draft.parentId === box) setText(draft.content);
  }, [draft, box]);
  const length = [...text.trim()].length;
  const advice = usePolicyAdvice(text, 'question', true);
  const failed = ask.status === 'failed' ? ask.error : null;
  useEffect(() => {
    if (ask.status === 'done') setText('');
  }, [ask.status]);
  useEffect(() => () => void dispatch(askReset()), [dispatch]);
  return (
    <form
      className="kn-section"
      onSubmit={(e) => {
        e.preventDefault();
        dispatch(questionSubmitted({ content: text, ...(parentId ? { parentId } : {}) }));
      }}
    >
      <textarea
        className="kn-textarea"
        aria-label={placeholder}
        placeholder={placeholder}
        value={text}
        maxLength={QUESTION_MAX_LENGTH + 50}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="kn-row" style={{ justifyContent: 'space-between' }}>
        <span className="kn-meta">
          {length}/{QUESTION_MAX_LENGTH}（至少{QUESTION_MIN_LENGTH}个字）
        </span>
        <button
          type="submit"
          className="ui-btn"
          disabled={
            ask.status === 'submitting' ||
            length < QUESTION_MIN_LENGTH ||
            length > QUESTION_MAX_LENGTH ||
            advice.refusal !== null
          }
        >
          {ask.status === 'submitting' ? '提交中…' : '提交'}
        </button>
      </div>
      {advice.refusal || failed ? (
        <PolicyHint advice={advice} serverError={failed} className={HINT} />
      ) : ask.status === 'done' && hold ? (
        // Held: stored, but only its asker sees it until a reviewer approves it; "sent" would mislead.
        <HoldNotice hold={hold} />
      ) : (
        <p className="kn-meta" role="status" style={{ minHeight: 18, margin: '4px 0 0' }}>
          {ask.status === 'done' ? '已提交，专家回答经合规审核后展示（审核中）' : ''}
        </p>
      )}
    </form>
  );
}
