/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { sql } from 'drizzle-orm';

import type { Database } from '../db/client';
import { recalibrateTiers, tierOf } from '../marketing/tiers';
import { openTestDatabase, TEST_BASE_TIME } from '../test-support/database';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** An open card of adviser 1 given a tier its score does not have, as a writer that forgot the lines would. */
async function mistiered(): Promise<{ id: number; right: string }> {
  const [rule] = rowsOf<{ hot_min: number; warm_min: number }>(
    await database.db.execute(sql`select hot_min, warm_min from mkt_tier_rules where adviser_id = 1`),
  );
  const [card] = rowsOf<{ id: number; score: number }>(
    await database.db.execute(
      sql`select id, score from mkt_cards where adviser_id = 1 and state = 'new' order by score desc limit 1`,
    ),
  );
  const right = tierOf(Number(card!.score), { hot_min: Number(rule!.hot_min), warm_min: Number(rule!.warm_min) });
  const wrong = right === 'cold' ? 'hot' : 'cold';
  await database.db.execute(sql`update mkt_cards set priority = ${wrong} where id = ${card!.id}`);
  return { id: Number(card!.id), right };
}

const priorityOf = async (id: number) =>
  rowsOf<{ priority: string }>(await database.db.execute(sql`select priority from mkt_cards where id = ${id}`))[0]!
    .priority;

describe('recalibrateTiers', () => {
  it("'moved' rewrites no card when the day's lines stay; 'all' puts every card right against them", async () => {
    const { id, right } = await mistiered();
    await recalibrateTiers(database.db, [1], TEST_BASE_TIME, 'moved');
    expect(await priorityOf(id)).not.toBe(right);
    await recalibrateTiers(database.db, [1], TEST_BASE_TIME, 'all');
    expect(await priorityOf(id)).toBe(right);
  });

  it("'moved' rewrites the cards of an adviser whose lines it moved", async () => {
    const { id, right } = await mistiered();
    // Lines from another day: this day's calibration moves them back.
    await database.db.execute(
      sql`update mkt_tier_rules set hot_min = 99, warm_min = 98, calibrated_on = '2000-01-01' where adviser_id = 1`,
    );
    await recalibrateTiers(database.db, [1], TEST_BASE_TIME, 'moved');
    expect(await priorityOf(id)).toBe(right);
  });
});
