import { and, eq, type SQL, sql } from 'drizzle-orm';

import type { Db } from '../../db/client';
import { storeFollows } from '../../db/schema-store';

/** How many follow an expert (a subquery on the outer expert's id, written with its table). */
export const followersOf = (expertId: SQL) =>
  sql<number>`(select count(*) from ${storeFollows} where ${storeFollows.expertId} = ${expertId})`.mapWith(Number);

/** Whether this reader follows the expert; anonymous readers follow no one. */
export const followedBy = (expertId: SQL, userId: number | null) =>
  userId === null
    ? sql<boolean>`false`
    : sql<boolean>`exists(select 1 from ${storeFollows} where ${storeFollows.expertId} = ${expertId} and ${storeFollows.userId} = ${userId})`.mapWith(
        Boolean,
      );

/** The experts a user follows, as a subquery for "views by the experts I follow". */
export const followedExpertIds = (userId: number) =>
  sql`(select ${storeFollows.expertId} from ${storeFollows} where ${storeFollows.userId} = ${userId})`;

export function createStoreFollows(db: Db) {
  return {
    /**
     * Sets or clears one user's follow of one expert. The primary key makes a double tap or a
     * retried request one row; the count is read after the write, so it is exact.
     */
    async setFollow(
      userId: number,
      expertId: number,
      followed: boolean,
      now: Date,
    ): Promise<{ followed: boolean; followers: number }> {
      if (followed) await db.insert(storeFollows).values({ userId, expertId, createdAt: now }).onConflictDoNothing();
      else
        await db.delete(storeFollows).where(and(eq(storeFollows.userId, userId), eq(storeFollows.expertId, expertId)));
      const [c] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(storeFollows)
        .where(eq(storeFollows.expertId, expertId));
      return { followed, followers: c?.n ?? 0 };
    },
  };
}
