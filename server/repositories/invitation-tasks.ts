import { and, desc, eq, inArray, isNull, lte } from 'drizzle-orm';

import { LEARNING_TASK_COUNT, LEARNING_TASK_SECONDS } from '../../src/api/contract/invitation-constants';
import type { Db } from '../db/client';
import { mgmTaskProgress, storeArticles } from '../db/schema';

export type TaskProgressRow = typeof mgmTaskProgress.$inferSelect;
export interface TaskView {
  articleId: number;
  title: string;
  summary: string;
  progress: TaskProgressRow | null;
}
/** What a completion attempt found. */
export type CompleteOutcome = 'completed' | 'not_started' | 'too_soon' | 'done';

/** Seconds of reading the server still waits for (0 when it may be completed). */
export function secondsLeft(progress: TaskProgressRow | null, now: Date): number {
  if (!progress || progress.completedAt) return progress ? 0 : LEARNING_TASK_SECONDS;
  return Math.max(0, Math.ceil((progress.startedAt.getTime() + LEARNING_TASK_SECONDS * 1000 - now.getTime()) / 1000));
}

/** Learning tasks: the newest store articles, each read for LEARNING_TASK_SECONDS on the server's clock. */
export function createTaskRepository(db: Db) {
  const progressOf = async (memberId: number, articleIds: number[]) =>
    articleIds.length === 0
      ? []
      : db
          .select()
          .from(mgmTaskProgress)
          .where(and(eq(mgmTaskProgress.memberId, memberId), inArray(mgmTaskProgress.articleId, articleIds)));

  return {
    /** The tasks offered now (newest published articles first), with this member's progress. */
    async list(memberId: number, now: Date): Promise<TaskView[]> {
      const articles = await db
        .select({ id: storeArticles.id, title: storeArticles.title, summary: storeArticles.summary })
        .from(storeArticles)
        .where(lte(storeArticles.publishedAt, now))
        .orderBy(desc(storeArticles.publishedAt), desc(storeArticles.id))
        .limit(LEARNING_TASK_COUNT);
      const progress = await progressOf(
        memberId,
        articles.map((a) => a.id),
      );
      return articles.map((a) => ({
        articleId: a.id,
        title: a.title,
        summary: a.summary,
        progress: progress.find((p) => p.articleId === a.id) ?? null,
      }));
    },

    async one(memberId: number, articleId: number, now: Date): Promise<TaskView | null> {
      return (await this.list(memberId, now)).find((t) => t.articleId === articleId) ?? null;
    },

    /** Reading starts; a second start keeps the first time (a reload does not reset the clock). */
    async start(memberId: number, articleId: number, now: Date): Promise<void> {
      await db.insert(mgmTaskProgress).values({ memberId, articleId, startedAt: now }).onConflictDoNothing();
    },

    /** Completes once, and only after the reading time has passed: the update itself checks both. */
    async complete(memberId: number, articleId: number, now: Date): Promise<CompleteOutcome> {
      const won = await db
        .update(mgmTaskProgress)
        .set({ completedAt: now })
        .where(
          and(
            eq(mgmTaskProgress.memberId, memberId),
            eq(mgmTaskProgress.articleId, articleId),
            isNull(mgmTaskProgress.completedAt),
            lte(mgmTaskProgress.startedAt, new Date(now.getTime() - LEARNING_TASK_SECONDS * 1000)),
          ),
        )
        .returning({ a: mgmTaskProgress.articleId });
      if (won.length > 0) return 'completed';
      const [row] = await progressOf(memberId, [articleId]);
      if (!row) return 'not_started';
      return row.completedAt ? 'done' : 'too_soon';
    },
  };
}
