import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';

import type { StoreArticle } from '../../../src/api/contract/store';
import type { Db } from '../../db/client';
import { storeArticles, storeExperts } from '../../db/schema-store';
import { followedExpertIds } from './follows';
import { likedBy, likesOf } from './likes';
import { olderThan, type PageArgs, type Paged, paged } from './query';

async function articlePage(
  db: Db,
  where: SQL | undefined,
  page: PageArgs,
  userId: number | null,
): Promise<Paged<StoreArticle>> {
  const rows = await db
    .select({
      a: storeArticles,
      e: storeExperts,
      likes: likesOf('article', storeArticles.id),
      liked: likedBy('article', storeArticles.id, userId),
    })
    .from(storeArticles)
    .leftJoin(storeExperts, eq(storeExperts.id, storeArticles.authorId))
    .where(and(where, olderThan(storeArticles.publishedAt, storeArticles.id, page.cursor)))
    .orderBy(desc(storeArticles.publishedAt), desc(storeArticles.id))
    .limit(page.limit + 1);
  return paged(
    rows,
    page.limit,
    (r): StoreArticle => ({
      id: r.a.id,
      kind: r.a.kind,
      title: r.a.title,
      summary: r.a.summary,
      cover: r.a.cover,
      content_html: r.a.contentHtml,
      source: r.a.source,
      author: r.e ? { id: r.e.id, name: r.e.name, certificate_no: r.e.certificateNo } : null,
      published_at: r.a.publishedAt.getTime(),
      likes: r.likes,
      liked: Boolean(r.liked),
      is_top: r.a.isTop,
    }),
    (r) => [r.a.publishedAt.getTime(), r.a.id],
  );
}

/** News and institution views. */
export function createStoreArticles(db: Db) {
  return {
    /** Articles, newest first; `followedBy`: only those by experts that user follows. */
    articles: (
      args: {
        kind?: 'news' | 'view';
        authorId?: number;
        topOnly?: boolean;
        followedBy?: number;
        userId: number | null;
      } & PageArgs,
    ) =>
      articlePage(
        db,
        and(
          args.kind ? eq(storeArticles.kind, args.kind) : undefined,
          args.authorId ? eq(storeArticles.authorId, args.authorId) : undefined,
          args.topOnly ? eq(storeArticles.isTop, true) : undefined,
          args.followedBy !== undefined
            ? inArray(storeArticles.authorId, followedExpertIds(args.followedBy))
            : undefined,
        ),
        args,
        args.userId,
      ),
    /** One article as a list shows it (likes, the reader's own like), or null. */
    article: async (id: number, userId: number | null): Promise<StoreArticle | null> =>
      (await articlePage(db, eq(storeArticles.id, id), { limit: 1 }, userId)).list[0] ?? null,
    articleExists: async (id: number) =>
      (await db.select({ id: storeArticles.id }).from(storeArticles).where(eq(storeArticles.id, id))).length > 0,
  };
}
