/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, desc, eq, gte, ne, sql } from 'drizzle-orm';

import { type Database, MIGRATIONS_FOLDER } from '../../db/client';
import { mktHoldings, mktJobState, mktProductNavs, mktProducts, mktTransactions } from '../../db/schema';
import { openTestDatabase } from '../../test-support/database';
import { runSimulatorStepIfDue } from '../jobs';
import type { Fact } from '../rules';
import { createSimulator, SIMULATOR_STATE, tradingDayNumber } from '../simulator';

// The template's seed: Sunday 2025-06-15 10:00 Beijing; its last NAV close is Friday 2025-06-13.
let database: Database;
beforeEach(async () => {
  database = await openTestDatabase();
});
afterEach(() => database.close());

const navRows = (day: string) =>
  database.db.select().from(mktProductNavs).where(eq(mktProductNavs.day, day)).orderBy(mktProductNavs.productId);
const priced = async () =>
  (await database.db.select({ id: mktProducts.id }).from(mktProducts).where(ne(mktProducts.kind, 'money_fund'))).length;
const navFacts = (facts: Fact[]) => facts.filter((f): f is Extract<Fact, { kind: 'nav' }> => f.kind === 'nav');

test('a step prices the business day of its clock (UTC+8): one row per product, dated on either side of midnight', async () => {
  const sim = createSimulator(database.db);
  // 23:59 Monday in Beijing is still Monday; 00:00 is Tuesday.
  await sim.step(new Date('2025-06-16T15:59:00Z'));
  expect((await navRows('2025-06-16')).length).toBe(await priced());
  expect(await navRows('2025-06-17')).toEqual([]);
  await sim.step(new Date('2025-06-16T16:00:00Z'));
  expect((await navRows('2025-06-17')).length).toBe(await priced());
  expect((await navRows('2025-06-16')).length).toBe(await priced());
  const odd = await database.db
    .select()
    .from(mktProductNavs)
    .where(sql`${mktProductNavs.day} !~ '^\\d{4}-\\d{2}-\\d{2}$'`);
  expect(odd).toEqual([]);
});

test('no NAV on a weekend: Friday 23:59 and Monday 00:00 in Beijing price, Saturday and Sunday do not', async () => {
  const sim = createSimulator(database.db);
  await sim.step(new Date('2025-06-20T15:59:00Z'));
  const saturday = await sim.step(new Date('2025-06-20T16:00:00Z'));
  const sunday = await sim.step(new Date('2025-06-22T15:59:00Z'));
  await sim.step(new Date('2025-06-22T16:00:00Z'));
  expect((await navRows('2025-06-20')).length).toBe(await priced());
  expect(await navRows('2025-06-21')).toEqual([]);
  expect(await navRows('2025-06-22')).toEqual([]);
  expect((await navRows('2025-06-23')).length).toBe(await priced());
  expect([navFacts(saturday.facts), navFacts(sunday.facts)]).toEqual([[], []]);
  // No fund is subscribed on a weekend either (a subscription is confirmed on a trading day).
  const weekend = await database.db
    .select()
    .from(mktTransactions)
    .where(gte(mktTransactions.occurredAt, new Date('2025-06-20T16:00:00Z')));
  expect(weekend.filter((t) => t.occurredAt < new Date('2025-06-22T16:00:00Z'))).toEqual([]);
});

test('a later step the same day re-prices that day: the row is replaced, the facts see the closes before it once', async () => {
  const sim = createSimulator(database.db);
  const friday = await database.db.select().from(mktProductNavs).where(eq(mktProductNavs.day, '2025-06-13'));
  const closeOf = new Map(friday.map((r) => [r.productId, r.nav]));
  const morning = await sim.step(new Date('2025-06-16T09:30:00+08:00'));
  const afternoon = await sim.step(new Date('2025-06-16T14:30:00+08:00'));
  const rows = await navRows('2025-06-16');
  expect(rows.length).toBe(await priced());
  const [a, b] = [navFacts(morning.facts), navFacts(afternoon.facts)];
  expect(b.length).toBeGreaterThan(0);
  for (const fact of b) {
    const first = a.find((f) => f.productId === fact.productId)!;
    // The same series up to Friday's close, then today's latest price: no point for the morning's price.
    expect(fact.navs.slice(0, -1)).toEqual(first.navs.slice(0, -1));
    expect(fact.navs[fact.navs.length - 2]).toBe(closeOf.get(fact.productId));
    expect(fact.navs.length).toBe(31);
    expect(rows.find((r) => r.productId === fact.productId)!.nav).toBe(fact.navs[fact.navs.length - 1]);
    // One trading day, one window of the rules: both steps carry the same day and index.
    expect([fact.day, fact.dayIndex]).toEqual(['2025-06-16', first.dayIndex]);
  }
});

