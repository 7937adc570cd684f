import type { Db } from '../../db/client';
import { storeSignIns } from '../../db/schema-store';

/** The phone a reader signed the store in with (one row per user, the latest). */
export function createStoreSignIns(db: Db) {
  return {
    async recordSignIn(userId: number, phone: string, now: Date) {
      await db
        .insert(storeSignIns)
        .values({ userId, phone, signedAt: now })
        .onConflictDoUpdate({ target: storeSignIns.userId, set: { phone, signedAt: now } });
    },
  };
}
