import { and, eq, inArray, isNull } from 'drizzle-orm';

import type { CardStateResult } from '../../src/api/contract/market-map-cards';
import { type IgnoreReason, USELESS_IGNORE_REASONS } from '../../src/api/contract/market-map-constants';
import { snoozeDateProblem } from '../../src/api/contract/snooze';
import type { Db } from '../db/client';
import { mktCards, mktFeedback } from '../db/schema';
import { badRequest } from '../http/errors';
import { cardEvent, conflict, OPEN_CARD_STATES as OPEN, ownCard } from './card-rows';
import { createClueHandles } from './clue-handles';
import { createDemotions } from './demotions';

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
  const own = (adviserId: number, cardId: number) => ownCard(db, adviserId, cardId);
  const event = (cardId: number, kind: string, note: string | null, at: Date) => cardEvent(db, cardId, kind, note, at);
  const demotions = createDemotions(db);
  const { maybeDemote, clearDemotions } = demotions;
  const { submitHandle, setClueHandling } = createClueHandles(db);

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
    await demotions.recount(adviserId, card.categoryId, now);
    return { ...result(row!), category_demoted: false };
  }

  return { check, snooze, setHandling, setClueHandling, ignore, restore, clearDemotions, submitHandle };
}
