import type { ReachTarget } from '../store/reach-slice';

import { REACH_OUTCOME_NAMES } from '@/api/contract/market-map-reach';
import { useDetail } from '@/features/marketing/details';
import { formatAge } from '@/features/marketing/shared';

/** 最近联系: the last calls (with how they went) and messages with this card, clue or customer, newest first. */
export function RecentContacts({ target, now }: { target: ReachTarget; now: number }) {
  const { status, data, error, reload } = useDetail('reachRecent', { ...target });
  const list = data?.list ?? [];
  return (
    <section className="mk-section" aria-label="最近联系" data-testid="recent-contacts">
      <h3>最近联系</h3>
      {!data && status === 'failed' && (
        <p className="mk-empty">
          {error?.message ?? '加载失败'}{' '}
          <button type="button" className="mk-more" onClick={reload}>
            重试
          </button>
        </p>
      )}
      {!data && status !== 'failed' && <p className="mk-empty">加载中…</p>}
      {data && list.length === 0 && <p className="mk-empty">还没有联系记录，可在上方打电话或发消息</p>}
      {list.map((c) => (
        <div className="mk-row" key={c.contact_id} data-testid="recent-contact">
          <div className="mk-row__main">
            <div>{c.kind === 'call' ? '打电话' : '发消息'}</div>
            <div>
              {c.kind === 'call' ? (c.outcome ? REACH_OUTCOME_NAMES[c.outcome] : '未记录结果') : '打开企业微信会话'}
              {c.note ? ` · ${c.note}` : ''}
            </div>
          </div>
          <div className="mk-row__side">{formatAge(c.started_at, now)}</div>
        </div>
      ))}
    </section>
  );
}
