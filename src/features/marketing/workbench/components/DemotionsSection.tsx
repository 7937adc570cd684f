import { settingsChangeRequested } from '../store/pages-slice';

import type { Demotion } from '@/api/contract/market-map';
import { useAppDispatch } from '@/store';

/** The categories ranked lower after repeated ignores, each with 撤销 to undo it. */
export function DemotionsSection({ demotions }: { demotions: Demotion[] }) {
  const dispatch = useAppDispatch();
  return (
    <section className="mk-section" aria-label="已学习的排序调整">
      <h3>根据忽略反馈调整的排序</h3>
      {demotions.length === 0 && (
        <p className="mk-empty">暂无。多次以“客户无需求”等原因忽略同一类商机时，该类会排得靠后。</p>
      )}
      {demotions.map((d) => (
        <div className="mk-row" key={d.category_id}>
          <div className="mk-row__main">
            <div>「{d.name}」已降低排序</div>
            <div>
              近期忽略 {d.ignored_count} 次 · 评分 -{d.penalty}
            </div>
          </div>
          <button
            type="button"
            onClick={() =>
              dispatch(
                settingsChangeRequested({
                  change: { clear_demotions: [d.category_id] },
                  notice: `已撤销「${d.name}」的排序调整`,
                }),
              )
            }
          >
            撤销
          </button>
        </div>
      ))}
    </section>
  );
}
