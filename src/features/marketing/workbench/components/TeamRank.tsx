import { useEffect } from 'react';

import { selectRank } from '../store/workbench-selectors';
import { rankRequested } from '../store/workbench-slice';

import { useAppDispatch, useAppSelector } from '@/store';

/** 今日团队排行: the top three advisers by cards and clues handled today, and where I stand. */
export function TeamRank() {
  const dispatch = useAppDispatch();
  const rank = useAppSelector(selectRank);
  useEffect(() => {
    if (rank.status === 'idle') dispatch(rankRequested());
  }, [dispatch, rank.status]);
  if (!rank.data) return null;
  return (
    <section className="mk-section" aria-label="团队排行">
      <h3>今日团队排行 {rank.data.me ? `· 我第 ${rank.data.me.rank} 名` : ''}</h3>
      {rank.data.list.slice(0, 3).map((r) => (
        <div className="mk-row" key={r.rank}>
          <div className="mk-row__main">
            <div>
              {r.rank}. {r.adviser_name}
              {r.is_me ? '（我）' : ''}
            </div>
          </div>
          <div className="mk-row__side">
            处理 {r.handled} · 成交 {r.converted}
          </div>
        </div>
      ))}
    </section>
  );
}
