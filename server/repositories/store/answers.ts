import { and, asc, eq, inArray, sql } from 'drizzle-orm';

import type { StoreAnswer } from '../../../src/api/contract/store';
import { type AnswerState } from '../../../src/api/contract/store-constants';
import { maskPersonalNumbers } from '../../../src/lib/content-policy';
import type { Db } from '../../db/client';
import { storeAnswerReviews, storeAnswers, storeExperts, storeQuestions } from '../../db/schema-store';
import { likedBy, likesOf } from './likes';

export type AnswerRow = typeof storeAnswers.$inferSelect;

/** The published answers to these questions as readers see them (likes, the reader's own like), by question. */
export async function answersOf(
  db: Db,
  questionIds: number[],
  userId: number | null,
): Promise<Map<number, StoreAnswer[]>> {
  const out = new Map<number, StoreAnswer[]>();
  if (!questionIds.length) return out;
  const rows = await db
    .select({
      a: storeAnswers,
      e: storeExperts,
      likes: likesOf('answer', sql`${storeAnswers.id}`),
      liked: likedBy('answer', sql`${storeAnswers.id}`, userId),
    })
    .from(storeAnswers)
    .innerJoin(storeExperts, eq(storeExperts.id, storeAnswers.expertId))
    .where(and(inArray(storeAnswers.questionId, questionIds), eq(storeAnswers.state, 'published')))
    .orderBy(asc(storeAnswers.publishedAt), asc(storeAnswers.id));
  for (const r of rows) {
    const list = out.get(r.a.questionId) ?? [];
    list.push({
      id: r.a.id,
      content: maskPersonalNumbers(r.a.content),
      published_at: r.a.publishedAt!.getTime(),
      likes: r.likes,
      liked: Boolean(r.liked),
      expert: { id: r.e.id, name: r.e.name, avatar: r.e.avatar, title: r.e.title, certificate_no: r.e.certificateNo },
    });
    out.set(r.a.questionId, list);
  }
  return out;
}

interface Transition {
  answerId: number;
  from: AnswerState[];
  to: AnswerState;
  content?: string;
  reason: string | null;
  userId: number;
  actorName: string;
  now: Date;
}

/**
 * Moves an answer from one state to another only if it is still in `from` (a second
 * reviewer deciding at the same moment finds nothing to move), recording the decision.
 */
async function transition(db: Db, args: Transition): Promise<AnswerRow | null> {
  return db.transaction(async (tx) => {
    // The row is locked while it moves: two reviewers deciding at once cannot both win.
    const [current] = await tx
      .select({ state: storeAnswers.state })
      .from(storeAnswers)
      .where(eq(storeAnswers.id, args.answerId))
      .for('update');
    if (!current || !args.from.includes(current.state)) return null;
    const [moved] = await tx
      .update(storeAnswers)
      .set({
        state: args.to,
        updatedAt: args.now,
        returnReason: args.to === 'returned' ? args.reason : null,
        publishedAt: args.to === 'published' ? args.now : null,
        ...(args.content !== undefined ? { content: args.content } : {}),
      })
      .where(and(eq(storeAnswers.id, args.answerId), eq(storeAnswers.state, current.state)))
      .returning();
    if (!moved) return null;
    if (current.state !== args.to) {
      await tx.insert(storeAnswerReviews).values({
        answerId: moved.id,
        userId: args.userId,
        actorName: args.actorName,
        fromState: current.state,
        toState: args.to,
        reason: args.reason,
        at: args.now,
      });
    }
    if (args.to === 'published') {
      await tx
        .update(storeQuestions)
        .set({ answeredAt: args.now })
        .where(and(eq(storeQuestions.id, moved.questionId), sql`${storeQuestions.answeredAt} is null`));
    }
    return moved;
  });
}

/** Experts' answers through their states: draft → in review → published or returned. */
export function createStoreAnswers(db: Db) {
  return {
    async answer(id: number): Promise<AnswerRow | null> {
      const [a] = await db.select().from(storeAnswers).where(eq(storeAnswers.id, id));
      return a ?? null;
    },
    async insertAnswer(v: { questionId: number; expertId: number; content: string; now: Date }): Promise<AnswerRow> {
      const [a] = await db
        .insert(storeAnswers)
        .values({
          questionId: v.questionId,
          expertId: v.expertId,
          content: v.content,
          state: 'draft',
          createdAt: v.now,
          updatedAt: v.now,
        })
        .returning();
      return a!;
    },
    transition: (args: Transition) => transition(db, args),
  };
}
