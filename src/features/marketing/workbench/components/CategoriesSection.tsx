import { settingsChangeRequested } from '../store/pages-slice';

import { CHANCE_CATEGORY_NAMES } from '@/api/contract/market-map-constants';
import { useAppDispatch } from '@/store';

const CATEGORY_IDS = [1, 2, 7, 3, 4, 8, 5, 6];

/** 商机类别: each category switched on or off, saved at once. */
export function CategoriesSection({ enabled }: { enabled: number[] }) {
  const dispatch = useAppDispatch();
  const toggle = (id: number) => {
    const on = enabled.includes(id);
    const next = on ? enabled.filter((c) => c !== id) : [...enabled, id].sort((a, b) => a - b);
    dispatch(
      settingsChangeRequested({
        change: { enabled_categories: next },
        notice: `已${on ? '关闭' : '开启'}「${CHANCE_CATEGORY_NAMES[id]}」`,
      }),
    );
  };
  return (
    <section className="mk-section" aria-label="商机类别">
      <h3>商机类别</h3>
      {CATEGORY_IDS.map((id) => (
        <div className="mk-field" key={id}>
          <label>
            <input type="checkbox" checked={enabled.includes(id)} onChange={() => toggle(id)} />
            {CHANCE_CATEGORY_NAMES[id]}
          </label>
        </div>
      ))}
    </section>
  );
}
