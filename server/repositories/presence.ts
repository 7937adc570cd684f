import { and, gt, inArray, sql, sum } from 'drizzle-orm';

import { ONLINE_WINDOW_SECONDS } from '../../src/api/contract/chat-room';
import type { Db } from '../db/client';
import { roomOnlineSeconds, roomPresence } from '../db/schema';

/**
 * Online at `now` means a last heartbeat in a second after this one: the 60 s window counted in whole seconds, as
 * room_online_seconds keeps them (migration 0019). Every online count (room poll, heartbeat answer, live list)
 * uses it, so they agree.
 */
export const onlineAfterSecond = (now: Date): number => Math.floor(now.getTime() / 1000) - ONLINE_WINDOW_SECONDS;

/** Who a heartbeat counts: the id it is counted under and, for a signed-in viewer, the user. */
export interface PresenceViewer {
  viewerId: string;
  userId: number | null;
}

/** A guest's own device id goes under this prefix, so it can never pose as a signed-in user's id. */
export const ANONYMOUS_VIEWER_PREFIX = 'anon:';

/** Where presence is kept: the database alone (one server) or Redis (several, presence-redis.ts); both count alike. */
export interface PresenceStore {
  heartbeat(roomId: string, viewer: PresenceViewer, now: Date): Promise<void>;
  onlineCounts(roomIds: string[], now: Date): Promise<Map<string, number>>;
}

export function createPresenceRepository(db: Db): PresenceStore {
  return {
    /**
     * Records a viewer's heartbeat: one row per viewer per room, its time moved forward. `userId` is the
     * signed-in user whose token came with it (null for a guest): only those rows can become sales signals.
     */
    async heartbeat(roomId: string, viewer: PresenceViewer, now: Date): Promise<void> {
      await db
        .insert(roomPresence)
        .values({ roomId, viewerId: viewer.viewerId, userId: viewer.userId, lastSeenAt: now })
        .onConflictDoUpdate({
          target: [roomPresence.roomId, roomPresence.viewerId],
          set: {
            lastSeenAt: sql`greatest(${roomPresence.lastSeenAt}, excluded.last_seen_at)`,
            userId: sql`excluded.user_id`,
          },
        });
    },

    /** Viewers seen in the last minute, per room; rooms with nobody answer 0. */
    async onlineCounts(roomIds: string[], now: Date): Promise<Map<string, number>> {
      const out = new Map(roomIds.map((id) => [id, 0]));
      if (roomIds.length === 0) return out;
      // At most 60 rows of the summary's key per room, however many are watching.
      const rows = await db
        .select({ roomId: roomOnlineSeconds.roomId, num: sum(roomOnlineSeconds.viewers) })
        .from(roomOnlineSeconds)
        .where(and(inArray(roomOnlineSeconds.roomId, roomIds), gt(roomOnlineSeconds.second, onlineAfterSecond(now))))
        .groupBy(roomOnlineSeconds.roomId);
      for (const r of rows) out.set(r.roomId, Number(r.num));
      return out;
    },
  };
}
