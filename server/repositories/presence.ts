import { and, count, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { roomPresence } from '../db/schema';
import { ONLINE_WINDOW_SECONDS } from '../../src/api/contract/chatRoom';

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
      const since = new Date(now.getTime() - ONLINE_WINDOW_SECONDS * 1000);
      const rows = await db
        .select({ roomId: roomPresence.roomId, num: count() })
        .from(roomPresence)
        .where(and(inArray(roomPresence.roomId, roomIds), gt(roomPresence.lastSeenAt, since)))
        .groupBy(roomPresence.roomId);
      for (const r of rows) out.set(r.roomId, Number(r.num));
      return out;
    },
  };
}
export type PresenceRepository = ReturnType<typeof createPresenceRepository>;
