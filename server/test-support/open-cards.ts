import { and, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';

import type { Db } from '../db/client';
import { mktCards, mktCustomers } from '../db/schema';

/**
 * A card on the workbench or due back on it. Spelled out here rather than read from the engine, so a suite that
 * finds free customers by it does not move with a change to what the engine counts as open.
 */
export const OPEN_OR_SNOOZED = ['new', 'viewed', 'handling', 'snoozed'] as const;

/**
 * Up to `limit` customers of the adviser, by id, with no open or snoozed card: a transfer of theirs makes a new card
 * rather than stacking on one. `withoutAccount` keeps to customers without an app account.
 */
export async function customersWithoutOpenCard(
  db: Db,
  adviserId: number,
  limit: number,
  opts: { withoutAccount?: boolean } = {},
): Promise<number[]> {
  const rows = await db
    .select({ id: mktCustomers.id })
    .from(mktCustomers)
    .where(
      and(
        eq(mktCustomers.adviserId, adviserId),
        opts.withoutAccount ? isNull(mktCustomers.userId) : undefined,
        notExists(
          db
            .select({ x: sql`1` })
            .from(mktCards)
            .where(and(eq(mktCards.customerId, mktCustomers.id), inArray(mktCards.state, OPEN_OR_SNOOZED))),
        ),
      ),
    )
    .orderBy(mktCustomers.id)
    .limit(limit);
  return rows.map((r) => r.id);
}
