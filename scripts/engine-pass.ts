import { inArray } from 'drizzle-orm';

import type { Database } from '../server/db/client';
import { mktCustomers, mktTransfers } from '../server/db/schema';
import type { createEngine } from '../server/marketing/engine';
import type { Fact } from '../server/marketing/rules';

/** The seeded advisers' customers (u1–u3), whose new transfers the engine benches feed it. */
export async function seededCustomerIds(database: Database): Promise<number[]> {
  const rows = await database.db
    .select({ id: mktCustomers.id })
    .from(mktCustomers)
    .where(inArray(mktCustomers.adviserId, [1, 2, 3]));
  return rows.map((c) => c.id);
}

/**
 * One engine call over `count` new transfers of these customers, written first as the product writes them; returns
 * its signals and the engine's milliseconds (the transfers' own insert is not timed).
 */
export async function onePass(
  database: Database,
  engine: ReturnType<typeof createEngine>,
  customerIds: number[],
  from: number,
  count: number,
  now: Date,
) {
  const values = Array.from({ length: count }, (_, k) => ({
    customerId: customerIds[(from + k) % customerIds.length]!,
    direction: 'in' as const,
    amount: 60_000 + ((from + k) % 50) * 10_000,
    bank: '招商银行',
    occurredAt: now,
  }));
  const rows = await database.db.insert(mktTransfers).values(values).returning();
  const facts: Fact[] = rows.map((r) => ({
    kind: 'transfer',
    id: r.id,
    customerId: r.customerId,
    direction: 'in',
    amount: Number(r.amount),
    occurredAt: now,
  }));
  const t0 = performance.now();
  const { signals } = await engine.evaluate(facts, now);
  return { signals, ms: performance.now() - t0 };
}
