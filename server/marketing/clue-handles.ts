import { and, eq } from 'drizzle-orm';

import type { ClueHandleResult, ClueHandleSubmitRequest } from '../../src/api/contract/market-map-clues';
import type { Db } from '../db/client';
import { mktCards, mktClueHandles, mktClues, mktCustomers } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { cardEvent, conflict, ownCard } from './card-rows';

/** Outcomes that finish a card or clue; the others keep it in handling. */
export const CLOSING_OUTCOMES = new Set(['converted', 'interested', 'declined']);

/** Handling records (跟进记录) of a card or a clue, and a clue's own state. */
export function createClueHandles(db: Db) {
  const own = (adviserId: number, cardId: number) => ownCard(db, adviserId, cardId);
  const event = (cardId: number, kind: string, note: string | null, at: Date) => cardEvent(db, cardId, kind, note, at);

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

  return { submitHandle, setClueHandling };
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
