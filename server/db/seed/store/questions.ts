import * as schema from '../../schema';
import { ANSWER_LINES, QUESTIONS } from './data';
import { DAY, type Seeding } from './seeding';

const RETURN_REASON = '请补充风险提示，并避免对收益作出判断。';

/** An answer's trail: submitted by its expert (unless still a draft), then decided by the seeded reviewer. */
function answerReviews(
  answer: { id: number; state: string; updated: Date; expertName: string },
  reviewer: number | null,
): (typeof schema.storeAnswerReviews.$inferInsert)[] {
  const { id, state, updated } = answer;
  const reviews: (typeof schema.storeAnswerReviews.$inferInsert)[] = [];
  if (state !== 'draft')
    reviews.push({
      answerId: id,
      userId: null,
      actorName: answer.expertName,
      fromState: 'draft',
      toState: 'in_review',
      reason: null,
      at: new Date(updated.getTime() - 3600_000),
    });
  if (state === 'published' || state === 'returned') {
    reviews.push({
      answerId: id,
      userId: reviewer,
      actorName: '陈志强',
      fromState: 'in_review',
      toState: state,
      reason: state === 'returned' ? RETURN_REASON : null,
      at: updated,
    });
  }
  return reviews;
}

/** Questions: every customer asks; answers cycle through the four states so each one exists. */
export async function seedQuestions(seeding: Seeding, experts: Array<{ name: string }>, customers: number[]) {
  const { rng, base, scale, userIds, insertAll } = seeding;
  // Seeded decisions were made by 陈志强, a reviewer by his staff role.
  const reviewer = userIds.get('u3') ?? null;
  const questionCount = scale === 'large' ? 600 : 72;
  const questions: (typeof schema.storeQuestions.$inferInsert)[] = [];
  const answers: (typeof schema.storeAnswers.$inferInsert)[] = [];
  const reviews: (typeof schema.storeAnswerReviews.$inferInsert)[] = [];
  const states = ['published', 'published', 'in_review', 'draft', 'returned', 'published'] as const;
  for (let i = 0; i < questionCount; i++) {
    const id = i + 1;
    const asked = new Date(base - (questionCount - i) * 7 * 3600_000);
    const state = states[i % states.length]!;
    const updated = new Date(asked.getTime() + 3 * 3600_000);
    questions.push({
      id,
      userId: customers[i % customers.length]!,
      content: QUESTIONS[i % QUESTIONS.length]!,
      parentId: i >= 12 && i % 11 === 0 ? id - 6 : null,
      createdAt: asked,
      answeredAt: state === 'published' ? updated : null,
    });
    const expertId = (i % 3) + 1 === 3 ? rng.int(1, experts.length) : (i % 3) + 1;
    const content = `${rng.pick(ANSWER_LINES)}${rng.pick(ANSWER_LINES)}`;
    answers.push({
      id,
      questionId: id,
      expertId,
      content,
      state,
      returnReason: state === 'returned' ? RETURN_REASON : null,
      createdAt: asked,
      updatedAt: updated,
      publishedAt: state === 'published' ? updated : null,
    });
    reviews.push(...answerReviews({ id, state, updated, expertName: experts[expertId - 1]!.name }, reviewer));
  }
  await insertAll(schema.storeQuestions, questions);
  await insertAll(schema.storeAnswers, answers);
  await insertAll(schema.storeAnswerReviews, reviews);
  return { questions: questions.length, answers };
}

/** A few likes so counts are not all zero. */
export async function seedLikes(
  { rng, base, insertAll }: Seeding,
  answers: (typeof schema.storeAnswers.$inferInsert)[],
  customers: number[],
) {
  const likes: (typeof schema.storeLikes.$inferInsert)[] = [];
  for (const a of answers.filter((x) => x.state === 'published').slice(0, 20)) {
    for (const u of rng.sample(customers, rng.int(0, 4)))
      likes.push({ userId: u, itemType: 'answer', itemId: a.id!, createdAt: new Date(base - DAY) });
  }
  await insertAll(schema.storeLikes, likes);
}
