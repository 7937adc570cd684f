import {
  selectFamilyCounts,
  selectShownTotal,
  selectTagList,
  selectWorkbenchFilter,
} from '../store/workbench-selectors';
import { workbenchFilterChanged } from '../store/workbench-slice';

import { useAppDispatch, useAppSelector } from '@/store';

/** 机会 tab's filters: the family chips, the customer-tag chips and the total with its order toggle. */
export function ChanceFilters() {
  const dispatch = useAppDispatch();
  const filter = useAppSelector(selectWorkbenchFilter);
  const total = useAppSelector(selectShownTotal);
  const families = useAppSelector(selectFamilyCounts);
  const tags = useAppSelector(selectTagList);
  const toggleTag = (tag: string) =>
    dispatch(
      workbenchFilterChanged({
        tags: filter.tags.includes(tag) ? filter.tags.filter((t) => t !== tag) : [...filter.tags, tag],
      }),
    );
  const orderLabel = filter.order === 'priority' ? '按优先级' : '按时间';

  return (
    <>
      <div className="mk-chips" role="group" aria-label="商机分类">
        {families.map((f) => (
          <button
            key={f.group ?? 'all'}
            type="button"
            className="mk-chip"
            aria-pressed={filter.group === f.group}
            data-family={f.group ?? 'all'}
            onClick={() => dispatch(workbenchFilterChanged({ group: f.group }))}
          >
            {f.name}
            <small>{f.count}</small>
          </button>
        ))}
      </div>
      {tags.length > 0 && (
        <div className="mk-chips" role="group" aria-label="客户标签" style={{ paddingTop: 0 }}>
          {tags.slice(0, 12).map((t) => (
            <button
              key={t.tag}
              type="button"
              className="mk-chip"
              aria-pressed={filter.tags.includes(t.tag)}
              onClick={() => toggleTag(t.tag)}
            >
              {t.tag}
            </button>
          ))}
        </div>
      )}
      <div className="mk-bar">
        <span data-testid="card-total">共 {total} 条商机</span>
        {/* The spoken name starts with the words on the button (the arrow is drawn only), then says what a tap does. */}
        <button
          type="button"
          aria-label={`${orderLabel}，切换排序`}
          onClick={() => dispatch(workbenchFilterChanged({ order: filter.order === 'priority' ? 'time' : 'priority' }))}
        >
          {orderLabel} <span aria-hidden="true">⇅</span>
        </button>
      </div>
    </>
  );
}
