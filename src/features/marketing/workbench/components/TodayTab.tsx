import { type RefObject, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';

import { ProductCardRow, TodayCardRow } from './TodayRows';

import type { ChanceGroup } from '@/api/contract/market-map';
import { CHANCE_CATEGORY_GROUPS, CHANCE_CATEGORY_NAMES, CHANCE_GROUP_NAMES } from '@/api/contract/market-map-constants';
import { useDetail } from '@/features/marketing/details';
import { LoadState } from '@/features/marketing/shared';
import { routes } from '@/routes';
import { useRefresh } from '@/store';
import type { RefreshOutcome } from '@/ui/PullRefresh';

type Filter = { group?: ChanceGroup; category_id?: number };
const FAMILIES = Object.entries(CHANCE_GROUP_NAMES) as Array<[ChanceGroup, string]>;
const CATEGORIES = Object.keys(CHANCE_CATEGORY_NAMES).map(Number);

/**
 * 今日: today's open cards (what the cap pushed, at most the cap, and any the adviser pulled in by hand), customer
 * and product cards together, best first; the rest wait in 待处理 (its own screen). Filters by family, and by
 * category within it.
 */
export function TodayTab({
  now,
  pull,
}: {
  now: number;
  /** Where the screen's pull-to-refresh finds this tab's refresh while the tab is shown. */
  pull: RefObject<(() => Promise<RefreshOutcome>) | null>;
}) {
  const [filter, setFilter] = useState<Filter>({});
  const today = useDetail('todayCards', filter);
  const data = today.data;
  const refresh = useRefresh(today.reload, (state) => [today.part(state)]);
  useEffect(() => {
    pull.current = refresh;
    return () => {
      pull.current = null;
    };
  }, [pull, refresh]);
  // Back on 今日 after handling cards elsewhere: what is shown is reloaded, not trusted from before.
  useEffect(() => {
    if (today.status === 'loaded') today.reload();
    // Once per visit of the tab.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const categories = CATEGORIES.filter((id) => !filter.group || CHANCE_CATEGORY_GROUPS[id] === filter.group);
  return (
    <section aria-label="今日" data-testid="today">
      <div className="mk-chips" role="group" aria-label="今日分类">
        <button type="button" className="mk-chip" aria-pressed={!filter.group} onClick={() => setFilter({})}>
          全部
        </button>
        {FAMILIES.map(([group, name]) => (
          <button
            key={group}
            type="button"
            className="mk-chip"
            aria-pressed={filter.group === group && !filter.category_id}
            onClick={() => setFilter({ group })}
          >
            {name}
          </button>
        ))}
      </div>
      <div className="mk-chips" role="group" aria-label="今日细分" style={{ paddingTop: 0 }}>
        {categories.map((id) => (
          <button
            key={id}
            type="button"
            className="mk-chip"
            aria-pressed={filter.category_id === id}
            onClick={() => setFilter({ group: filter.group, category_id: id })}
          >
            {CHANCE_CATEGORY_NAMES[id]}
          </button>
        ))}
      </div>
      {data && (
        <div className="mk-bar">
          <span data-testid="today-count">
            今日 {data.count} 条 · 已推送 {data.released_today}/{data.daily_cap}
            {data.pulled_today > 0 ? ` · 提前处理 ${data.pulled_today}` : ''}
          </span>
          <Link className="mk-bar__link" to={routes.waitingIndex.getHref()} data-testid="waiting-link">
            待处理 {data.waiting} 条 ›
          </Link>
        </div>
      )}
      {!data && (
        <LoadState status={today.status} error={today.error} label="今日商机" onRetry={today.reload} rows={3} />
      )}
      {data && data.list.length === 0 && (
        <div className="mk-empty">今日暂无新商机{filter.group || filter.category_id ? '（当前筛选）' : ''}</div>
      )}
      <div className="mk-list">
        {data?.list.map((item) =>
          item.kind === 'product' ? (
            <ProductCardRow key={`p${item.product_card.product_card_id}`} card={item.product_card} now={now} />
          ) : (
            <TodayCardRow key={`c${item.card.card_id}`} card={item.card} now={now} />
          ),
        )}
      </div>
    </section>
  );
}
