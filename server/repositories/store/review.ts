import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';

import type { StoreExpertQuestion, StoreReviewItem } from '../../../src/api/contract/store';
import { type AnswerState } from '../../../src/api/contract/store-constants';
import type { Db } from '../../db/client';
import { storeAnswerReviews, storeAnswers, storeExperts, storeQuestions } from '../../db/schema-store';
import { markOf } from '../policy-holds';
import { encodeCursor, mask, olderThan, type PageArgs, type Paged, paged, pendingHolds } from './query';
import { selectQuestions } from './questions';

/** Answers as the review desk shows them: the question, the expert, any hold, and the history of decisions. */
async function reviewItems(db: Db, where: SQL | undefined, page: PageArgs): Promise<Paged<StoreReviewItem>> {
  const rows = await db
    .select({ a: storeAnswers, e: storeExperts, q: storeQuestions })
    .from(storeAnswers)
    .innerJoin(storeExperts, eq(storeExperts.id, storeAnswers.expertId))
    .innerJoin(storeQuestions, eq(storeQuestions.id, storeAnswers.questionId))
    .where(and(where, olderThan(storeAnswers.updatedAt, storeAnswers.id, page.cursor)))
    .orderBy(desc(storeAnswers.updatedAt), desc(storeAnswers.id))
    .limit(page.limit + 1);
  const ids = rows.map((r) => r.a.id);
  const holds = await pendingHolds(
    db,
    ids.map((id) => `answer:${id}`),
  );
  const history = ids.length
    ? await db
        .select()
        .from(storeAnswerReviews)
        .where(inArray(storeAnswerReviews.answerId, ids))
        .orderBy(asc(storeAnswerReviews.at), asc(storeAnswerReviews.id))
    : [];
  return paged(
    rows,
    page.limit,
    (r): StoreReviewItem => ({
      answer_id: r.a.id,
      state: r.a.state,
      content: r.a.content,
      return_reason: r.a.returnReason,
      updated_at: r.a.updatedAt.getTime(),
      expert: { id: r.e.id, name: r.e.name, certificate_no: r.e.certificateNo },
      question: { id: r.q.id, content: r.q.content },
      hold: markOf(holds.get(`answer:${r.a.id}`)),
      history: history
        .filter((h) => h.answerId === r.a.id)
        .map((h) => ({
          from_state: h.fromState as AnswerState,
          to_state: h.toState as AnswerState,
          reason: h.reason,
          by: h.actorName,
          at: h.at.getTime(),
        })),
    }),
    (r) => [r.a.updatedAt.getTime(), r.a.id],
  );
}

/**
 * An expert's inbox: questions still waiting for a published answer, and any on which this
 * expert has a draft or a returned answer to rewrite, newest first, each with that answer.
 */
async function expertQuestions(db: Db, expertId: number, page: PageArgs): Promise<Paged<StoreExpertQuestion>> {
  const mineOpen = sql`exists (select 1 from ${storeAnswers} where ${storeAnswers.questionId} = ${storeQuestions.id} and ${storeAnswers.expertId} = ${expertId} and ${storeAnswers.state} in ('draft', 'returned'))`;
  const rows = await selectQuestions(db)
    .where(
      and(
        sql`(${storeQuestions.answeredAt} is null or ${mineOpen})`,
        olderThan(storeQuestions.createdAt, storeQuestions.id, page.cursor),
      ),
    )
    .orderBy(desc(storeQuestions.createdAt), desc(storeQuestions.id))
    .limit(page.limit + 1);
  const kept = rows.slice(0, page.limit);
  const ids = kept.map((q) => q.id);
  const latest = ids.length
    ? await db
        .select({ id: storeAnswers.id, questionId: storeAnswers.questionId })
        .from(storeAnswers)
        .where(and(inArray(storeAnswers.questionId, ids), eq(storeAnswers.expertId, expertId)))
        .orderBy(desc(storeAnswers.updatedAt), desc(storeAnswers.id))
    : [];
  const answerIds = [...new Map(latest.reverse().map((a) => [a.questionId, a.id])).values()];
  const answers = answerIds.length
    ? (await reviewItems(db, inArray(storeAnswers.id, answerIds), { limit: answerIds.length })).list
    : [];
  const last = kept[kept.length - 1];
  return {
    list: kept.map((q) => ({
      question: {
        id: q.id,
        content: q.content,
        asker: mask(q.asker),
        asked_at: q.createdAt.getTime(),
        parent_id: q.parentId,
      },
      my_answer: answers.find((a) => a.question.id === q.id) ?? null,
    })),
    next_cursor: rows.length > page.limit && last ? encodeCursor(last.createdAt.getTime(), last.id) : null,
  };
}

/** The answer desk: an expert's inbox and answers, the reviewers' queue. */
export function createStoreReview(db: Db) {
  return {
    expertQuestions: (expertId: number, page: PageArgs) => expertQuestions(db, expertId, page),
    /** One expert's answers in every state (or one), newest change first. */
    expertAnswers: (expertId: number, state: AnswerState | undefined, page: PageArgs) =>
      reviewItems(
        db,
        and(eq(storeAnswers.expertId, expertId), state ? eq(storeAnswers.state, state) : undefined),
        page,
      ),
    reviewList: (state: AnswerState | undefined, page: PageArgs) =>
      reviewItems(db, state ? eq(storeAnswers.state, state) : undefined, page),
    async reviewItem(answerId: number): Promise<StoreReviewItem | null> {
      return (await reviewItems(db, eq(storeAnswers.id, answerId), { limit: 1 })).list[0] ?? null;
    },
  };
}
