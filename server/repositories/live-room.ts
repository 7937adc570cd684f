import { asc, eq } from 'drizzle-orm';

import type { InteractAuth, LiveMinute } from '../../src/api/contract/live-room';
import type { PresenterDetail } from '../../src/api/contract/lives';
import type { Db } from '../db/client';
import { interactAuths, liveInteractRules, liveMinutes, livePresenters, presenters } from '../db/schema';
import { createRoomLiveRepository } from './live-room-live';
import { createRoomMessagesRepository, roomMessageCounts } from './live-room-messages';
import { createRoomProductsRepository } from './live-room-products';

/** The live room's data: subscriptions, presenters, products, minutes, messages, authentication. */
export function createLiveRoomRepository(db: Db) {
  const live = createRoomLiveRepository(db);

  return {
    ...live,
    ...createRoomProductsRepository(db),
    ...createRoomMessagesRepository(db),

    async presenters(liveId: number): Promise<PresenterDetail[]> {
      return db
        .select({
          id: presenters.id,
          name: presenters.name,
          avatar: presenters.avatar,
          title: presenters.title,
          bio: presenters.bio,
        })
        .from(livePresenters)
        .innerJoin(presenters, eq(presenters.id, livePresenters.presenterId))
        .where(eq(livePresenters.liveId, liveId))
        .orderBy(asc(livePresenters.position));
    },

    async counts(liveId: number, roomId: string) {
      const [{ messages, leaves }, plays] = await Promise.all([
        roomMessageCounts(db, liveId, roomId),
        live.playbackCount(liveId),
      ]);
      return { messages, leaves, playbacks: Number(plays) };
    },

    async minutes(liveId: number): Promise<LiveMinute[]> {
      const rows = await db
        .select()
        .from(liveMinutes)
        .where(eq(liveMinutes.liveId, liveId))
        .orderBy(asc(liveMinutes.offsetSeconds));
      return rows.map((r) => ({ id: r.id, offset_seconds: r.offsetSeconds, title: r.title, summary: r.summary }));
    },

    /** The authentication a live requires before its room opens, if any; whether a viewer passes is the server's gate (private-access.ts). */
    async interactRequirement(liveId: number): Promise<InteractAuth['required']> {
      const [rule] = await db.select().from(liveInteractRules).where(eq(liveInteractRules.liveId, liveId)).limit(1);
      return rule?.authKind ?? null;
    },

    /** Who passed the gate and when (the compliance trail holds the declarations themselves). */
    async confirmInteractAuth(liveId: number, employeeId: string, now: Date): Promise<void> {
      await db.insert(interactAuths).values({ liveId, employeeId, confirmedAt: now }).onConflictDoNothing();
    },
  };
}
