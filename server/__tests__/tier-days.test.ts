/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { sql } from 'drizzle-orm';

import { catchUp } from '../marketing/catch-up';
import { runCardPassOnce, runSimulatorStepIfDue } from '../marketing/jobs';
import { tierOf } from '../marketing/tiers';
import { createUsersRepository } from '../repositories/users';
import { createTestApp, type TestApp } from '../test-support/app';
import { mm } from '../test-support/market-map';

/**
 * 热/温/冷 over simulated days, as `npm start` lives them (the market simulator on, the card pass each day): whatever
 * the day's scores, each adviser's 今日 holds 1-3 热 cards, and every surface reads a card's tier against the one
 * set of lines its card states. The seed's instant is a Sunday 10:00 (UTC+8); the walk takes in weekdays, a
 * Saturday, the next Sunday and an afternoon of the simulator's minute steps.
 */
jest.setTimeout(300_000);

const DAY = 86_400_000;
const MINUTE = 60_000;
let t: TestApp;
const sids = new Map<number, string>();

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.database.db.execute(sql`select distinct adviser_id from mkt_cards order by 1`);
  const users = createUsersRepository(t.database.db);
  for (const { adviser_id } of (rows as unknown as { rows: { adviser_id: number }[] }).rows)
    sids.set(Number(adviser_id), (await users.createSession(Number(adviser_id), t.clock.now(), 60 * DAY)).token);
  // A running server's first card pass.
  await runCardPassOnce(t.database, t.clock.now());
});
afterAll(() => t.close());

/** The clock moved to `to` as the local clock moves it: the simulator and the card pass catch up day by day. */
async function moveTo(to: Date) {
  await catchUp(t.database, t.clock.now(), to, { simulator: true });
  t.clock.set(to);
}

type Tiered = { priority: string; score: number; tier_rule: { hot_min: number; warm_min: number } };

/** Every adviser's 今日: 1-3 热, at most the cap, each tier its score against the lines it states (as in 待处理). */
async function readEveryToday(label: string) {
  let days = 0;
  for (const [adviser, sid] of sids) {
    const res = await mm(t, sid, 'GET', '/chance-card/today');
    expect([label, adviser, res.status]).toEqual([label, adviser, 200]);
    const today = res.body.data;
    const items: Tiered[] = today.list.map((i: { card?: Tiered; product_card?: Tiered }) => i.card ?? i.product_card);
    if (items.length === 0) continue;
    days += 1;
    const hot = items.filter((c) => c.priority === 'hot').length;
    expect([label, adviser, hot >= 1 && hot <= 3]).toEqual([label, adviser, true]);
    expect(items.length).toBeLessThanOrEqual(today.daily_cap);
    const waiting = await mm(t, sid, 'GET', '/chance-card/waiting', { limit: 50 });
    for (const c of [...items, ...waiting.body.data.list] as Tiered[]) {
      expect(c.tier_rule).toEqual(items[0]!.tier_rule);
      expect(c.priority).toBe(tierOf(c.score, c.tier_rule));
    }
  }
  // Every adviser with cards has a 今日 on each of these days (the backlog outlasts a week).
  expect([label, days]).toEqual([label, sids.size]);
}

test('1-3 热 in each adviser’s 今日 on the seed’s day, after 1, 3, 6 and 7 days, and through an afternoon', async () => {
  expect(sids.size).toBeGreaterThanOrEqual(2);
  const start = t.clock.now().getTime();
  await readEveryToday('seed day (Sunday)');
  await moveTo(new Date(start + DAY));
  await readEveryToday('+1d (Monday)');
  await moveTo(new Date(start + 3 * DAY));
  await readEveryToday('+3d (Wednesday)');
  await moveTo(new Date(start + 6 * DAY));
  await readEveryToday('+6d (Saturday)');
  await moveTo(new Date(start + 7 * DAY));
  await readEveryToday('+7d (Sunday)');
  // Monday afternoon: the simulator's minute steps add transfers after the day's push; the lines hold.
  await moveTo(new Date(start + 8 * DAY + 4 * 3_600_000));
  for (let m = 1; m <= 15; m++) {
    const at = new Date(t.clock.now().getTime() + MINUTE);
    await runSimulatorStepIfDue(t.database, at);
    await runCardPassOnce(t.database, at);
    t.clock.set(at);
  }
  await readEveryToday('+8d 14:15 (Monday, after minute steps)');
});
