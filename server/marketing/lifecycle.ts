import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';

import { ErrorCode } from '../../src/api/contract/codes';
import type { CardStateResult } from '../../src/api/contract/market-map-cards';
import type { ClueHandleResult, ClueHandleSubmitRequest } from '../../src/api/contract/market-map-clues';
import {
  DEMOTION_IGNORE_COUNT,
  type IgnoreReason,
  USELESS_IGNORE_REASONS,
} from '../../src/api/contract/market-map-constants';
import { snoozeDateProblem } from '../../src/api/contract/snooze';
import type { Db } from '../db/client';
import {
  mktCardEvents,
  mktCards,
  mktClueHandles,
  mktClues,
  mktCustomers,
  mktDemotions,
  mktFeedback,
} from '../db/schema';
import { ApiError, badRequest, notFound } from '../http/errors';
import { DEMOTION_PENALTY } from './settings';
import { recalibrateTiers } from './tiers';

const DAY = 86_400_000;
const OPEN = ['new', 'viewed', 'handling'] as const;
/** Outcomes that finish a card or clue; the others keep it in handling. */
export const CLOSING_OUTCOMES = new Set(['converted', 'interested', 'declined']);

const result = (c: { id: number; state: CardStateResult['state']; snoozeUntil: string | null }): CardStateResult => ({
  card_id: c.id,
  state: c.state,
  snooze_until: c.snoozeUntil,
});

/**
 * The card lifecycle: new → viewed → handling → done | ignored (reason) | snoozed; each step
 * only for the adviser's own card (another's is a 404) and only from the states it makes sense in.
 */
