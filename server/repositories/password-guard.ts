import { eq, sql } from 'drizzle-orm';

import type { Db } from '../db/client';
import { passwordFailures } from '../db/schema';
import { tokenHash } from '../security/token-hash';

/** Wrong passwords an account may have before it is locked. */
export const PASSWORD_FREE_TRIES = 5;
/** The first lock; each further wrong try after a lock doubles it, up to the cap. */
export const PASSWORD_FIRST_LOCK_SECONDS = 60;
export const PASSWORD_MAX_LOCK_SECONDS = 60 * 60;
/** A day without a wrong try forgets the earlier ones. */
export const PASSWORD_FORGET_MS = 24 * 60 * 60 * 1000;

/** May a password be compared now: when not, for how long; when so, whether a wrong one locks the account. */
export type PasswordAttempt =
  { allowed: false; retryAfterSeconds: number } | { allowed: true; lastTry: boolean; lockSeconds: number };

/** The lock after `failures` wrong tries: none below 5, then 60 s, 120 s, 240 s … up to an hour. */
export function lockSecondsAfter(failures: number): number {
  if (failures < PASSWORD_FREE_TRIES) return 0;
  return Math.min(
    PASSWORD_MAX_LOCK_SECONDS,
    PASSWORD_FIRST_LOCK_SECONDS * 2 ** Math.min(20, failures - PASSWORD_FREE_TRIES),
  );
}

/**
 * Per-account password limits, independent of the address (a rotated X-Forwarded-For changes nothing).
 * Each attempt is counted as a failure BEFORE the password is compared, in one upsert that also refuses
 * while the account is locked: concurrent guesses queue on the row, and at most the free tries are ever
 * compared; a right password then clears the count.
 */
export function createPasswordGuardRepository(db: Db) {
  return {
    async begin(phone: string, now: Date): Promise<PasswordAttempt> {
      const account = tokenHash(`password:${phone}`);
      const forgetBefore = new Date(now.getTime() - PASSWORD_FORGET_MS);
      const next = sql`(case when ${passwordFailures.updatedAt} < ${forgetBefore.toISOString()}::timestamptz then 1 else ${passwordFailures.failures} + 1 end)`;
      // Same formula as lockSecondsAfter, in SQL so the lock is set by the statement that counts the try.
      const lock = sql`least(${PASSWORD_MAX_LOCK_SECONDS}, ${PASSWORD_FIRST_LOCK_SECONDS} * power(2, least(20, ${next} - ${PASSWORD_FREE_TRIES})))`;
      const [row] = await db
        .insert(passwordFailures)
        .values({ account, failures: 1, lockedUntil: null, updatedAt: now })
        .onConflictDoUpdate({
          target: passwordFailures.account,
          set: {
            failures: next,
            lockedUntil: sql`case when ${next} >= ${PASSWORD_FREE_TRIES} then ${now.toISOString()}::timestamptz + make_interval(secs => ${lock}) else null end`,
            updatedAt: now,
          },
          setWhere: sql`${passwordFailures.lockedUntil} is null or ${passwordFailures.lockedUntil} <= ${now.toISOString()}::timestamptz`,
        })
        .returning({ failures: passwordFailures.failures });
      if (row)
        return {
          allowed: true,
          lastTry: row.failures >= PASSWORD_FREE_TRIES,
          lockSeconds: lockSecondsAfter(row.failures),
        };
      const [locked] = await db
        .select({ until: passwordFailures.lockedUntil })
        .from(passwordFailures)
        .where(eq(passwordFailures.account, account));
      const ms = (locked?.until?.getTime() ?? now.getTime()) - now.getTime();
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) };
    },

    /** The right password: the account's wrong tries are forgotten. */
    async succeeded(phone: string): Promise<void> {
      await db.delete(passwordFailures).where(eq(passwordFailures.account, tokenHash(`password:${phone}`)));
    },
  };
}