test('trading days are numbered without weekends: Friday then Monday are consecutive, Monday to Friday one apart', () => {
  expect(tradingDayNumber('2025-06-16') - tradingDayNumber('2025-06-13')).toBe(1);
  expect(tradingDayNumber('2025-06-20') - tradingDayNumber('2025-06-16')).toBe(4);
  expect(tradingDayNumber('2025-06-23') - tradingDayNumber('2025-06-16')).toBe(5);
  expect(tradingDayNumber('1970-01-01')).toBe(3);
});

test("a simulated subscription tops up the holding: shares grow by amount / that day's NAV, cost by the amount", async () => {
  const sim = createSimulator(database.db);
  const before = await database.db.select().from(mktHoldings);
  const at = new Date('2025-06-17T10:00:00+08:00');
  await sim.step(at, { transfers: 30 });
  const trades = await database.db.select().from(mktTransactions).where(eq(mktTransactions.occurredAt, at));
  expect(trades.length).toBeGreaterThan(0);
  for (const t of trades) {
    const [nav] = await database.db
      .select()
      .from(mktProductNavs)
      .where(and(eq(mktProductNavs.productId, t.productId!), eq(mktProductNavs.day, '2025-06-17')));
    const was = before.find((h) => h.customerId === t.customerId && h.productId === t.productId)!;
    const [now] = await database.db
      .select()
      .from(mktHoldings)
      .where(and(eq(mktHoldings.customerId, t.customerId), eq(mktHoldings.productId, t.productId!)));
    const times = trades.filter((x) => x.customerId === t.customerId && x.productId === t.productId).length;
    if (times !== 1) continue;
    expect(now!.shares).toBeCloseTo(was.shares + t.amount / nav!.nav, 4);
    expect(now!.cost).toBeCloseTo(Number(was.cost) + t.amount, 2);
  }
});

test('the timer steps once a period: due at 0.9 of it since the last step, not a millisecond before', async () => {
  const t0 = new Date('2025-06-16T10:00:00+08:00');
  expect(await runSimulatorStepIfDue(database, t0, 60_000)).not.toBeNull();
  expect(await runSimulatorStepIfDue(database, new Date(t0.getTime() + 53_999), 60_000)).toBeNull();
  expect((await runSimulatorStepIfDue(database, new Date(t0.getTime() + 54_000), 60_000))?.step).toBe(2);
  const [state] = await database.db.select().from(mktJobState).where(eq(mktJobState.name, SIMULATOR_STATE));
  expect([state!.value, state!.updatedAt]).toEqual(['2', new Date(t0.getTime() + 54_000)]);
});

test('a data folder from the old simulator is repaired: "day#step" rows become their day, the latest step wins', async () => {
  const db = database.db;
  await db.insert(mktProductNavs).values([
    // Two steps on a day the seed already priced (Friday), and three on a day it did not, out of order; step 1000 > 999.
    { productId: 3, day: '2025-06-13#000998', nav: 1.1 },
    { productId: 3, day: '2025-06-13#001000', nav: 1.3 },
    { productId: 3, day: '2025-06-16#000999', nav: 1.2 },
    { productId: 3, day: '2025-06-16#001002', nav: 1.5 },
    { productId: 3, day: '2025-06-16#001001', nav: 1.4 },
    { productId: 4, day: '2025-06-16#001001', nav: 2.4 },
  ]);
  // The repairing migration's statements, as the migrator runs them on an old data folder at its next start.
  const file = fs.readdirSync(MIGRATIONS_FOLDER).find((f) => f.endsWith('_simulated_nav_days.sql'))!;
  for (const statement of fs.readFileSync(path.join(MIGRATIONS_FOLDER, file), 'utf8').split('--> statement-breakpoint'))
    await db.execute(sql.raw(statement));
  expect(
    await db
      .select()
      .from(mktProductNavs)
      .where(sql`${mktProductNavs.day} like '%#%'`),
  ).toEqual([]);
  const rows = await db
    .select({ productId: mktProductNavs.productId, day: mktProductNavs.day, nav: mktProductNavs.nav })
    .from(mktProductNavs)
    .where(gte(mktProductNavs.day, '2025-06-13'))
    .orderBy(mktProductNavs.productId, desc(mktProductNavs.day));
  expect(rows.filter((r) => r.productId === 3 || r.productId === 4)).toEqual([
    { productId: 3, day: '2025-06-16', nav: 1.5 },
    { productId: 3, day: '2025-06-13', nav: 1.3 },
    { productId: 4, day: '2025-06-16', nav: 2.4 },
    { productId: 4, day: '2025-06-13', nav: expect.any(Number) },
  ]);
});
