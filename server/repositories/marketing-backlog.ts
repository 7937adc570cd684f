import { and, eq, isNull } from 'drizzle-orm';

import { ErrorCode } from '../../src/api/contract/codes';
import type { PullResult, WaitingPage, WaitingQuery } from '../../src/api/contract/market-map-backlog';
import type { Db } from '../db/client';
import { mktCardEvents, mktCards } from '../db/schema';
import { ApiError, notFound } from '../http/errors';
import { PULLED_EVENT, todayCounts, waitingWhy } from '../marketing/today-counts';
import { findCard, listCardsByState } from './marketing-cards';

/** 待处理: the waiting cards, best first (the order the cap lets them in), with why they wait. */
export async function waitingCards(
  db: Db,
  adviserId: number,
  q: WaitingQuery,
  dailyCap: number,
  now: Date,
): Promise<WaitingPage> {
  const [page, counts] = await Promise.all([
    listCardsByState(db, adviserId, { state: 'waiting', cursor: q.cursor, limit: q.limit }, now),
    todayCounts(db, adviserId, now),
  ]);
  return { ...page, daily_cap: dailyCap, pushed_today: counts.pushed, why: waitingWhy(counts, dailyCap) };
}

/**
 * 提前处理: one waiting card onto the workbench now, by the adviser's hand. It is released with a `pulled` event, so
 * it does not count against the cap (todayCounts), and the card pass never pushes it twice. Another adviser's card
 * is a 404; a card no longer waiting (let in by the cap meanwhile, handled, snoozed) a 409 saying so.
 */
export async function pullCard(db: Db, adviserId: number, cardId: number, now: Date): Promise<PullResult> {
  const pulled = await db.transaction(async (tx) => {
    const rows = await tx
      .update(mktCards)
      .set({ releasedAt: now })
      .where(
        and(
          eq(mktCards.id, cardId),
          eq(mktCards.adviserId, adviserId),
          eq(mktCards.state, 'new'),
          isNull(mktCards.releasedAt),
        ),
      )
      .returning({ id: mktCards.id });
    if (rows.length === 0) return false;
    await tx
      .insert(mktCardEvents)
      .values({ cardId, kind: PULLED_EVENT, note: '从待处理提前处理（不占每日上限）', at: now });
    return true;
  });
  const card = await findCard(db, adviserId, cardId, now);
  if (!card) throw notFound('机会卡不存在');
  if (!pulled) throw new ApiError(409, ErrorCode.badRequest, '这张商机已不在待处理中，请刷新列表');
  const counts = await todayCounts(db, adviserId, now);
  return { card, pushed_today: counts.pushed };
}
