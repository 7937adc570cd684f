/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { and, eq, like, sql } from 'drizzle-orm';

import { type Database, openDatabase } from '../db/client';
import { leaveMessages, lives, mktBehaviours, mktCustomers, mktSignals, users } from '../db/schema';
import { runLiveScanOnce } from '../marketing/jobs';
import { TEST_BASE_TIME } from '../test-support/database';
import { describeOnPostgres, openFreshPostgres, TEST_DATABASE_URL } from '../test-support/postgres';

/**
 * The card engine shared: two servers on one PostgreSQL both run the
 * live-to-card scan. Each pass takes the database's advisory lock (the other skips), so a
 * question left in a live becomes one behaviour and one signal, however the passes overlap.
 * Two connection pools here stand for the two servers.
 */
jest.setTimeout(120_000);
describeOnPostgres("two servers' scans", () => {
  let a: Database & { url: string };
  let b: Database;
  beforeAll(async () => {
    a = await openFreshPostgres(TEST_DATABASE_URL, { prefix: 'wl_joblock' });
    b = await openDatabase({ databaseUrl: a.url });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  test('a question left in a live is turned into a signal once, with both servers scanning at the same time', async () => {
    const [customer] = await a.db
      .select({ uuid: users.uuid, customerId: mktCustomers.id })
      .from(users)
      .innerJoin(mktCustomers, eq(mktCustomers.userId, users.id))
      .where(eq(users.role, 'customer'))
      .limit(1);
    const [live] = await a.db.select({ id: lives.id }).from(lives).limit(1);
    const now = new Date(TEST_BASE_TIME.getTime() + 60_000);
    const rounds = 6;
    for (let i = 0; i < rounds; i += 1) {
      await a.db.insert(leaveMessages).values({
        liveId: live!.id,
        employeeId: customer!.uuid,
        realName: '客户',
        content: `并发扫描第${i}个问题：这只基金适合长期持有吗`,
        createdAt: now,
      });
      // Both servers' timers fire together; whichever holds the lock does the pass, the other skips.
      const results = await Promise.all([
        runLiveScanOnce(a, now),
        runLiveScanOnce(b, now),
        runLiveScanOnce(a, now),
        runLiveScanOnce(b, now),
      ]);
      expect(results.some((r) => r !== null)).toBe(true);
    }
    // Passes that found nothing new leave it so.
    await Promise.all([runLiveScanOnce(a, now), runLiveScanOnce(b, now)]);
    const behaviours = await a.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mktBehaviours)
      .where(
        and(
          eq(mktBehaviours.customerId, customer!.customerId),
          eq(mktBehaviours.kind, 'live_question'),
          like(mktBehaviours.text, '并发扫描%'),
        ),
      );
    expect(behaviours[0]!.n).toBe(rounds);
    const signals = await a.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mktSignals)
      .where(and(eq(mktSignals.customerId, customer!.customerId), like(mktSignals.title, '%并发扫描%')));
    expect(signals[0]!.n).toBeLessThanOrEqual(rounds);
  });

  test('the lock is one holder at a time across pools, and a waiting start runs after the holder', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = a.exclusive('test:lock', () => new Promise<string>((resolve) => (release = () => resolve('a'))));
    await new Promise((r) => setTimeout(r, 100));
    expect(await b.exclusive('test:lock', async () => 'b')).toBeNull();
    const waiting = b.exclusive('test:lock', async () => (order.push('b waited'), 'b'), { wait: true });
    await new Promise((r) => setTimeout(r, 100));
    order.push('a released');
    release();
    expect(await held).toBe('a');
    expect(await waiting).toBe('b');
    expect(order).toEqual(['a released', 'b waited']);
  });
});