export function createLifecycle(db: Db) {
  async function own(adviserId: number, cardId: number) {
    const [card] = await db
      .select()
      .from(mktCards)
      .where(and(eq(mktCards.id, cardId), eq(mktCards.adviserId, adviserId)));
    if (!card) throw notFound('机会卡不存在');
    return card;
  }
  const event = (cardId: number, kind: string, note: string | null, at: Date) =>
    db.insert(mktCardEvents).values({ cardId, kind, note, at });

  async function check(adviserId: number, cardId: number, now: Date): Promise<CardStateResult> {
    const card = await own(adviserId, cardId);
    if (card.state !== 'new') return result(card);
    const [row] = await db
      .update(mktCards)
      .set({ state: 'viewed', viewedAt: now })
      .where(and(eq(mktCards.id, cardId), eq(mktCards.state, 'new')))
      .returning();
    if (row) await event(cardId, 'viewed', null, now);
    return result(row ?? card);
  }

  async function snooze(adviserId: number, cardId: number, until: string, now: Date): Promise<CardStateResult> {
    const card = await own(adviserId, cardId);
    const problem = snoozeDateProblem(until, now);
    if (problem) throw badRequest(problem);
    if (!(OPEN as readonly string[]).includes(card.state) && card.state !== 'snoozed')
      throw conflict('这张机会卡已处理或已忽略，不能暂缓');
    const [row] = await db
      .update(mktCards)
      .set({ state: 'snoozed', snoozeUntil: until, viewedAt: card.viewedAt ?? now })
      .where(eq(mktCards.id, cardId))
      .returning();
    await event(cardId, 'snoozed', until, now);
    return result(row!);
  }

  async function setHandling(adviserId: number, cardId: number, now: Date): Promise<CardStateResult> {
    const card = await own(adviserId, cardId);
    if (card.state === 'handling') return result(card);
    if (!['new', 'viewed', 'snoozed'].includes(card.state)) throw conflict('这张机会卡已处理或已忽略');
    const [row] = await db
      .update(mktCards)
      .set({ state: 'handling', snoozeUntil: null, viewedAt: card.viewedAt ?? now })
      .where(eq(mktCards.id, cardId))
      .returning();
    await event(cardId, 'handling', null, now);
    return result(row!);
  }

  /** Ignores with a reason; useless ones count towards sinking the category for this adviser. */
  async function ignore(
    adviserId: number,
    cardId: number,
    reason: IgnoreReason,
    text: string | undefined,
    now: Date,
  ): Promise<CardStateResult & { category_demoted: boolean }> {
    const card = await own(adviserId, cardId);
    if (reason === 'other' && !text?.trim()) throw badRequest('选择“其他”时请填写原因');
    if (card.state === 'ignored') return { ...result(card), category_demoted: false };
    if (card.state === 'done') throw conflict('这张机会卡已处理完成');
    const [row] = await db
      .update(mktCards)
      .set({
        state: 'ignored',
        ignoreReason: reason,
        ignoreText: text?.trim() || null,
        closedAt: now,
        snoozeUntil: null,
      })
      .where(eq(mktCards.id, cardId))
      .returning();
    await db
      .insert(mktFeedback)
      .values({ adviserId, cardId, categoryId: card.categoryId, reason, text: text?.trim() || null, createdAt: now });
    await event(cardId, 'ignored', reason, now);
    const demoted = USELESS_IGNORE_REASONS.includes(reason)
      ? await maybeDemote(adviserId, card.categoryId, now)
      : false;
    return { ...result(row!), category_demoted: demoted };
  }

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

  async function restore(
    adviserId: number,
    cardId: number,
    now: Date,
  ): Promise<CardStateResult & { category_demoted: boolean }> {
    const card = await own(adviserId, cardId);
    if (card.state !== 'ignored') return { ...result(card), category_demoted: false };
    const [other] = await db
      .select({ id: mktCards.id })
      .from(mktCards)
      .where(and(eq(mktCards.customerId, card.customerId), inArray(mktCards.state, [...OPEN, 'snoozed'])));
    if (other) throw conflict('该客户已有新的机会卡，请在工作台查看');
    const [row] = await db
      .update(mktCards)
      .set({
        state: 'viewed',
        ignoreReason: null,
        ignoreText: null,
        closedAt: null,
        releasedAt: card.releasedAt ?? now,
      })
      .where(eq(mktCards.id, cardId))
      .returning();
    await db
      .update(mktFeedback)
      .set({ restoredAt: now })
      .where(and(eq(mktFeedback.cardId, cardId), isNull(mktFeedback.restoredAt)));
    await event(cardId, 'restored', null, now);
    // A restored ignore no longer counts against its category.
    await db
      .update(mktDemotions)
      .set({ ignoredCount: await countUseless(adviserId, card.categoryId, now) })
      .where(
        and(
          eq(mktDemotions.adviserId, adviserId),
          eq(mktDemotions.categoryId, card.categoryId),
          isNull(mktDemotions.clearedAt),
        ),
      );
    return { ...result(row!), category_demoted: false };
  }

  /** Idempotent by (adviser, key): a repeat answers the first result and writes nothing. */
  async function submitHandle(adviserId: number, body: ClueHandleSubmitRequest, now: Date): Promise<ClueHandleResult> {
    const first = await findHandle(adviserId, body.idempotency_key);
    if (first) return first;
    if ((body.card_id === undefined) === (body.clue_id === undefined))
      throw badRequest('card_id 与 clue_id 需且只需提供一个');
    const closes = CLOSING_OUTCOMES.has(body.outcome);
    let state: string;
    let customerId: number | null;
    if (body.card_id !== undefined) {
      const card = await own(adviserId, body.card_id);
      if (card.state === 'ignored') throw conflict('这张机会卡已忽略，请先恢复');
      state = closes ? 'done' : 'handling';
      customerId = card.customerId;
    } else {
      const [clue] = await db
        .select()
        .from(mktClues)
        .where(and(eq(mktClues.id, body.clue_id!), eq(mktClues.adviserId, adviserId)));
      if (!clue) throw notFound('线索不存在');
      state = closes ? 'done' : 'handling';
      customerId = clue.customerId;
    }
    const [row] = await db
      .insert(mktClueHandles)
      .values({
        adviserId,
        idempotencyKey: body.idempotency_key,
        cardId: body.card_id ?? null,
        clueId: body.clue_id ?? null,
        outcome: body.outcome,
        note: body.note.trim(),
        nextFollowUp: body.next_follow_up ?? null,
        resultState: state,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    // Lost a race with the same key: the other request's row is the answer.
    if (!row) return (await findHandle(adviserId, body.idempotency_key))!;
    if (body.card_id !== undefined) {
      await db
        .update(mktCards)
        .set({
          state: state as 'done' | 'handling',
          closedAt: closes ? now : null,
          snoozeUntil: null,
          nextFollowUp: closes ? null : (body.next_follow_up ?? null),
        })
        .where(eq(mktCards.id, body.card_id));
      await event(body.card_id, closes ? 'done' : 'handling', body.outcome, now);
    } else {
      await db
        .update(mktClues)
        .set({
          state: state as 'done' | 'handling',
          lastOutcome: body.outcome,
          nextFollowUp: body.next_follow_up ?? null,
        })
        .where(eq(mktClues.id, body.clue_id!));
    }
    if (customerId !== null)
      await db.update(mktCustomers).set({ lastContactAt: now }).where(eq(mktCustomers.id, customerId));
    return toResult(row, false);
  }

  async function findHandle(adviserId: number, key: string): Promise<ClueHandleResult | null> {
    const [row] = await db
      .select()
      .from(mktClueHandles)
      .where(and(eq(mktClueHandles.adviserId, adviserId), eq(mktClueHandles.idempotencyKey, key)));
    return row ? toResult(row, true) : null;
  }

  async function setClueHandling(adviserId: number, clueId: number): Promise<string> {
    const [clue] = await db
      .select()
      .from(mktClues)
      .where(and(eq(mktClues.id, clueId), eq(mktClues.adviserId, adviserId)));
    if (!clue) throw notFound('线索不存在');
    if (clue.state === 'new') await db.update(mktClues).set({ state: 'handling' }).where(eq(mktClues.id, clueId));
    return clue.state === 'new' ? 'handling' : clue.state;
  }

  return { check, snooze, setHandling, setClueHandling, ignore, restore, clearDemotions, submitHandle };
}

function toResult(row: typeof mktClueHandles.$inferSelect, duplicate: boolean): ClueHandleResult {
  return {
    handle_id: row.id,
    card_id: row.cardId,
    clue_id: row.clueId,
    outcome: row.outcome as ClueHandleResult['outcome'],
    state: row.resultState,
    created_at: Math.floor(row.createdAt.getTime() / 1000),
    next_follow_up: row.resultState === 'done' ? null : row.nextFollowUp,
    duplicate,
  };
}

const conflict = (message: string) => new ApiError(409, ErrorCode.badRequest, message);
