/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { and, eq, inArray } from 'drizzle-orm';

import { businessDayStart } from '../../src/api/contract/dates';
import { DEFAULT_RULE_SETTINGS } from '../../src/api/contract/market-map-constants';
import { mktCards, mktCustomers, mktHoldings, mktProductCards, mktProducts, mktSignals } from '../db/schema';
import { type DayMix, mixOverDays, simulateDays } from '../marketing/card-mix';
import { createEngine } from '../marketing/engine';
import { createSimulator } from '../marketing/simulator';
import { createUsersRepository } from '../repositories/users';
import { createTestApp, type TestApp } from '../test-support/app';
import { TEST_BASE_TIME } from '../test-support/database';
import { mm } from '../test-support/market-map';
import { OPEN_OR_SNOOZED } from '../test-support/open-cards';

/**
 * The adviser's day on the small seed: the cap holds on every day, seeded history included; most new cards are about
 * money or intent; and a product event is one product card with its holders, not the same sentence on every card.
 */
jest.setTimeout(300_000);

const DAY = 86_400_000;
const ADVISERS = [1, 2, 3];
let t: TestApp;
let history: DayMix[];
let week: DayMix[];
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  history = await mixOverDays(db, ADVISERS, new Date(TEST_BASE_TIME.getTime() - 30 * DAY), TEST_BASE_TIME);
  const engine = createEngine(db);
  const simulator = createSimulator(db);
  const { from, to } = await simulateDays(
    db,
    TEST_BASE_TIME,
    7,
    (now) => simulator.step(now),
    (now) => engine.pass(now),
  );
  week = await mixOverDays(db, ADVISERS, from, to);
  t.clock.set(to);
});
afterAll(() => t.close());

test('the daily cap defaults to 10', () => {
  expect(DEFAULT_RULE_SETTINGS.daily_cap).toBe(10);
});

test('no day of the seeded history nor of a simulated week releases more than the cap to an adviser', () => {
  expect(history.reduce((a, m) => a + m.released, 0)).toBeGreaterThan(100);
  expect(week.reduce((a, m) => a + m.released, 0)).toBeGreaterThan(100);
  for (const m of [...history, ...week])
    expect([m.adviserId, m.day, m.released <= 10]).toEqual([m.adviserId, m.day, true]);
  // The cap is reached, so it is the cap that holds the day, not a quiet market.
  expect(week.filter((m) => m.released === 10).length).toBeGreaterThan(5);
});

test('at least 30% of each day’s new cards carry a money-flow or intent reason', () => {
  for (const m of week.filter((d) => d.released > 0))
    expect([m.adviserId, m.day, m.moneyOrIntent / m.released >= 0.3]).toEqual([m.adviserId, m.day, true]);
});

test('no reason text is on more than 3 of a day’s new cards', () => {
  for (const m of [...history.slice(-21), ...week])
    expect([m.adviserId, m.day, m.topReason?.title, (m.topReason?.cards ?? 0) <= 3]).toEqual([
      m.adviserId,
      m.day,
      m.topReason?.title,
      true,
    ]);
});

test('a maturity reaching many holders is one product card that opens its holders, not a reason on each holder’s own card', async () => {
  const db = t.database.db;
  const [product] = await db.select().from(mktProducts).where(eq(mktProducts.name, '恒信股票多头私募'));
  const holders = await db
    .select({ customerId: mktHoldings.customerId })
    .from(mktHoldings)
    .where(eq(mktHoldings.productId, product!.id));
  expect(holders.length).toBeGreaterThan(3);
  const cards = await db
    .select()
    .from(mktProductCards)
    .where(and(eq(mktProductCards.productId, product!.id), eq(mktProductCards.categoryId, 4)));
  // A qualified-only fund is held by few customers a book: one card for each adviser with three or more of them.
  expect(cards.length).toBeGreaterThanOrEqual(2);
  const [mine, other] = cards;
  const me = mine!.adviserId;
  // The date itself, not "in N days": a title that stays true on every later day it is read.
  expect(mine!.title).toMatch(/^恒信股票多头私募 将于 \d{4}-\d{2}-\d{2} 到期$/);
  // No holder's card got the maturity as a reason of its own: the signals all sit on the product card.
  const signals = await db
    .select()
    .from(mktSignals)
    .where(and(eq(mktSignals.productId, product!.id), eq(mktSignals.categoryId, 4), eq(mktSignals.adviserId, me)));
  expect(signals.length).toBe(mine!.holders);
  expect(signals.every((s) => s.productCardId === mine!.id)).toBe(true);
  const res = await mm(t, await sidOf(me), 'GET', '/product-card/holders', { product_card_id: mine!.id });
  expect(res.status).toBe(200);
  expect(res.body.data.product_card.headline).toBe(`${mine!.title}：你的 ${mine!.holders} 位持有客户`);
  expect(res.body.data.holders).toHaveLength(mine!.holders);
  expect(res.body.data.holders[0].customer.display_name).toMatch(/\*/);
  // Another adviser's product card looks absent.
  expect(other!.adviserId).not.toBe(me);
  expect((await mm(t, await sidOf(me), 'GET', '/product-card/holders', { product_card_id: other!.id })).status).toBe(
    404,
  );
});

