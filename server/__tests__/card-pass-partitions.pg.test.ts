/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { and, eq, inArray, sql } from 'drizzle-orm';

import { businessDate } from '../../src/api/contract/dates';
import { type Database, openDatabase } from '../db/client';
import { mktCardEvents, mktCards } from '../db/schema';
import { createEngine } from '../marketing/engine';
import { runCardPassOnce } from '../marketing/jobs';
import { partitionOf } from '../marketing/partitions';
import { TEST_BASE_TIME } from '../test-support/database';
import { describeOnPostgres, openFreshPostgres, TEST_DATABASE_URL } from '../test-support/postgres';

/**
 * Two servers on one PostgreSQL share the card pass by adviser partition: two connection pools stand for them. Each
 * partition with work is done by exactly one of them, and they work at the same time (neither waits for the other's
 * whole pass).
 */
jest.setTimeout(120_000);
describeOnPostgres('the card pass shared by two servers', () => {
  let a: Database & { url: string };
  let b: Database;
  beforeAll(async () => {
    a = await openFreshPostgres(TEST_DATABASE_URL, { prefix: 'engine_card_pass' });
    b = await openDatabase({ databaseUrl: a.url });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  test('each partition is done once, by one server, and both servers work at once', async () => {
    const now = new Date(TEST_BASE_TIME.getTime() + 2 * 86_400_000);
    // Work in every adviser's partition: two open cards of each adviser snoozed to a date that has come.
    const open = await a.db
      .select({ id: mktCards.id, adviserId: mktCards.adviserId })
      .from(mktCards)
      .where(inArray(mktCards.state, ['new', 'viewed', 'handling']))
      .orderBy(mktCards.id);
    const snoozed = [...new Set(open.map((c) => c.adviserId))].flatMap((adviser) =>
      open.filter((c) => c.adviserId === adviser).slice(0, 2),
    );
    await a.db
      .update(mktCards)
      .set({ state: 'snoozed', snoozeUntil: '2025-01-01' })
      .where(
        inArray(
          mktCards.id,
          snoozed.map((c) => c.id),
        ),
      );
    // The seed's own snoozes that have come due wake too.
    const [due] = await a.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mktCards)
      .where(and(eq(mktCards.state, 'snoozed'), sql`${mktCards.snoozeUntil} <= ${businessDate(now)}`));
    const partitions = await createEngine(a.db).partitionsWithWork(now);
    expect(partitions).toEqual(expect.arrayContaining([...new Set(snoozed.map((c) => partitionOf(c.adviserId)))]));
    expect(partitions.length).toBeGreaterThanOrEqual(2);

    // Each server, in its first partition, waits until the other is inside one too: both passes under way at once.
    const inside = { a: () => {}, b: () => {} };
    const entered = {
      a: new Promise<void>((resolve) => (inside.a = resolve)),
      b: new Promise<void>((resolve) => (inside.b = resolve)),
    };
    const [ra, rb] = await Promise.all([
      runCardPassOnce(a, now, { onPartition: () => (inside.a(), entered.b) }),
      runCardPassOnce(b, now, { onPartition: () => (inside.b(), entered.a) }),
    ]);
    expect(ra.partitions.length).toBeGreaterThanOrEqual(1);
    expect(rb.partitions.length).toBeGreaterThanOrEqual(1);
    expect(ra.partitions.filter((p) => rb.partitions.includes(p))).toEqual([]);
    expect([...ra.partitions, ...rb.partitions].sort((x, y) => x - y)).toEqual(partitions);
    expect(ra.woken + rb.woken).toBe(due!.n);
    expect(due!.n).toBeGreaterThanOrEqual(snoozed.length);

    // Every snoozed card woke once: one event each, whichever server did its partition.
    const events = await a.db
      .select({ cardId: mktCardEvents.cardId, n: sql<number>`count(*)::int` })
      .from(mktCardEvents)
      .where(
        and(
          eq(mktCardEvents.note, '暂缓到期'),
          inArray(
            mktCardEvents.cardId,
            snoozed.map((c) => c.id),
          ),
        ),
      )
      .groupBy(mktCardEvents.cardId);
    expect(events.map((e) => e.n)).toEqual(snoozed.map(() => 1));

    // Later in the same period, the pass is done: neither server does a partition again.
    const again = await Promise.all([runCardPassOnce(a, now), runCardPassOnce(b, now)]);
    expect(again.map((r) => r.partitions)).toEqual([[], []]);
  });
});
