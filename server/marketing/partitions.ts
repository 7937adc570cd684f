import { sql } from 'drizzle-orm';

import { ADVISORY_NAMESPACE, type Db } from '../db/client';

/**
 * The card engine's work is split by adviser into this many partitions (adviser id modulo): servers share a pass
 * partition by partition, and a partition's cards are written by one transaction at a time. A fixed number, not one
 * per adviser: a pass is a few statements a partition, however many advisers there are.
 */
export const CARD_PARTITIONS = 8;

export const partitionOf = (adviserId: number) => adviserId % CARD_PARTITIONS;

/** The name of the lock a server holds while it does one partition's share of a scheduled pass. */
export const passLockName = (partition: number) => `marketing:card-pass:${partition}`;

/**
 * Waits for, and holds to the end of the transaction, the lock on one partition's cards (the same keys as the
 * database's exclusive locks, another name). Stacking, waking and the daily cap read, then write: two servers doing
 * so at once for one adviser would both create a customer's one open card, or both fill the same room of the cap.
 */
export const lockStatement = (partition: number) =>
  sql`select pg_advisory_xact_lock(${ADVISORY_NAMESPACE}::int, hashtext(${`marketing:cards:${partition}`}))`;

/**
 * The partitions of these advisers, locked in ascending order (one order for every locker: no deadlock). One
 * statement: the sorted subquery hands the partitions to the lock function one by one, in its order.
 */
export async function lockPartitions(tx: Db, adviserIds: readonly number[]): Promise<void> {
  const partitions = [...new Set(adviserIds.map(partitionOf))].sort((a, b) => a - b);
  if (partitions.length === 0) return;
  const names = partitions.map((p) => sql`(${p}::int, ${`marketing:cards:${p}`}::text)`);
  await tx.execute(sql`
    select pg_advisory_xact_lock(${ADVISORY_NAMESPACE}::int, hashtext(t.name))
    from (select * from (values ${sql.join(names, sql`, `)}) as v(partition, name) order by partition offset 0) as t`);
}
