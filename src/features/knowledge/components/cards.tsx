import { Link } from 'react-router-dom';

import { FollowButton } from './Follow';
import { day } from './parts';

export { ArticleCard } from './ArticleCard';

import type { StoreExpert, StoreProduct, StoreQuestion } from '@/api/contract/store';
import { QUESTION_STATE_LABELS } from '@/api/contract/store-constants';
import { routes } from '@/routes';
import { HoldNotice } from '@/ui/HoldNotice';
import { RiskChip } from '@/ui/RiskChip';

/** An expert in a list: the card opens the expert's page; the follow button sits beside it. */
export function ExpertCard({ e }: { e: StoreExpert }) {
  return (
    <div className="kn-card kn-row" data-expert={e.id}>
      <Link className="kn-row kn-grow" to={routes.coreMemberDetail.getHref({}, { id: e.id })}>
        <img className="kn-avatar" src={e.avatar} alt="" width={44} height={44} loading="lazy" />
        <div style={{ flex: 1, minWidth: 0 }}>
          <h3>
            {e.name} <span className="kn-tag kn-tag--grey">{e.kind === 'core' ? '核心成员' : '专家'}</span>
          </h3>
          <div className="kn-meta">
            <span>
              {e.title} · {e.organization}
            </span>
            <span>从业资格编号 {e.certificate_no}</span>
            <span>观点 {e.article_count} 篇</span>
          </div>
        </div>
      </Link>
      <FollowButton e={e} />
    </div>
  );
}

export function ProductCard({ p }: { p: StoreProduct }) {
  const href =
    p.kind === 'private'
      ? routes.contentRecognition.getHref({}, { id: p.id })
      : routes.fundDetail.getHref({}, { id: p.id });
  return (
    <Link className="kn-card" to={href}>
      <h3>
        {p.name}{' '}
        <span className="kn-meta" style={{ display: 'inline' }}>
          {p.code}
        </span>
      </h3>
      <div className="kn-meta">
        <RiskChip level={p.risk_level} />
        <span className="kn-tag kn-tag--grey">{p.kind === 'private' ? '私募 · 合格投资者' : p.category}</span>
        {p.yield_7d !== null ? (
          <span>
            七日年化 <b style={{ color: 'var(--app-color-brand)' }}>{p.yield_7d.toFixed(3)}%</b>
          </span>
        ) : p.latest_nav !== null && p.one_year_return !== null ? (
          <span>
            净值 {p.latest_nav.toFixed(4)} · 近一年{' '}
            <b style={{ color: p.one_year_return >= 0 ? '#c8102e' : '#2e7d32' }}>{p.one_year_return.toFixed(2)}%</b>
          </span>
        ) : (
          <span>{p.min_purchase / 10000}万元起投</span>
        )}
      </div>
      <div className="kn-meta">{p.highlight}</div>
    </Link>
  );
}

export function QuestionCard({ q }: { q: StoreQuestion }) {
  return (
    <Link className="kn-card" to={routes.questionDetail.getHref({}, { id: q.id })}>
      <h3>{q.content}</h3>
      {q.top_answer && (
        <p className="kn-meta" style={{ margin: '0 0 6px' }}>
          {q.top_answer.expert_name}：{q.top_answer.excerpt}
        </p>
      )}
      <div className="kn-meta">
        <span className={q.state === 'answered' ? 'kn-tag' : 'kn-tag kn-tag--grey'}>
          {QUESTION_STATE_LABELS[q.state]}
        </span>
        <span>{q.asker}</span>
        <span>{day(q.asked_at)}</span>
        <span>{q.answer_count} 个回答</span>
      </div>
      <HoldNotice hold={q.hold} />
    </Link>
  );
}
