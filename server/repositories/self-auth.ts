import { eq } from 'drizzle-orm';

import type { Db } from '../db/client';
import { selfAuthConfirmations } from '../db/schema';

/** The permission pair's record: one confirmation per user, the first one kept. */
export function createSelfAuthRepository(db: Db) {
  return {
    async confirmedAt(userId: number): Promise<Date | null> {
      const [row] = await db
        .select()
        .from(selfAuthConfirmations)
        .where(eq(selfAuthConfirmations.userId, userId))
        .limit(1);
      return row?.confirmedAt ?? null;
    },
    async confirm(userId: number, now: Date): Promise<Date> {
      await db.insert(selfAuthConfirmations).values({ userId, confirmedAt: now }).onConflictDoNothing();
      return (await this.confirmedAt(userId)) ?? now;
    },
  };
}
