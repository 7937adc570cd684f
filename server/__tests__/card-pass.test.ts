/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';

import { mktCardEvents, mktCards, mktTransfers } from '../db/schema';
import { runCardPassOnce } from '../marketing/jobs';
import { createMarketingRepository } from '../repositories/marketing';
import { createUsersRepository } from '../repositories/users';
import { createTestApp, type TestApp } from '../test-support/app';
import { columnsOf } from '../test-support/columns';
import { mm } from '../test-support/market-map';
import { customersWithoutOpenCard } from '../test-support/open-cards';

// Reads of the workbench only read; due snoozes wake and the daily cap releases in the card pass (jobs.ts).
let t: TestApp;
let sid: string;
beforeEach(async () => {
  t = await createTestApp();
  sid = (await createUsersRepository(t.database.db).createSession(1, t.clock.now(), 30 * 86_400_000)).token;
});
afterEach(() => t.close());

const at = (text: string) => new Date(text);
const cardsOf = (adviserId: number) =>
  t.database.db
    .select(columnsOf(mktCards, 'id', 'state', 'releasedAt', 'snoozeUntil', 'updatedAt'))
    .from(mktCards)
    .where(eq(mktCards.adviserId, adviserId))
    .orderBy(asc(mktCards.id));
const eventCount = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(mktCardEvents))[0]!.n;
const stateOf = async (id: number) => (await t.database.db.select().from(mktCards).where(eq(mktCards.id, id)))[0]!;

/** `n` new cards of adviser 1 waiting behind a full cap (transfers of customers without an open card), at `now`. */
async function waitingCards(n: number, now: Date): Promise<number[]> {
  const mkt = createMarketingRepository(t.database.db);
  const db = t.database.db;
  await mkt.settings.set(1, { thresholds: { daily_cap: 0 } }, now);
  const before = new Set(await waitingIds());
  const free = await customersWithoutOpenCard(db, 1, n);
  const rows = await db
    .insert(mktTransfers)
    .values(
      free.map((customerId) => ({
        customerId,
        direction: 'in' as const,
        amount: 900_000,
        bank: '招商银行',
        occurredAt: now,
      })),
    )
    .returning();
  await mkt.engine.evaluate(
    rows.map((r) => ({
      kind: 'transfer' as const,
      id: r.id,
      customerId: r.customerId,
      direction: 'in' as const,
      amount: 900_000,
      occurredAt: now,
    })),
    now,
  );
  const waiting = await waitingIds();
  const made = waiting.filter((id) => !before.has(id));
  expect(made.length).toBe(n);
  return made;
}

/** Adviser 1's cards waiting for room (the seed leaves some: its history never released more than the cap a day). */
async function waitingIds(): Promise<number[]> {
  const rows = await t.database.db
    .select({ id: mktCards.id })
    .from(mktCards)
    .where(and(eq(mktCards.adviserId, 1), eq(mktCards.state, 'new'), isNull(mktCards.releasedAt)));
  return rows.map((r) => r.id);
}

/** An open card of adviser 1 on the workbench, snoozed until `until` (the template's clock: Sunday 2025-06-15). */
async function snoozedCard(until: string): Promise<number> {
  const list = await mm(t, sid, 'GET', '/chance-card/list', { limit: 1 });
  const id = list.body.data.list[0].card_id as number;
  expect((await mm(t, sid, 'POST', '/chance-card/snooze', { card_id: id, until })).body.data.state).toBe('snoozed');
  return id;
}

test('reading the workbench writes nothing, even when a snooze is due and the cap has room', async () => {
  const id = await snoozedCard('2025-06-17');
  const waiting = await waitingCards(3, at('2025-06-16T10:00:00+08:00'));
  await createMarketingRepository(t.database.db).settings.set(
    1,
    { thresholds: { daily_cap: 10 } },
    at('2025-06-16T10:00:00+08:00'),
  );
  // Tuesday morning: the snooze is due and today's cap (a new day) has all its room.
  t.clock.set(at('2025-06-17T08:00:00+08:00'));
  const [cards, events] = [await cardsOf(1), await eventCount()];
  for (const [path, query] of [
    ['/chance-card/list', undefined],
    ['/chance-card/list', { order: 'time' }],
    ['/chance/type', undefined],
    ['/chance/list', { state: 'snoozed' }],
    ['/chance/list', { state: 'waiting' }],
    ['/chance-card/stats', undefined],
  ] as const) {
    expect([path, (await mm(t, sid, 'GET', path, query)).status]).toEqual([path, 200]);
  }
  expect([await cardsOf(1), await eventCount()]).toEqual([cards, events]);
  expect((await stateOf(id)).state).toBe('snoozed');
  // The pass does what the reads used to: the card wakes, waiting cards come in.
  const pass = await runCardPassOnce(t.database, t.clock.now());
  expect(pass!.woken).toBeGreaterThanOrEqual(1);
  expect((await stateOf(id)).state).toBe('new');
  for (const w of waiting) expect((await stateOf(w)).releasedAt).toEqual(t.clock.now());
  const shown: number[] = [];
  for (let cursor: string | null = '', n = 0; cursor !== null && n < 20; n += 1) {
    const page = await mm(t, sid, 'GET', '/chance-card/list', cursor ? { limit: 50, cursor } : { limit: 50 });
    shown.push(...page.body.data.list.map((c: { card_id: number }) => c.card_id));
    cursor = page.body.data.next_cursor;
  }
  expect(shown).toEqual(expect.arrayContaining([id, ...waiting]));
});

