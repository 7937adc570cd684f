import { desc, eq } from 'drizzle-orm';

import type { Db } from '../../db/client';
import { mktCustomers } from '../../db/schema';
import { storeQualifications } from '../../db/schema-store';

/** What decides whether a reader may see a private fund's performance: the declaration and the assessed level. */
export function createStoreQualifications(db: Db) {
  return {
    async qualification(userId: number) {
      const [r] = await db.select().from(storeQualifications).where(eq(storeQualifications.userId, userId));
      return r ?? null;
    },
    /** The declaration that met the rule, and the flag on the reader's customer record(s) the workbench's suitability reads. */
    async confirmQualification(
      userId: number,
      basis: 'assets' | 'income',
      amount: number,
      productId: number | null,
      now: Date,
    ) {
      await db.transaction(async (tx) => {
        await tx
          .insert(storeQualifications)
          .values({ userId, basis, declaredAmount: amount, riskAcknowledged: true, productId, confirmedAt: now })
          .onConflictDoUpdate({
            target: storeQualifications.userId,
            set: { basis, declaredAmount: amount, riskAcknowledged: true, productId, confirmedAt: now },
          });
        await tx.update(mktCustomers).set({ qualified: true, qualifiedAt: now }).where(eq(mktCustomers.userId, userId));
      });
    },
    /** The reader's customer record (assessed risk level and expiry), if they are a customer of the firm. */
    async customerOf(userId: number) {
      const [c] = await db
        .select()
        .from(mktCustomers)
        .where(eq(mktCustomers.userId, userId))
        .orderBy(desc(mktCustomers.riskAssessedAt))
        .limit(1);
      return c ?? null;
    },
  };
}
