import { useState } from 'react';

import { DeskList, DeskTabs, useDeskList, when } from '../components/DeskList';
import { selectMyAnswersByUrgency, selectSubmit } from '../store/selectors';
import { answerSubmitted } from '../store/staff-slice';

import type { StoreExpertQuestion, StoreReviewItem } from '@/api/contract/store';
import { ANSWER_MAX_LENGTH, ANSWER_STATE_LABELS, type AnswerState } from '@/api/contract/store-constants';
import { type RootState, useAppDispatch, useAppSelector } from '@/store';

const STATE_TONE: Record<AnswerState, string> = {
  draft: '',
  in_review: 'st-tag--amber',
  published: 'st-tag--green',
  returned: 'st-tag--red',
};
const StateTag = ({ state }: { state: AnswerState }) => (
  <span className={`st-tag ${STATE_TONE[state]}`}>{ANSWER_STATE_LABELS[state]}</span>
);

/** The reviewer's reason on a returned answer, above the rewrite. */
function Returned({ answer }: { answer: StoreReviewItem }) {
  if (answer.state !== 'returned') return null;
  return (
    <p className="st-notice" role="note">
      审核退回：{answer.return_reason ?? '未说明原因'}
    </p>
  );
}

/** Writing or rewriting one answer: save a draft, or submit it for review; the server's refusal shows under it with its reason. */
function AnswerEditor({ questionId, answer }: { questionId: number; answer: StoreReviewItem | null }) {
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
      {pending?.status === 'failed' && (
        <p className="st-error" role="alert">
          {pending.error}
        </p>
      )}
      {pending?.status === 'done' && answer && (
        <p className="st-ok" role="status">
          {answer.state === 'in_review' ? '已提交审核，审核通过后发布' : '草稿已保存'}
        </p>
      )}
      <div className="st-row">
        <button type="button" className="st-btn" disabled={busy || length === 0} onClick={() => send(true)}>
          {busy ? '提交中…' : '提交审核'}
        </button>
        <button
          type="button"
          className="st-btn st-btn--ghost"
          disabled={busy || length === 0}
          onClick={() => send(false)}
        >
          保存草稿
        </button>
      </div>
    </div>
  );
}

function QuestionCard({ row }: { row: StoreExpertQuestion }) {
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
      {editable ? (
        <AnswerEditor questionId={row.question.id} answer={answer} />
      ) : (
        <p className="st-text">{answer?.content}</p>
      )}
    </article>
  );
}

function MyAnswerCard({ answer }: { answer: StoreReviewItem }) {
  const [rewriting, setRewriting] = useState(false);
  return (
    <article className="st-card" data-answer={answer.answer_id}>
      <div className="st-meta">
        <StateTag state={answer.state} />
        <span>{when(answer.updated_at)}</span>
      </div>
      <h3>问：{answer.question.content}</h3>
      <Returned answer={answer} />
      {rewriting ? (
        <AnswerEditor questionId={answer.question.id} answer={answer} />
      ) : (
        <>
          <p className="st-text">{answer.content}</p>
          {(answer.state === 'returned' || answer.state === 'draft') && (
            <button type="button" className="st-btn st-btn--ghost" onClick={() => setRewriting(true)}>
              {answer.state === 'returned' ? '按意见修改' : '继续编辑'}
            </button>
          )}
        </>
      )}
    </article>
  );
}

type Tab = 'inbox' | 'mine';

/** 专家回答: an expert's open questions to answer, and their own answers with the reviewers' reasons. */
export default function ExpertAnswersScreen() {
  const [tab, setTab] = useState<Tab>('inbox');
  const inbox = useDeskList('inbox', tab === 'inbox');
  const mine = useDeskList('myAnswers', tab === 'mine');
  const ordered = useAppSelector(selectMyAnswersByUrgency);
  return (
    <main className="st-page">
      <DeskTabs<Tab>
        tabs={[
          ['inbox', '待回答'],
          ['mine', '我的回答'],
        ]}
        value={tab}
        onChange={setTab}
      />
      {tab === 'inbox' ? (
        <DeskList
          list={inbox.list}
          refresh={inbox.refresh}
          more={inbox.more}
          failedTitle="无法加载待回答的问题"
          empty={{ title: '暂时没有待回答的问题' }}
        >
          {(row) => <QuestionCard key={row.question.id} row={row} />}
        </DeskList>
      ) : (
        <DeskList
          list={{ ...mine.list, items: ordered }}
          refresh={mine.refresh}
          more={mine.more}
          failedTitle="无法加载我的回答"
          empty={{ title: '还没有回答', description: '在“待回答”中选择问题作答' }}
        >
          {(a) => <MyAnswerCard key={a.answer_id} answer={a} />}
        </DeskList>
      )}
    </main>
  );
}
