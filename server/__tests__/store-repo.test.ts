/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import type { Database } from '../db/client';
import { createStoreRepository } from '../repositories/store';
import { openTestDatabase, TEST_BASE_TIME } from '../test-support/database';
import { openFreshPostgres, postgresReachable } from '../test-support/postgres';

/** Likes and review transitions under concurrency, on both drivers (PostgreSQL: a real pool). */
function storeContract(open: () => Promise<Database>) {
  let database: Database;
  let repo: ReturnType<typeof createStoreRepository>;
  beforeAll(async () => {
    database = await open();
    repo = createStoreRepository(database.db);
  });
  afterAll(() => database?.close());

  test('twenty concurrent likes by one user count once; five users count five', async () => {
    const before = (await repo.setLike(5, 'article', 7, false, TEST_BASE_TIME)).likes;
    const taps = await Promise.all(
      Array.from({ length: 20 }, () => repo.setLike(5, 'article', 7, true, TEST_BASE_TIME)),
    );
    expect(taps.every((r) => r.liked)).toBe(true);
    expect((await repo.setLike(5, 'article', 7, true, TEST_BASE_TIME)).likes).toBe(before + 1);
    await Promise.all([6, 7, 8, 9, 6, 7].map((u) => repo.setLike(u, 'article', 7, true, TEST_BASE_TIME)));
    expect((await repo.setLike(5, 'article', 7, true, TEST_BASE_TIME)).likes).toBe(before + 5);
    await Promise.all(Array.from({ length: 5 }, () => repo.setLike(5, 'article', 7, false, TEST_BASE_TIME)));
    expect((await repo.setLike(6, 'article', 7, true, TEST_BASE_TIME)).likes).toBe(before + 4);
  });

  test('concurrent follows by one user count once; an unfollow race leaves none', async () => {
    const before = (await repo.setFollow(5, 3, false, TEST_BASE_TIME)).followers;
    const taps = await Promise.all(Array.from({ length: 20 }, () => repo.setFollow(5, 3, true, TEST_BASE_TIME)));
    expect(taps.every((r) => r.followed)).toBe(true);
    await Promise.all([6, 7, 6, 7].map((u) => repo.setFollow(u, 3, true, TEST_BASE_TIME)));
    expect(await repo.expert(3, 5)).toMatchObject({ followed: true, followers: before + 3 });
    await Promise.all(Array.from({ length: 10 }, () => repo.setFollow(5, 3, false, TEST_BASE_TIME)));
    expect(await repo.expert(3, 5)).toMatchObject({ followed: false, followers: before + 2 });
  });

  test('two reviewers deciding one answer at once: exactly one wins, one decision recorded', async () => {
    const inReview = (await repo.reviewList('in_review', { limit: 1 })).list[0]!;
    const decide = (to: 'published' | 'returned') =>
      repo.transition({
        answerId: inReview.answer_id,
        from: ['in_review'],
        to,
        reason: to === 'returned' ? '补充风险提示' : null,
        userId: 3,
        actorName: '陈志强',
        now: TEST_BASE_TIME,
      });
    const results = await Promise.all([decide('published'), decide('returned'), decide('published')]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const item = await repo.reviewItem(inReview.answer_id);
    expect(item!.history.filter((h) => h.from_state === 'in_review')).toHaveLength(1);
  });
}

describe('store repository on PGlite', () => storeContract(openTestDatabase));
const reachable = postgresReachable();
if (reachable.ok || process.env.CI === 'true')
  describe('store repository on PostgreSQL', () => storeContract(() => openFreshPostgres()));
else test.skip(`store repository on PostgreSQL: unreachable (${reachable.reason})`, () => {});
