/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { and, eq, isNull, sql } from 'drizzle-orm';

import { mktCards, mktCustomers, mktTransfers, users } from '../db/schema';
import { releaseAll } from '../marketing/daily-cap';
import { createEngine } from '../marketing/engine';
import { createTestApp, type TestApp } from '../test-support/app';

// Only employees with the financial-adviser flag own customers and receive cards (docs/compliance.md).
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const REVIEWER = 3; // u3 陈志强: a reviewer, not a financial adviser

test('the seed gives no customer and no card to an employee without the financial-adviser flag', async () => {
  const db = t.database.db;
  const owners = await db
    .select({ adviserId: mktCustomers.adviserId, fa: users.isFinancialAdvisor, n: sql<number>`count(*)::int` })
    .from(mktCustomers)
    .innerJoin(users, eq(users.id, mktCustomers.adviserId))
    .groupBy(mktCustomers.adviserId, users.isFinancialAdvisor);
  expect(owners.every((o) => o.fa)).toBe(true);
  expect((await db.select().from(mktCards).where(eq(mktCards.adviserId, REVIEWER))).length).toBe(0);
});

test("the engine makes no card from a non-adviser's customer, and the daily cap releases nothing to one", async () => {
  const db = t.database.db;
  const now = t.clock.now();
  // A customer handed (by some mistake) to the reviewer: their inflow makes no signal and no card.
  const [customer] = await db.select().from(mktCustomers).where(eq(mktCustomers.adviserId, 1)).limit(1);
  await db.update(mktCustomers).set({ adviserId: REVIEWER }).where(eq(mktCustomers.id, customer!.id));
  const [transfer] = await db
    .insert(mktTransfers)
    .values({ customerId: customer!.id, direction: 'in', amount: 2_000_000, bank: '招商银行', occurredAt: now })
    .returning();
  const fact = { kind: 'transfer' as const, id: transfer!.id, customerId: customer!.id, direction: 'in' as const };
  const result = await createEngine(db).evaluate([{ ...fact, amount: 2_000_000, occurredAt: now }], now);
  expect(result.signals).toBe(0);
  expect((await db.select().from(mktCards).where(eq(mktCards.adviserId, REVIEWER))).length).toBe(0);
  // Given back to the adviser, the same kind of fact does make a card: the refusal is about the owner.
  await db.update(mktCustomers).set({ adviserId: 1 }).where(eq(mktCustomers.id, customer!.id));
  const [again] = await db
    .insert(mktTransfers)
    .values({ customerId: customer!.id, direction: 'in', amount: 2_000_000, bank: '招商银行', occurredAt: now })
    .returning();
  const back = await createEngine(db).evaluate([{ ...fact, id: again!.id, amount: 2_000_000, occurredAt: now }], now);
  expect(back.signals).toBeGreaterThan(0);

  // A waiting card that somehow belongs to the reviewer is never let onto a workbench, however much room.
  const [waiting] = await db
    .select({ id: mktCards.id })
    .from(mktCards)
    .where(and(eq(mktCards.adviserId, 1), eq(mktCards.state, 'new'), isNull(mktCards.releasedAt)))
    .limit(1);
  expect(waiting).toBeDefined();
  await db.update(mktCards).set({ adviserId: REVIEWER }).where(eq(mktCards.id, waiting!.id));
  expect(await releaseAll(db, [REVIEWER], now, () => 100)).toBe(0);
  const [card] = await db.select().from(mktCards).where(eq(mktCards.id, waiting!.id));
  expect(card!.releasedAt).toBeNull();
  // The adviser's own waiting cards still come in.
  expect(await releaseAll(db, [1], now, () => 100)).toBeGreaterThan(0);
});
