import { type SQL, sql } from 'drizzle-orm';

import { ADVISORY_NAMESPACE } from '../db/client';

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
 * The partitions of the advisers `adviserIds` (a subquery's `adviser_id` column) locked in ascending order (one order
 * for every locker: no deadlock), as an expression: a statement reads what it needs and takes the locks in one round
 * trip. The sorted subquery hands the partitions to the lock function one by one, in its order. The statement's own
 * reads may predate the locks; the caller's next statement sees whatever their last holder wrote.
 */
export const lockPartitionsOf = (adviserIds: SQL) => sql`(
  select count(pg_advisory_xact_lock(${ADVISORY_NAMESPACE}::int, hashtext('marketing:cards:' || t.partition)))
  from (select distinct a.adviser_id % ${CARD_PARTITIONS} as partition from (${adviserIds}) as a order by 1 offset 0) as t)`;
