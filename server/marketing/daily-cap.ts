import { type SQL, sql } from 'drizzle-orm';

import { businessDate, businessDayStart } from '../../src/api/contract/dates';
import type { Db } from '../db/client';
import { mktCardEvents, mktCards } from '../db/schema';
import { CARD_PARTITIONS } from './partitions';
import { pushedTodaySql } from './today-counts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The daily cap for a set of advisers in one statement: each adviser's room today (the cap less the cards pushed
 * today, pushedTodaySql: a card pulled in by hand is not a push), filled best first from the unreleased new cards of both
 * kinds (one scale; a customer card before a product card of the same score, then the older), and let in. The two
 * updates read the choice (by key), not each other: a statement's parts share one snapshot.
 */
export async function releaseAll(
  q: Db,
  adviserIds: readonly number[],
  now: Date,
  capOf: (adviserId: number) => number,
): Promise<number> {
  const ids = [...new Set(adviserIds)];
  if (ids.length === 0) return 0;
  const since = businessDayStart(now).toISOString();
  const caps = JSON.stringify(ids.map((id) => ({ adviser_id: id, cap: capOf(id) })));
  const at = now.toISOString();
  const [row] = rowsOf<{ released: number }>(
    await q.execute(sql`
      with room as (
        select a.adviser_id, greatest(0, a.cap - ${pushedTodaySql(sql`a.adviser_id`, since)}) as n
        from json_to_recordset(${caps}::json) as a(adviser_id int, cap int)
        -- No room for an employee without the financial-adviser flag: staff never receive cards (docs/compliance.md).
        where exists (select 1 from users u where u.id = a.adviser_id and u.is_financial_advisor)
      ),
      best as (
        select best.product, best.id from room cross join lateral (
          select w.product, w.id from (
            (select false as product, c.id, c.score from mkt_cards c
              where c.adviser_id = room.adviser_id and c.state = 'new' and c.released_at is null
              order by c.score desc, c.id limit room.n)
            union all
            (select true as product, p.id, p.score from mkt_product_cards p
              where p.adviser_id = room.adviser_id and p.state = 'new' and p.released_at is null
              order by p.score desc, p.id limit room.n)
          ) as w
          order by w.score desc, w.product, w.id limit room.n
        ) as best
      ),
      cards as (
        update mkt_cards set released_at = ${at}::timestamptz where id = any(array(select id from best where not product))
      ),
      products as (
        update mkt_product_cards set released_at = ${at}::timestamptz where id = any(array(select id from best where product))
      )
      select count(*)::int as released from best`),
  );
  return Number(row?.released ?? 0);
}

/** Snoozed cards (of the advisers `which` selects) whose date has come back onto the workbench (as new). */
export async function wakeAll(q: Db, which: SQL, now: Date): Promise<number> {
  const rows = await q
    .update(mktCards)
    .set({ state: 'new', snoozeUntil: null })
    .where(sql`${which} and ${mktCards.state} = 'snoozed' and ${mktCards.snoozeUntil} <= ${businessDate(now)}`)
    .returning({ id: mktCards.id });
  if (rows.length)
    await q
      .insert(mktCardEvents)
      .values(rows.map((r) => ({ cardId: r.id, kind: 'resurfaced', note: '暂缓到期', at: now })));
  return rows.length;
}

/** One partition's advisers with customer or product cards waiting for the cap, in id order. */
export async function waitingAdvisers(q: Db, partition: number): Promise<number[]> {
  const rows = rowsOf<{ adviser_id: number }>(
    await q.execute(sql`
      select adviser_id from mkt_cards
        where state = 'new' and released_at is null and adviser_id % ${CARD_PARTITIONS} = ${partition}
      union
      select adviser_id from mkt_product_cards
        where state = 'new' and released_at is null and adviser_id % ${CARD_PARTITIONS} = ${partition}
      order by 1`),
  );
  return rows.map((r) => Number(r.adviser_id));
}
