import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';

import { DEMOTION_IGNORE_COUNT, USELESS_IGNORE_REASONS } from '../../src/api/contract/market-map-constants';
import type { Db } from '../db/client';
import { mktCards, mktDemotions, mktFeedback } from '../db/schema';
import { OPEN_CARD_STATES as OPEN } from './card-rows';
import { DEMOTION_PENALTY } from './settings';
import { recalibrateTiers } from './tiers';

const DAY = 86_400_000;

/**
 * Learned demotions: enough useless-reason ignores of one category sink that category's open cards for the
 * adviser (their scores move by the penalty) until the adviser undoes it in 设置.
 */
export function createDemotions(db: Db) {
  /** Useless-reason ignores of one category that count now: the last 30 days, since the last undo, not restored. */
  async function countUseless(adviserId: number, categoryId: number, now: Date): Promise<number> {
    // Counting restarts after an undo: the adviser said "show me these again".
    const [{ cleared } = { cleared: null }] = await db
      .select({ cleared: sql<string | null>`max(${mktDemotions.clearedAt})` })
      .from(mktDemotions)
      .where(and(eq(mktDemotions.adviserId, adviserId), eq(mktDemotions.categoryId, categoryId)));
    const since = new Date(Math.max(now.getTime() - 30 * DAY, cleared ? new Date(cleared).getTime() : 0));
    const [{ n } = { n: 0 }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(mktFeedback)
      .where(
        and(
          eq(mktFeedback.adviserId, adviserId),
          eq(mktFeedback.categoryId, categoryId),
          inArray(mktFeedback.reason, [...USELESS_IGNORE_REASONS]),
          isNull(mktFeedback.restoredAt),
          gt(mktFeedback.createdAt, since),
        ),
      );
    return Number(n);
  }

  async function maybeDemote(adviserId: number, categoryId: number, now: Date): Promise<boolean> {
    const n = await countUseless(adviserId, categoryId, now);
    const [active] = await db
      .select()
      .from(mktDemotions)
      .where(
        and(
          eq(mktDemotions.adviserId, adviserId),
          eq(mktDemotions.categoryId, categoryId),
          isNull(mktDemotions.clearedAt),
        ),
      );
    // Already sunk: the sinking stays as it is, but 设置's 近期忽略 N 次 counts every ignore since.
    if (active) {
      await db.update(mktDemotions).set({ ignoredCount: n }).where(eq(mktDemotions.id, active.id));
      return false;
    }
    if (n < DEMOTION_IGNORE_COUNT) return false;
    await db
      .insert(mktDemotions)
      .values({ adviserId, categoryId, ignoredCount: n, penalty: DEMOTION_PENALTY, since: now })
      .onConflictDoNothing();
    await shiftScores(adviserId, categoryId, -DEMOTION_PENALTY, now);
    return true;
  }

  /** Moves the stored score (and its feedback part) of the adviser's open cards of one category. */
  async function shiftScores(adviserId: number, categoryId: number, delta: number, now: Date) {
    const score = sql`least(100, greatest(0, ${mktCards.score} + ${delta}))`;
    await db
      .update(mktCards)
      .set({
        score: sql`round((${score})::numeric, 1)::float8`,
        scoreParts: sql`jsonb_set(${mktCards.scoreParts}, '{feedback}', to_jsonb(coalesce((${mktCards.scoreParts}->>'feedback')::float8, 0) + ${delta}))`,
      })
      .where(
        and(
          eq(mktCards.adviserId, adviserId),
          eq(mktCards.categoryId, categoryId),
          inArray(mktCards.state, [...OPEN, 'snoozed']),
        ),
      );
    // Moved scores are read against the lines again (and a pushed card's move may move the day's lines).
    await recalibrateTiers(db, [adviserId], now);
  }

  /** Undo of learned demotions: the category's cards rise again. */
  async function clearDemotions(adviserId: number, categories: readonly number[], now: Date): Promise<void> {
    const rows = await db
      .update(mktDemotions)
      .set({ clearedAt: now })
      .where(
        and(
          eq(mktDemotions.adviserId, adviserId),
          inArray(mktDemotions.categoryId, [...categories]),
          isNull(mktDemotions.clearedAt),
        ),
      )
      .returning();
    for (const d of rows) await shiftScores(adviserId, d.categoryId, d.penalty, now);
  }

  /** The active sinking's count of useless ignores, read again (after an ignore was restored). */
  async function recount(adviserId: number, categoryId: number, now: Date): Promise<void> {
    await db
      .update(mktDemotions)
      .set({ ignoredCount: await countUseless(adviserId, categoryId, now) })
      .where(
        and(
          eq(mktDemotions.adviserId, adviserId),
          eq(mktDemotions.categoryId, categoryId),
          isNull(mktDemotions.clearedAt),
        ),
      );
  }

  return { maybeDemote, clearDemotions, recount };
}
