import { and, asc, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';

import type { StoreQuestion } from '../../../src/api/contract/store';
import { maskPersonalNumbers } from '../../../src/lib/content-policy';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { storeAnswers, storeExperts, storeQuestions } from '../../db/schema-store';
import { markOf } from '../policy-holds';
import { answersOf } from './answers';
import { encodeCursor, mask, olderThan, type PageArgs, type Paged, pendingHolds } from './query';

/** A question's columns with its asker's name (masked on the way out). */
const questionCols = {
  id: storeQuestions.id,
  userId: storeQuestions.userId,
  content: storeQuestions.content,
  parentId: storeQuestions.parentId,
  createdAt: storeQuestions.createdAt,
  answeredAt: storeQuestions.answeredAt,
  asker: users.realName,
};

/** Questions with their asker, for a where clause to narrow. */
export const selectQuestions = (db: Db) =>
  db.select(questionCols).from(storeQuestions).innerJoin(users, eq(users.id, storeQuestions.userId));

/**
 * Questions with their published-answer summary; state follows publication. Personal numbers are
 * hidden on the way out too: rows stored before the content policy never show one to a reader.
 */
async function questionsOut(
  db: Db,
  rows: Array<typeof storeQuestions.$inferSelect & { asker: string }>,
): Promise<StoreQuestion[]> {
  const ids = rows.map((r) => r.id);
  const published = ids.length
    ? await db
        .select({ questionId: storeAnswers.questionId, content: storeAnswers.content, name: storeExperts.name })
        .from(storeAnswers)
        .innerJoin(storeExperts, eq(storeExperts.id, storeAnswers.expertId))
        .where(and(inArray(storeAnswers.questionId, ids), eq(storeAnswers.state, 'published')))
        .orderBy(asc(storeAnswers.publishedAt), asc(storeAnswers.id))
    : [];
  const holds = await pendingHolds(
    db,
    ids.map((id) => `question:${id}`),
  );
  return rows.map((q) => {
    const mine = published.filter((a) => a.questionId === q.id);
    const top = mine[0];
    return {
      id: q.id,
      content: maskPersonalNumbers(q.content),
      asker: mask(q.asker),
      asked_at: q.createdAt.getTime(),
      parent_id: q.parentId,
      state: q.answeredAt ? 'answered' : 'in_review',
      answer_count: mine.length,
      top_answer: top ? { expert_name: top.name, excerpt: maskPersonalNumbers(top.content).slice(0, 60) } : null,
      hold: markOf(holds.get(`question:${q.id}`)),
    };
  });
}

/** A page of questions, newest first by the time named (asked or answered), each with its answers' summary. */
async function questionPage(
  db: Db,
  where: SQL,
  by: 'answeredAt' | 'createdAt',
  page: PageArgs,
): Promise<Paged<StoreQuestion>> {
  const time = storeQuestions[by];
  const rows = await selectQuestions(db)
    .where(and(where, olderThan(time, storeQuestions.id, page.cursor)))
    .orderBy(desc(time), desc(storeQuestions.id))
    .limit(page.limit + 1);
  const out = await questionsOut(db, rows.slice(0, page.limit));
  const last = rows[Math.min(rows.length, page.limit) - 1];
  return {
    list: out,
    next_cursor: rows.length > page.limit && last ? encodeCursor(last[by]!.getTime(), last.id) : null,
  };
}

/** A question as a customer may see it: public once answered, else only its asker; null otherwise. */
async function qaDetail(db: Db, id: number, userId: number | null) {
  const [q] = await selectQuestions(db).where(eq(storeQuestions.id, id));
  if (!q || (!q.answeredAt && q.userId !== userId)) return null;
  const follow = await selectQuestions(db)
    .where(
      and(
        eq(storeQuestions.parentId, id),
        userId === null
          ? isNotNull(storeQuestions.answeredAt)
          : sql`(${storeQuestions.answeredAt} is not null or ${storeQuestions.userId} = ${userId})`,
      ),
    )
    .orderBy(asc(storeQuestions.createdAt));
  const [question, ...followUps] = await questionsOut(db, [q, ...follow]);
  const answers = (await answersOf(db, [id], userId)).get(id) ?? [];
  return { question: question!, mine: q.userId === userId, answers, follow_ups: followUps };
}

/** Customers' questions: the public Q&A list, one's own, one question with its answers and follow-ups. */
export function createStoreQuestions(db: Db) {
  return {
    publicQuestions: (page: PageArgs) => questionPage(db, isNotNull(storeQuestions.answeredAt), 'answeredAt', page),
    myQuestions: (userId: number, page: PageArgs) =>
      questionPage(db, eq(storeQuestions.userId, userId), 'createdAt', page),
    async questionRow(id: number) {
      const [q] = await selectQuestions(db).where(eq(storeQuestions.id, id));
      return q ?? null;
    },
    /** The content policy hides personal numbers in a question before it is published. */
    async replaceQuestionContent(id: number, content: string): Promise<void> {
      await db.update(storeQuestions).set({ content }).where(eq(storeQuestions.id, id));
    },
    qaDetail: (id: number, userId: number | null) => qaDetail(db, id, userId),
    async createQuestion(userId: number, content: string, parentId: number | null, now: Date): Promise<StoreQuestion> {
      const [row] = await db.insert(storeQuestions).values({ userId, content, parentId, createdAt: now }).returning();
      const [u] = await db.select({ name: users.realName }).from(users).where(eq(users.id, userId));
      return (await questionsOut(db, [{ ...row!, asker: u?.name ?? '' }]))[0]!;
    },
  };
}
