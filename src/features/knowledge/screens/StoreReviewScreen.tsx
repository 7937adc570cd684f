import { useState } from 'react';

import { PagedList } from '../components/PagedList';
import { day, useResource } from '../components/parts';
import { StoreError } from '../components/StoreError';
import { reviewDecided } from '../store/knowledge-slice';
import { selectDecisions } from '../store/selectors';

import type { StoreReviewItem } from '@/api/contract/store';
import type { StoreReviewRole } from '@/api/contract/store';
import { ANSWER_STATE_LABELS, RETURN_REASON_MAX_LENGTH } from '@/api/contract/store-constants';
import { useAppDispatch, useAppSelector } from '@/store';

function Item({ a }: { a: StoreReviewItem }) {
  const dispatch = useAppDispatch();
  const decision = useAppSelector(selectDecisions)[a.answer_id];
  const [reason, setReason] = useState('');
  const busy = decision?.status === 'submitting';
  return (
    <article className="kn-card" data-review={a.answer_id}>
      <div className="kn-meta">
        <span className="kn-tag">{ANSWER_STATE_LABELS[a.state]}</span>
        <span>问题：{a.question.content}</span>
      </div>
      <p style={{ lineHeight: 1.7 }}>{a.content}</p>
      <div className="kn-meta">
        {a.expert.name} · 从业资格编号 {a.expert.certificate_no} · {day(a.updated_at)}
      </div>
      {a.history.length > 0 && (
        <ul className="kn-meta" style={{ display: 'block', paddingLeft: 16 }}>
          {a.history.map((h) => (
            <li key={`${h.at}-${h.to_state}`}>
              {day(h.at)} {h.by}：{ANSWER_STATE_LABELS[h.from_state]} → {ANSWER_STATE_LABELS[h.to_state]}
              {h.reason ? `（${h.reason}）` : ''}
            </li>
          ))}
        </ul>
      )}
      <input
        className="kn-textarea"
        style={{ minHeight: 44 }}
        aria-label="退回原因"
        placeholder="退回原因（退回时必填）"
        maxLength={RETURN_REASON_MAX_LENGTH}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <div className="kn-row" style={{ marginTop: 8 }}>
        <button
          type="button"
          className="ui-btn"
          disabled={busy}
          onClick={() => dispatch(reviewDecided({ answerId: a.answer_id, decision: 'publish' }))}
        >
          通过并发布
        </button>
        <button
          type="button"
          className="ui-btn ui-btn--ghost"
          disabled={busy || !reason.trim()}
          onClick={() => dispatch(reviewDecided({ answerId: a.answer_id, decision: 'return', reason: reason.trim() }))}
        >
          退回
        </button>
      </div>
      {decision?.status === 'failed' && <p className="kn-error">{decision.error}</p>}
    </article>
  );
}

/** Compliance review of experts' answers: only flagged reviewers get the list. */
export default function StoreReviewScreen() {
  const role = useResource<StoreReviewRole>('role', 'role');
  if (role.status === 'failed')
    return <StoreError status="default" title="无法打开审核" description={role.error ?? ''} />;
  if (!role.data) {
    return (
      <main className="kn-page" aria-busy="true">
        <p role="status">正在确认审核权限…</p>
      </main>
    );
  }
  if (!role.data.reviewer)
    return <StoreError status="default" title="无审核权限" description="仅合规审核人员可以查看" />;
  return (
    <main className="kn-page">
      <PagedList<StoreReviewItem>
        listKey="review:in_review"
        kind="review"
        query={{ state: 'in_review' }}
        empty="没有待审核的回答"
        render={(a) => <Item key={a.answer_id} a={a} />}
      />
    </main>
  );
}