test('a snoozed card sleeps until its date (Beijing time) and wakes at its first moment', async () => {
  const id = await snoozedCard('2025-06-18');
  await runCardPassOnce(t.database, at('2025-06-17T23:59:59.999+08:00'));
  expect((await stateOf(id)).state).toBe('snoozed');
  expect((await runCardPassOnce(t.database, at('2025-06-18T00:00:00+08:00')))?.woken).toBeGreaterThanOrEqual(1);
  const card = await stateOf(id);
  expect([card.state, card.snoozeUntil]).toEqual(['new', null]);
  const [event] = await t.database.db
    .select()
    .from(mktCardEvents)
    .where(eq(mktCardEvents.cardId, id))
    .orderBy(sql`${mktCardEvents.id} desc`)
    .limit(1);
  expect([event!.kind, event!.note]).toEqual(['resurfaced', '暂缓到期']);
});

test("a snoozed card wakes at once on the customer's new activity, before its date", async () => {
  const id = await snoozedCard('2025-07-01');
  const card = await stateOf(id);
  const mkt = createMarketingRepository(t.database.db);
  const now = at('2025-06-16T10:00:00+08:00');
  const [transfer] = await t.database.db
    .insert(mktTransfers)
    .values({ customerId: card.customerId, direction: 'in', amount: 900_000, bank: '招商银行', occurredAt: now })
    .returning();
  const result = await mkt.engine.evaluate(
    [
      {
        kind: 'transfer',
        id: transfer!.id,
        customerId: card.customerId,
        direction: 'in',
        amount: 900_000,
        occurredAt: now,
      },
    ],
    now,
  );
  expect(result.resurfaced).toBe(1);
  expect((await stateOf(id)).state).toBe('new');
});

test("the pass releases at most the daily cap a business day: none more at 23:59:59, the next day's room at 00:00", async () => {
  const mkt = createMarketingRepository(t.database.db);
  const db = t.database.db;
  const seeded = (await waitingIds()).length;
  await waitingCards(5, at('2025-06-16T09:00:00+08:00'));
  await mkt.settings.set(1, { thresholds: { daily_cap: 2 } }, at('2025-06-16T09:00:00+08:00'));
  const releasedOn = async (day: string) =>
    (
      await db
        .select({ id: mktCards.id })
        .from(mktCards)
        .where(
          and(
            eq(mktCards.adviserId, 1),
            isNotNull(mktCards.releasedAt),
            sql`${mktCards.releasedAt} >= ${`${day}T00:00:00+08:00`}::timestamptz`,
            sql`${mktCards.releasedAt} < ${`${day}T00:00:00+08:00`}::timestamptz + interval '1 day'`,
          ),
        )
    ).length;
  // Counted for adviser 1 (the pass serves every adviser; the seed leaves others' cards waiting too).
  await runCardPassOnce(t.database, at('2025-06-16T23:59:58+08:00'));
  expect(await releasedOn('2025-06-16')).toBe(2);
  await runCardPassOnce(t.database, at('2025-06-16T23:59:59.999+08:00'));
  expect(await releasedOn('2025-06-16')).toBe(2);
  await runCardPassOnce(t.database, at('2025-06-17T00:00:00+08:00'));
  expect(await releasedOn('2025-06-17')).toBe(2);
  // Best first: the two released on Monday score at least as high as any still waiting.
  const monday = await db
    .select({ score: mktCards.score })
    .from(mktCards)
    .where(
      and(
        eq(mktCards.adviserId, 1),
        sql`${mktCards.releasedAt} >= '2025-06-16T00:00:00+08:00'::timestamptz`,
        sql`${mktCards.releasedAt} < '2025-06-17T00:00:00+08:00'::timestamptz`,
      ),
    );
  const still = await db
    .select({ score: mktCards.score })
    .from(mktCards)
    .where(and(eq(mktCards.adviserId, 1), eq(mktCards.state, 'new'), isNull(mktCards.releasedAt)));
  expect(still.length).toBe(seeded + 5 - 4);
  expect(Math.min(...monday.map((m) => m.score))).toBeGreaterThanOrEqual(Math.max(...still.map((c) => c.score)));
});
