import { and, gt, inArray, sql, sum } from 'drizzle-orm';
import type { Db } from '../db/client';
import { roomOnlineSeconds, roomPresence } from '../db/schema';
import { ONLINE_WINDOW_SECONDS } from '../../src/api/contract/chatRoom';

/**
 * Online at `now` means a last heartbeat in a second after this one: the 60 s window counted in whole seconds, as
 * room_online_seconds keeps them (migration 0019). Every online count (room poll, heartbeat answer, live list)
 * uses it, so they agree.
 */
export const onlineAfterSecond = (now: Date): number => Math.floor(now.getTime() / 1000) - ONLINE_WINDOW_SECONDS;

export function createPresenceRepository(db: Db) {
  return {
    /** Records a viewer's heartbeat: one row per viewer per room, its time moved forward. */
    async heartbeat(roomId: string, viewerId: string, now: Date): Promise<void> {
      await db
        .insert(roomPresence)
        .values({ roomId, viewerId, lastSeenAt: now })
        .onConflictDoUpdate({
          target: [roomPresence.roomId, roomPresence.viewerId],
          set: { lastSeenAt: sql`greatest(${roomPresence.lastSeenAt}, excluded.last_seen_at)` },
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
export type PresenceRepository = ReturnType<typeof createPresenceRepository>;