test('two holders are still two customer cards: a product card needs 3', async () => {
  const db = t.database.db;
  const engine = createEngine(db);
  const [product] = await db.select().from(mktProducts).where(eq(mktProducts.name, '恒信股票多头私募'));
  // Five of adviser 1's customers with no open card: each signal would make a card of its own.
  const open = new Set(
    (await db.select({ id: mktCards.customerId }).from(mktCards).where(inArray(mktCards.state, OPEN_OR_SNOOZED))).map(
      (r) => r.id,
    ),
  );
  const book = await db.select({ id: mktCustomers.id }).from(mktCustomers).where(eq(mktCustomers.adviserId, 1));
  const idle = book.map((c) => c.id).filter((id) => !open.has(id));
  expect(idle.length).toBeGreaterThanOrEqual(5);
  const now = t.clock.now();
  const draft = (customerId: number, n: number) => ({
    customerId,
    categoryId: 3,
    factKey: `nav3:test:${n}:${customerId}`,
    eventKey: `nav3:test:${n}`,
    title: `测试产品 单日下跌 3.${n}%`,
    amount: null,
    productId: product!.id,
    intensity: 0,
    occurredAt: now,
  });
  const two = await engine.ingest([draft(idle[0]!, 1), draft(idle[1]!, 1)], now);
  expect([two.created, two.signals]).toEqual([2, 2]);
  const three = await engine.ingest([draft(idle[2]!, 2), draft(idle[3]!, 2), draft(idle[4]!, 2)], now);
  expect([three.created, three.signals]).toEqual([0, 3]);
  const [card] = await db.select().from(mktProductCards).where(eq(mktProductCards.eventKey, 'nav3:test:2'));
  expect(card!.holders).toBe(3);
});

test('今日 holds at most the cap, customer and product cards together, best first, and filters by category', async () => {
  const sid = await sidOf(1);
  const today = await mm(t, sid, 'GET', '/chance-card/today');
  expect(today.status).toBe(200);
  const { list, daily_cap: cap, released_today: released } = today.body.data;
  expect(cap).toBe(10);
  expect(list.length).toBeLessThanOrEqual(10);
  expect(list.length).toBeGreaterThan(0);
  expect(released).toBeLessThanOrEqual(10);
  const scores = list.map((i: { kind: string; card?: { score: number }; product_card?: { score: number } }) =>
    i.kind === 'customer' ? i.card!.score : i.product_card!.score,
  );
  expect(scores).toEqual([...scores].sort((a: number, b: number) => b - a));
  for (const item of list) {
    const at = (item.card?.released_at ?? item.product_card?.released_at) as number;
    expect(at * 1000).toBeGreaterThanOrEqual(businessDayStart(t.clock.now()).getTime());
  }
  const category = item0Category(list[0]);
  const filtered = await mm(t, sid, 'GET', '/chance-card/today', { category_id: category });
  expect(filtered.body.data.list.length).toBeGreaterThan(0);
  for (const item of filtered.body.data.list) expect(item0Category(item)).toBe(category);
});

async function sidOf(userId: number): Promise<string> {
  return (await createUsersRepository(t.database.db).createSession(userId, t.clock.now())).token;
}

function item0Category(item: { kind: string; card?: { category_id: number }; product_card?: { category_id: number } }) {
  return item.kind === 'customer' ? item.card!.category_id : item.product_card!.category_id;
}

test('a page limit past the contract answers a Chinese message a person understands', async () => {
  const sid = await sidOf(1);
  const res = await mm(t, sid, 'GET', '/chance-card/list', { limit: 100 });
  expect(res.status).toBe(400);
  expect(res.body.error.message).toContain('超出范围：应为 1 到 50 之间的整数');
  expect(res.body.error.message).not.toMatch(/32-bit/);
  expect((await mm(t, sid, 'GET', '/chance-card/list', { limit: 50 })).status).toBe(200);
  expect((await mm(t, sid, 'GET', '/chance-card/list', { limit: 51 })).status).toBe(400);
});
