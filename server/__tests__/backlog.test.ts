/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { and, eq, isNull } from 'drizzle-orm';

import { mktCardEvents, mktCards } from '../db/schema';
import { createEngine } from '../marketing/engine';
import { todayCounts } from '../marketing/today-counts';
import { createUsersRepository } from '../repositories/users';
import { createTestApp, type TestApp } from '../test-support/app';
import { mm } from '../test-support/market-map';

/**
 * 今日, 待处理 and 提前处理 on the seed's day, after the card pass a running server makes at start: 今日 holds what the
 * cap pushed with 1-3 热 cards, every waiting card is reachable, and every count on a tab is its list's length.
 */
jest.setTimeout(120_000);

const ADVISERS = [1, 2];
let t: TestApp;
const sids = new Map<number, string>();
beforeAll(async () => {
  t = await createTestApp();
  const users = createUsersRepository(t.database.db);
  for (const id of ADVISERS) sids.set(id, (await users.createSession(id, t.clock.now())).token);
  await createEngine(t.database.db).pass(t.clock.now());
});
afterAll(() => t.close());

const get = async (adviser: number, path: string, q?: Record<string, unknown>) => {
  const res = await mm(t, sids.get(adviser)!, 'GET', path, q);
  expect([path, res.status]).toEqual([path, 200]);
  return res.body.data;
};

/** Every page of a cursor-paged list. */
async function allPages(adviser: number, path: string, q: Record<string, unknown> = {}) {
  const out: Array<{ card_id: number; score: number }> = [];
  let cursor: string | undefined;
  let total = -1;
  do {
    const page = await get(adviser, path, { ...q, limit: 17, ...(cursor ? { cursor } : {}) });
    if (total < 0) total = page.total;
    out.push(...page.list);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return { list: out, total };
}

describe.each(ADVISERS)('adviser %i on the seed’s day', (adviser) => {
  test('今日 holds at most the cap, best first, with 1-3 热 cards', async () => {
    const today = await get(adviser, '/chance-card/today');
    expect(today.list.length).toBeGreaterThan(0);
    expect(today.list.length).toBeLessThanOrEqual(today.daily_cap);
    expect(today.released_today).toBeLessThanOrEqual(today.daily_cap);
    const items = today.list.map((i: any) => (i.kind === 'customer' ? i.card : i.product_card)); // eslint-disable-line @typescript-eslint/no-explicit-any
    const hot = items.filter((c: { priority: string }) => c.priority === 'hot');
    expect(hot.length).toBeGreaterThanOrEqual(1);
    expect(hot.length).toBeLessThanOrEqual(3);
    // Each card's tier is its score against the lines it states, the adviser's one rule for the day.
    for (const c of items) {
      expect(c.tier_rule).toEqual(items[0].tier_rule);
      expect(c.priority === 'hot').toBe(c.score >= c.tier_rule.hot_min);
    }
    expect(items[0].tier_rule.calibrated_on).toBe(today.date);
    const scores = items.map((c: { score: number }) => c.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  test('every count on a tab equals its list', async () => {
    const [today, type, stats] = [
      await get(adviser, '/chance-card/today'),
      await get(adviser, '/chance/type'),
      await get(adviser, '/chance-card/stats'),
    ];
    expect(today.count).toBe(today.list.length);
    const open = await allPages(adviser, '/chance-card/list');
    expect(type.total).toBe(open.total);
    expect(open.list.length).toBe(type.total);
    for (const group of type.list) {
      const byGroup = await allPages(adviser, '/chance-card/list', { group: group.group });
      expect([group.group, byGroup.list.length]).toEqual([group.group, group.count]);
    }
    const waiting = await allPages(adviser, '/chance-card/waiting');
    expect(waiting.list.length).toBeGreaterThan(0);
    expect(new Set(waiting.list.map((c) => c.card_id)).size).toBe(waiting.list.length);
    expect([today.waiting, type.waiting, waiting.total]).toEqual([
      waiting.list.length,
      waiting.list.length,
      waiting.list.length,
    ]);
    // 今日新增 and 今日已推送 are one count: todayCounts.
    const counts = await todayCounts(t.database.db, adviser, t.clock.now());
    expect([stats.released_today, today.released_today]).toEqual([counts.pushed, counts.pushed]);
    const newToday = stats.rows.reduce((a: number, r: { created_today: number }) => a + r.created_today, 0);
    expect(newToday).toBe(counts.pushed + counts.pulled);
  });
});

test('待处理 says why the cards wait, and 提前处理 lets one in outside the cap', async () => {
  const adviser = 1;
  const before = await get(adviser, '/chance-card/waiting', { limit: 5 });
  expect(before.pushed_today).toBe(before.daily_cap);
  expect(before.why).toBe(
    `今日已推送 ${before.daily_cap} 条，达到每日上限 ${before.daily_cap} 条；明日按评分从高到低推送`,
  );
  const pick = before.list[0];
  const pulled = await mm(t, sids.get(adviser)!, 'POST', '/chance-card/pull', { card_id: pick.card_id });
  expect(pulled.status).toBe(200);
  expect(pulled.body.data.card.released_at).toBe(Math.floor(t.clock.now().getTime() / 1000));
  expect(pulled.body.data.pushed_today).toBe(before.daily_cap);
  const today = await get(adviser, '/chance-card/today');
  expect(today.list.some((i: { card?: { card_id: number } }) => i.card?.card_id === pick.card_id)).toBe(true);
  expect([today.released_today, today.pulled_today, today.waiting]).toEqual([before.daily_cap, 1, before.total - 1]);
  expect(today.count).toBe(today.list.length);
  const stats = await get(adviser, '/chance-card/stats');
  expect(stats.rows.reduce((a: number, r: { created_today: number }) => a + r.created_today, 0)).toBe(
    stats.released_today + stats.pulled_today,
  );
  // The pull took no room from the cap: the next pass lets nothing else in, and the card's history says who let it in.
  expect((await createEngine(t.database.db).pass(t.clock.now())).released).toBe(0);
  const events = await t.database.db.select().from(mktCardEvents).where(eq(mktCardEvents.cardId, pick.card_id));
  expect(events.map((e) => e.kind)).toContain('pulled');
  const again = await mm(t, sids.get(adviser)!, 'POST', '/chance-card/pull', { card_id: pick.card_id });
  expect([again.status, again.body.error.message]).toEqual([409, '这张商机已不在待处理中，请刷新列表']);
  const [foreign] = await t.database.db
    .select()
    .from(mktCards)
    .where(and(eq(mktCards.adviserId, 2), eq(mktCards.state, 'new'), isNull(mktCards.releasedAt)))
    .limit(1);
  const denied = await mm(t, sids.get(adviser)!, 'POST', '/chance-card/pull', { card_id: foreign!.id });
  expect(denied.status).toBe(404);
  const [still] = await t.database.db.select().from(mktCards).where(eq(mktCards.id, foreign!.id));
  expect(still!.releasedAt).toBeNull();
});
