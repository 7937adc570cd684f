import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { smsCodes } from '../db/schema';
import { MGM_SMS } from '../../src/api/contract/invitation-constants';

export type SmsRow = typeof smsCodes.$inferSelect;

/** Why a send was refused (the route turns each into its message). */
export type SendRefusal = { refused: 'too_soon'; waitSeconds: number } | { refused: 'phone_hourly' } | { refused: 'ip_daily' };
export type SendOutcome = { sent: SmsRow } | SendRefusal;

/** Advisory-lock namespaces: one for phones, one for addresses, so their hashes never collide. */
const LOCK_PHONE = 19_001;
const LOCK_ADDRESS = 19_002;

/**
 * The invitation service's SMS sends. Every limit is read from the stored codes inside one
 * transaction that first takes a lock on the phone and then on the address (always in that
 * order, so two sends cannot deadlock): two sends for one phone at the same moment run one
 * after the other, and the second sees the first's code. This holds across processes and
 * restarts because the lock and the codes both live in the database.
 */
export function createMgmSmsRepository(db: Db) {
  return {
    async send(phone: string, address: string, now: Date): Promise<SendOutcome> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_PHONE}::int, hashtext(${phone}))`);
        await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_ADDRESS}::int, hashtext(${address}))`);
        const [last] = await tx.select({ createdAt: smsCodes.createdAt }).from(smsCodes).where(eq(smsCodes.phone, phone)).orderBy(desc(smsCodes.id)).limit(1);
        const wait = last ? Math.ceil((last.createdAt.getTime() + MGM_SMS.resendSeconds * 1000 - now.getTime()) / 1000) : 0;
        if (wait > 0) return { refused: 'too_soon', waitSeconds: wait } as const;
        const count = async (where: ReturnType<typeof eq>, windowMs: number) => {
          const [row] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(smsCodes)
            .where(and(where, gt(smsCodes.createdAt, new Date(now.getTime() - windowMs))));
          return row?.n ?? 0;
        };
        if ((await count(eq(smsCodes.phone, phone), 60 * 60 * 1000)) >= MGM_SMS.perPhoneHour) return { refused: 'phone_hourly' } as const;
        if ((await count(eq(smsCodes.address, address), 24 * 60 * 60 * 1000)) >= MGM_SMS.perIpDay) return { refused: 'ip_daily' } as const;
        const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
        const [row] = await tx
          .insert(smsCodes)
          .values({ phone, code, address, createdAt: now, expiresAt: new Date(now.getTime() + MGM_SMS.ttlMs) })
          .returning();
        if (!row) throw new Error('sms insert returned nothing');
        return { sent: row };
      });
    },
  };
}
export type MgmSmsRepository = ReturnType<typeof createMgmSmsRepository>;
