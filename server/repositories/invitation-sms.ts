import { randomInt } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { smsCodes } from '../db/schema';
import { MGM_SMS } from '../../src/api/contract/invitation-constants';
import { lockedSmsSend } from './sms-lock';

export type SmsRow = typeof smsCodes.$inferSelect;

/** Why a send was refused (the route turns each into its message). */
export type SendRefusal = { refused: 'too_soon'; waitSeconds: number } | { refused: 'phone_hourly' } | { refused: 'ip_daily' };
export type SendOutcome = { sent: SmsRow } | SendRefusal;

/** The invitation service's SMS sends: its limits read inside lockedSmsSend, so the second of two sends sees the first's code. */
export function createMgmSmsRepository(db: Db) {
  return {
    async send(phone: string, address: string, now: Date): Promise<SendOutcome> {
      return lockedSmsSend(db, phone, address, now, async (tx, count) => {
        const [last] = await tx.select({ createdAt: smsCodes.createdAt }).from(smsCodes).where(eq(smsCodes.phone, phone)).orderBy(desc(smsCodes.id)).limit(1);
        const wait = last ? Math.ceil((last.createdAt.getTime() + MGM_SMS.resendSeconds * 1000 - now.getTime()) / 1000) : 0;
        if (wait > 0) return { refused: 'too_soon', waitSeconds: wait } as const;
        if ((await count('phone', 60 * 60 * 1000)) >= MGM_SMS.perPhoneHour) return { refused: 'phone_hourly' } as const;
        if ((await count('address', 24 * 60 * 60 * 1000)) >= MGM_SMS.perIpDay) return { refused: 'ip_daily' } as const;
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
