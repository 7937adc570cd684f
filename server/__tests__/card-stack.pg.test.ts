/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { eq, sql } from 'drizzle-orm';

import type { Database } from '../db/client';
import { mktCustomers, mktSignals } from '../db/schema';
import { cardStackContract } from '../test-support/card-stack-contract';
import { describeOnPostgres, openFreshPostgres } from '../test-support/postgres';

describeOnPostgres('the card engine’s statements', () => {
  cardStackContract(openFreshPostgres);
});

describeOnPostgres('a new signal’s customer, checked once per statement', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openFreshPostgres();
  }, 600_000);
  afterAll(() => database?.close());

  test('is key-share locked until the transaction ends: its deletion waits, as under a foreign key', async () => {
    const [c] = await database.db.select().from(mktCustomers).limit(1);
    // The pool's connections: the writer holds one, the deleter another, which gives up after 300 ms of waiting.
    const deleting = () =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '300ms'`);
        await tx.delete(mktCustomers).where(eq(mktCustomers.id, c!.id));
      });
    const refusal = await database.db.transaction(async (tx) => {
      await tx.insert(mktSignals).values({
        adviserId: c!.adviserId,
        customerId: c!.id,
        categoryId: 1,
        factKey: `t:lock:${Date.now()}`,
        title: '资金转入',
        amount: 100_000,
        intensity: 0.5,
        occurredAt: new Date(),
      });
      return deleting().then(
        () => 'deleted under the writer',
        (err: { cause?: { code?: string } }) => err.cause?.code,
      );
    });
    expect(refusal).toBe('55P03');
    // Once the writer is done, the customer goes, and their signals with them.
    await deleting();
    expect(await database.db.$count(mktSignals, eq(mktSignals.customerId, c!.id))).toBe(0);
  });
});
