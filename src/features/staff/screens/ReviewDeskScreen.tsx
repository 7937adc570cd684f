import { useState } from 'react';

import { DeskList, DeskTabs, useDeskList, when } from '../components/DeskList';
import { selectAdviserSearch, selectSubmit } from '../store/selectors';
import { answerReviewDecided, bindingAdvisersSearched, memberReviewDecided } from '../store/staff-slice';

import type { ReviewUser } from '@/api/contract/invitation';
import { FLAG_RULE_LABELS, INVITATION_STATE_LABELS } from '@/api/contract/invitation-constants';
import type { StoreReviewItem } from '@/api/contract/store';
import { ANSWER_STATE_LABELS, RETURN_REASON_MAX_LENGTH } from '@/api/contract/store-constants';
import { type RootState, useAppDispatch, useAppSelector } from '@/store';

/** The four-eyes rule, visible: what this reviewer may not decide says so and why, and its buttons stay off. */
function Blocked({ reason }: { reason: string | null | undefined }) {
  if (!reason) return null;
  return (
    <p className="st-blocked" role="note" data-four-eyes>
      <strong>需他人审核</strong>
      {reason}
    </p>
  );
}

function Outcome({ pendingKey }: { pendingKey: string }) {
  const pending = useAppSelector((s: RootState) => selectSubmit(s, pendingKey));
  if (pending?.status !== 'failed') return null;
  return (
    <p className="st-error" role="alert">
      {pending.error}
    </p>
  );
}

function AnswerItem({ a }: { a: StoreReviewItem }) {
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

/** Finding a financial adviser to bind an unbound member to. */
function BindPicker({ m, disabled }: { m: ReviewUser; disabled: boolean }) {
  const dispatch = useAppDispatch();
  const search = useAppSelector((s: RootState) => selectAdviserSearch(s, m.memberId));
  const [keyword, setKeyword] = useState('');
  const id = `adviser-${m.memberId}`;
  return (
    <div>
      <label className="st-label" htmlFor={id}>
        绑定理财师（姓名或工号）
      </label>
      <div className="st-row" style={{ marginTop: 0, flexWrap: 'nowrap' }}>
        <input
          id={id}
          className="st-input"
          value={keyword}
          maxLength={32}
          disabled={disabled}
          onChange={(e) => setKeyword(e.target.value)}
          placeholder="例如：王建国 或 E0001"
        />
        <button
          type="button"
          className="st-btn st-btn--small"
          disabled={disabled || !keyword.trim() || search?.status === 'searching'}
          onClick={() => dispatch(bindingAdvisersSearched({ memberId: m.memberId, keyword: keyword.trim() }))}
        >
          查找
        </button>
      </div>
      {search?.error && <p className="st-error">{search.error}</p>}
      <div className="st-row">
        {search?.list.map((a) => (
          <button
            key={a.employeeId}
            type="button"
            className="st-btn st-btn--ghost st-btn--small"
            disabled={disabled}
            onClick={() =>
              dispatch(memberReviewDecided({ memberId: m.memberId, decision: 'bind', employeeId: a.employeeId }))
            }
          >
            绑定 {a.name}（{a.employeeId}）
          </button>
        ))}
      </div>
    </div>
  );
}

function MemberItem({ m }: { m: ReviewUser }) {
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

type Tab = 'answers' | 'members';

/** 审核台: experts' answers waiting for review and invited members waiting for their adviser binding. */
export default function ReviewDeskScreen() {
  const [tab, setTab] = useState<Tab>('answers');
  const answers = useDeskList('pendingAnswers', tab === 'answers');
  const members = useDeskList('pendingMembers', tab === 'members');
  return (
    <main className="st-page">
      <DeskTabs<Tab>
        tabs={[
          ['answers', '待审回答'],
          ['members', '邀请绑定'],
        ]}
        value={tab}
        onChange={setTab}
      />
      {tab === 'answers' ? (
        <DeskList
          list={answers.list}
          refresh={answers.refresh}
          more={answers.more}
          failedTitle="无法加载待审回答"
          empty={{ title: '没有待审核的回答' }}
        >
          {(a) => <AnswerItem key={a.answer_id} a={a} />}
        </DeskList>
      ) : (
        <DeskList
          list={members.list}
          refresh={members.refresh}
          more={members.more}
          failedTitle="无法加载邀请绑定"
          empty={{ title: '没有待处理的邀请绑定' }}
        >
          {(m) => <MemberItem key={m.memberId} m={m} />}
        </DeskList>
      )}
    </main>
  );
}
