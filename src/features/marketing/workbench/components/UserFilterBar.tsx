import type { UserFilter } from '../store/pages-slice';

import type { TagItem } from '@/api/contract/market-map';
import { RISK_LEVELS } from '@/api/contract/market-map-constants';

const RISKS: Array<UserFilter['risk']> = [null, ...RISK_LEVELS, 'none'];

interface UserFilterBarProps {
  filter: UserFilter;
  tags: TagItem[];
  filterBy(filter: Partial<UserFilter>): void;
}

/** The list's filters: risk level, the first 12 tags, and the AUM order. */
export function UserFilterBar({ filter, tags, filterBy }: UserFilterBarProps) {
  return (
    <header className="mk-head">
      <div className="mk-chips" aria-label="风险等级">
        {RISKS.map((r) => (
          <button
            key={r ?? 'all'}
            type="button"
            className="mk-chip"
            aria-pressed={filter.risk === r}
            onClick={() => filterBy({ risk: r })}
          >
            {r === null ? '全部等级' : r === 'none' ? '未测评' : r}
          </button>
        ))}
      </div>
      {tags.length > 0 && (
        <div className="mk-chips" aria-label="客户标签" style={{ paddingTop: 0 }}>
          <button
            type="button"
            className="mk-chip"
            aria-pressed={filter.tag === null}
            onClick={() => filterBy({ tag: null })}
          >
            全部标签
          </button>
          {tags.slice(0, 12).map((t) => (
            <button
              key={t.tag}
              type="button"
              className="mk-chip"
              aria-pressed={filter.tag === t.tag}
              onClick={() => filterBy({ tag: t.tag })}
            >
              {t.tag}
            </button>
          ))}
        </div>
      )}
      <div className="mk-bar">
        <span>按资产排序</span>
        <button type="button" onClick={() => filterBy({ order: filter.order === 'aum_desc' ? 'aum_asc' : 'aum_desc' })}>
          {filter.order === 'aum_asc' ? '资产 低→高' : '资产 高→低'}
        </button>
      </div>
    </header>
  );
}
