import { and, eq, type SQL, sql } from 'drizzle-orm';

import { type LikeItemType } from '../../../src/api/contract/store-constants';
import type { Db } from '../../db/client';
import { type storeArticles, storeLikes } from '../../db/schema-store';

/** How many like an item (a subquery on the outer row's id). */
export const likesOf = (type: LikeItemType, id: SQL | typeof storeArticles.id) =>
  sql<number>`(select count(*) from ${storeLikes} where ${storeLikes.itemType} = ${type} and ${storeLikes.itemId} = ${id})`.mapWith(
    Number,
  );

/** Whether this reader likes the item; anonymous readers like nothing. */
export const likedBy = (type: LikeItemType, id: SQL | typeof storeArticles.id, userId: number | null) =>
  userId === null
    ? sql<boolean>`false`
    : sql<boolean>`exists(select 1 from ${storeLikes} where ${storeLikes.itemType} = ${type} and ${storeLikes.itemId} = ${id} and ${storeLikes.userId} = ${userId})`.mapWith(
        Boolean,
      );

export function createStoreLikes(db: Db) {
  return {
    /**
     * Sets or clears one user's like. The primary key makes concurrent or repeated "like"
     * requests insert one row; the count is read after, so it is exact.
     */
    async setLike(
      userId: number,
      itemType: LikeItemType,
      itemId: number,
      liked: boolean,
      now: Date,
    ): Promise<{ liked: boolean; likes: number }> {
      if (liked) await db.insert(storeLikes).values({ userId, itemType, itemId, createdAt: now }).onConflictDoNothing();
      else
        await db
          .delete(storeLikes)
          .where(and(eq(storeLikes.userId, userId), eq(storeLikes.itemType, itemType), eq(storeLikes.itemId, itemId)));
      const [c] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(storeLikes)
        .where(and(eq(storeLikes.itemType, itemType), eq(storeLikes.itemId, itemId)));
      return { liked, likes: c?.n ?? 0 };
    },
  };
}
