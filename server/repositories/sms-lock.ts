import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { smsCodes } from '../db/schema';

/** Advisory-lock namespaces: one for phones, one for addresses, so their hashes never collide. */
const LOCK_PHONE = 19_001;
const LOCK_ADDRESS = 19_002;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Runs an SMS send's checks and insert in one transaction that first locks the phone, then the address
 * (always that order: no deadlock), so sends at the same moment queue and every limit read inside holds,
 * across processes and restarts. `count` counts the stored codes of a phone or address in a window.
 * Both the sign-in and the invitation sends go through it.
 */
export function lockedSmsSend<T>(db: Db, phone: string, address: string, now: Date, send: (tx: Tx, count: (by: 'phone' | 'address', windowMs: number) => Promise<number>) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_PHONE}::int, hashtext(${phone}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_ADDRESS}::int, hashtext(${address}))`);
    const count = async (by: 'phone' | 'address', windowMs: number) => {
      const where = by === 'phone' ? eq(smsCodes.phone, phone) : eq(smsCodes.address, address);
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(smsCodes)
        .where(and(where, gt(smsCodes.createdAt, new Date(now.getTime() - windowMs))));
      return row?.n ?? 0;
    };
    return send(tx, count);
  });
}

