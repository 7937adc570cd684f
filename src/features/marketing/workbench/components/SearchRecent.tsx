import { searchRecentCleared } from '../store/pages-slice';

import { useAppDispatch } from '@/store';

/** 最近搜索: the keywords searched before, each searched again when tapped; 清空 forgets them. */
export function SearchRecent({ recent, onPick }: { recent: string[]; onPick(keyword: string): void }) {
  const dispatch = useAppDispatch();
  return (
    <section className="mk-section" aria-label="最近搜索">
      <h3>
        最近搜索
        {recent.length > 0 && (
          <button
            type="button"
            className="mk-btn"
            style={{ float: 'right', flex: 'none', border: 0, minHeight: 32 }}
            onClick={() => dispatch(searchRecentCleared())}
          >
            清空
          </button>
        )}
      </h3>
      {recent.length === 0 ? (
        <p className="mk-empty">暂无搜索记录</p>
      ) : (
        <div className="mk-options" style={{ paddingBottom: 10 }}>
          {recent.map((k) => (
            <button key={k} type="button" className="mk-chip" onClick={() => onPick(k)}>
              {k}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
