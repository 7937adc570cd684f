import { and, asc, eq, inArray, sql } from 'drizzle-orm';

import type { StoreExpert } from '../../../src/api/contract/store';
import type { Db } from '../../db/client';
import { storeArticles, storeExperts } from '../../db/schema-store';
import { followedBy, followedExpertIds, followersOf } from './follows';
import { decodeCursor, expertRef, type PageArgs, type Paged, paged } from './query';

type ExpertRow = typeof storeExperts.$inferSelect;
type ExpertSelected = { e: ExpertRow; n: number; followers: number; followed: boolean };

const expertOut = (r: ExpertSelected): StoreExpert => ({
  id: r.e.id,
  kind: r.e.kind,
  name: r.e.name,
  avatar: r.e.avatar,
  title: r.e.title,
  organization: r.e.organization,
  certificate_no: r.e.certificateNo,
  bio: r.e.bio,
  tags: r.e.tags,
  article_count: r.n,
  followers: r.followers,
  followed: Boolean(r.followed),
});
const articleCount =
  sql<number>`(select count(*) from ${storeArticles} where ${storeArticles.authorId} = ${expertRef})`.mapWith(Number);
const expertSelect = (userId: number | null) => ({
  e: storeExperts,
  n: articleCount,
  followers: followersOf(expertRef),
  followed: followedBy(expertRef, userId),
});

/** Experts and core members, and the staff accounts that write for them. */
export function createStoreExperts(db: Db) {
  return {
    async experts(
      kind: 'expert' | 'core' | 'followed' | undefined,
      page: PageArgs,
      userId: number | null = null,
    ): Promise<Paged<StoreExpert>> {
      if (kind === 'followed' && userId === null) return { list: [], next_cursor: null };
      const after =
        page.cursor && /^\d{1,10}$/.test(page.cursor) ? Number(page.cursor) : (decodeCursor(page.cursor)?.id ?? 0);
      const rows = await db
        .select(expertSelect(userId))
        .from(storeExperts)
        .where(
          and(
            kind === 'followed'
              ? sql`${storeExperts.id} in ${followedExpertIds(userId!)}`
              : kind
                ? eq(storeExperts.kind, kind)
                : undefined,
            sql`${storeExperts.id} > ${after}`,
          ),
        )
        .orderBy(asc(storeExperts.id))
        .limit(page.limit + 1);
      return paged(rows, page.limit, expertOut, (r) => [0, r.e.id]);
    },
    async expert(id: number, userId: number | null = null): Promise<StoreExpert | null> {
      const [r] = await db.select(expertSelect(userId)).from(storeExperts).where(eq(storeExperts.id, id));
      return r ? expertOut(r) : null;
    },
    async expertForUser(userId: number): Promise<ExpertRow | null> {
      const [r] = await db.select().from(storeExperts).where(eq(storeExperts.userId, userId)).limit(1);
      return r ?? null;
    },
    /** The staff accounts that write for these experts (the authors the four-eyes rule keeps from reviewing themselves). */
    async expertUsers(expertIds: readonly number[]): Promise<Map<number, number | null>> {
      if (!expertIds.length) return new Map();
      const rows = await db
        .select({ id: storeExperts.id, userId: storeExperts.userId })
        .from(storeExperts)
        .where(inArray(storeExperts.id, [...new Set(expertIds)]));
      return new Map(rows.map((r) => [r.id, r.userId]));
    },
  };
}
