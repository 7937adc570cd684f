import { selectCluePaging, selectClues, selectPendingTargets } from '../store/workbench-selectors';
import { clueListRequested } from '../store/workbench-slice';
import { TeamRank } from './TeamRank';

import type { ClueItem } from '@/api/contract/market-map';
import { HANDLE_OUTCOME_NAMES } from '@/api/contract/market-map-constants';
import { ReachActions } from '@/features/marketing/reach';
import { formatAge, ListSkeleton, nextPageLabel, PRIORITY_NAMES } from '@/features/marketing/shared';
import { useAppDispatch, useAppSelector } from '@/store';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { RetryBlock } from '@/ui/RetryBlock';

const SOURCE_NAMES: Record<ClueItem['source'], string> = {
  live_visitor: '直播访客',
  invitation: '邀请注册',
  material_reader: '素材读者',
  manual: '手动添加',
};
const CLUE_STATE_NAMES: Record<ClueItem['state'], string> = { new: '待处理', handling: '跟进中', done: '已完成' };

/** 线索 tab: leads to handle (also people who are not customers yet), whom to call first on top, and the team's rank today. */
export function ClueTab({ now, onHandle }: { now: number; onHandle(clue: ClueItem): void }) {
  const dispatch = useAppDispatch();
  const paging = useAppSelector(selectCluePaging);
  const clues = useAppSelector(selectClues);
  const pending = useAppSelector(selectPendingTargets);

  return (
    <>
      <TeamRank />
      {paging.status === 'loading' && clues.length === 0 && <ListSkeleton label="正在加载线索" />}
      {paging.status === 'failed' && clues.length === 0 && (
        <RetryBlock
          title="线索加载失败"
          description={paging.error?.message}
          onRetry={() => void dispatch(clueListRequested({ mode: 'first' }))}
        />
      )}
      {paging.status === 'loaded' && clues.length === 0 && (
        <ErrorBlock status="empty" title="暂无线索" description="直播留资、邀请注册的客户会出现在这里" />
      )}
      <div className="mk-list">
        {clues.map((c) => (
          <article className="mk-card" key={c.clue_id} data-clue-id={c.clue_id}>
            <div className="mk-card__top">
              <span className={`mk-pri mk-pri--${c.priority}`}>{PRIORITY_NAMES[c.priority]}</span>
              <span className="mk-card__name">{c.display_name}</span>
              <span className="mk-tag">{c.phone_masked}</span>
              <span className="mk-tag mk-tag--state">{CLUE_STATE_NAMES[c.state]}</span>
              {pending.clues.has(c.clue_id) && <span className="mk-tag mk-tag--pending">待发送</span>}
              <span className="mk-card__meta">{formatAge(c.created_at, now)}</span>
            </div>
            <ul className="mk-reasons">
              <li>
                <span>{SOURCE_NAMES[c.source]}</span>
                <span>{c.title}</span>
              </li>
            </ul>
            {(c.last_outcome || c.next_follow_up) && (
              <div className="mk-card__more">
                {c.last_outcome ? `上次：${HANDLE_OUTCOME_NAMES[c.last_outcome]}` : ''}{' '}
                {c.next_follow_up ? `下次跟进 ${c.next_follow_up}` : ''}
              </div>
            )}
            {c.state !== 'done' && (
              <div className="mk-actions">
                <button type="button" className="mk-primary" onClick={() => onHandle(c)}>
                  处理
                </button>
              </div>
            )}
            {/* A visitor who is also a customer can be messaged in WeCom; any clue with a number can be called. */}
            <ReachActions target={{ clue_id: c.clue_id }} customerId={c.customer?.customer_id ?? null} />
          </article>
        ))}
      </div>
      {clues.length > 0 && (
        <div className="mk-foot">
          {paging.hasMore ? (
            <button type="button" onClick={() => dispatch(clueListRequested({ mode: 'more' }))}>
              {nextPageLabel(paging.status)}
            </button>
          ) : (
            '没有更多了'
          )}
        </div>
      )}
    </>
  );
}
