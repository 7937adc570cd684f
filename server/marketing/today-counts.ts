import { type SQL, sql } from 'drizzle-orm';

import { businessDayStart } from '../../src/api/contract/dates';
import type { Db } from '../db/client';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The card event a hand-pulled card carries (提前处理): it keeps the card out of the cap's count. */
export const PULLED_EVENT = 'pulled';

/**
 * THE definition of "pushed today", used by the cap's room, 今日's bar, the table's 今日新增 / 今日已推送 and 待处理's
 * reason: the customer cards released since the business day began that were not pulled in by hand, plus the product
 * cards released since then. `adviser` is an SQL expression naming the adviser (a column or a parameter).
 */
export function pushedTodaySql(adviser: SQL, since: string): SQL {
  return sql`((select count(*) from mkt_cards c where c.adviser_id = ${adviser} and c.released_at >= ${since}::timestamptz
      and not exists (select 1 from mkt_card_events e where e.card_id = c.id and e.kind = ${PULLED_EVENT}))
    + (select count(*) from mkt_product_cards p where p.adviser_id = ${adviser} and p.released_at >= ${since}::timestamptz))`;
}

/** Customer cards pulled in by hand today (提前处理): shown beside the pushed count, never inside it. */
function pulledTodaySql(adviser: SQL, since: string): SQL {
  return sql`(select count(*) from mkt_cards c where c.adviser_id = ${adviser} and c.released_at >= ${since}::timestamptz
      and exists (select 1 from mkt_card_events e where e.card_id = c.id and e.kind = ${PULLED_EVENT}))`;
}

export interface TodayCounts {
  /** Pushed by the engine today, both kinds: what the cap bounds. */
  pushed: number;
  /** Pulled in by hand today. */
  pulled: number;
}

/** One adviser's counts of today (see pushedTodaySql), in one statement. */
export async function todayCounts(db: Db, adviserId: number, now: Date): Promise<TodayCounts> {
  const since = businessDayStart(now).toISOString();
  const me = sql`${adviserId}::int`;
  const [row] = rowsOf<{ pushed: number; pulled: number }>(
    await db.execute(
      sql`select ${pushedTodaySql(me, since)}::int as pushed, ${pulledTodaySql(me, since)}::int as pulled`,
    ),
  );
  return { pushed: Number(row?.pushed ?? 0), pulled: Number(row?.pulled ?? 0) };
}

/** Why the waiting cards wait, in the adviser's words. */
export function waitingWhy(counts: TodayCounts, cap: number): string {
  if (counts.pushed >= cap) return `今日已推送 ${counts.pushed} 条，达到每日上限 ${cap} 条；明日按评分从高到低推送`;
  return `今日已推送 ${counts.pushed} 条，还可推送 ${cap - counts.pushed} 条：每分钟一轮，评分高的先推送`;
}
