import { and, eq } from 'drizzle-orm';

import { ErrorCode } from '../../src/api/contract/codes';
import type { Db } from '../db/client';
import { mktCardEvents, mktCards } from '../db/schema';
import { ApiError, notFound } from '../http/errors';

/** The states in which a card is still to be worked on (snoozed aside). */
export const OPEN_CARD_STATES = ['new', 'viewed', 'handling'] as const;

/** The adviser's own card; another adviser's is a 404. */
export async function ownCard(db: Db, adviserId: number, cardId: number) {
  const [card] = await db
    .select()
    .from(mktCards)
    .where(and(eq(mktCards.id, cardId), eq(mktCards.adviserId, adviserId)));
  if (!card) throw notFound('机会卡不存在');
  return card;
}

/** One step of a card's history. */
export const cardEvent = (db: Db, cardId: number, kind: string, note: string | null, at: Date) =>
  db.insert(mktCardEvents).values({ cardId, kind, note, at });

export const conflict = (message: string) => new ApiError(409, ErrorCode.badRequest, message);
