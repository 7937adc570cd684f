import { sql } from 'drizzle-orm';

import type { Db } from '../db/client';

/**
 * Folds each (adviser, category)'s signed changes in mkt_workbench_counts into one row (or none, where they sum to
 * nothing), so a list's total stays a sum over a few rows. Safe beside writers and other folds: the delete takes only
 * the rows its snapshot sees (a row another fold deleted first is skipped, not summed twice), and the sum of exactly
 * those rows goes back in the same statement. Returns how many rows it folded away.
 */
export async function foldWorkbenchCounts(db: Db): Promise<number> {
  const result = await db.execute(sql`
    with many as (
      select adviser_id, category_id from mkt_workbench_counts group by 1, 2 having count(*) > 1
    ),
    gone as (
      delete from mkt_workbench_counts c using many m
      where c.adviser_id = m.adviser_id and c.category_id = m.category_id
      returning c.adviser_id, c.category_id, c.delta
    ),
    kept as (
      insert into mkt_workbench_counts (adviser_id, category_id, delta)
      select adviser_id, category_id, sum(delta)::int from gone group by 1, 2 having sum(delta) <> 0
      returning 1
    )
    select (select count(*) from gone)::int - (select count(*) from kept)::int as folded`);
  return Number((result as unknown as { rows: { folded: number }[] }).rows[0]?.folded ?? 0);
}
