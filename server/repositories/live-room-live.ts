import { and, eq, inArray, sql } from 'drizzle-orm';

import { liveStatusAt } from '../../src/api/contract/live-rules';
import type { LiveStatus, SubscribeResult } from '../../src/api/contract/lives';
import { keepNewest } from '../../src/lib/keep-newest';
import type { Db } from '../db/client';
import { lives, playbacks, subscriptions } from '../db/schema';

/** Replay joins of one viewer this close together are one viewing. */
export const REPLAY_VIEWING_MS = 30 * 60_000;

export interface Subscriber {
  employeeId: string;
  realName: string;
  unionId: string | null;
}

/**
 * How long a server reuses what it read of a room's live (its id, times and replay count). Every heartbeat and
 * online poll of a live needs it, thousands a second in a large live, and it changes only when staff move a
 * live's times: another server's change shows within this time. The status itself is computed from the times at
 * each request, so a live still starts and ends to the millisecond.
 */
export const ROOM_LIVE_REUSE_MS = 1_000;
/** Rooms remembered per server; the oldest read goes first (unknown rooms are remembered too, as none). */
const ROOM_LIVES_KEPT = 1_024;

interface RoomLive {
  id: number;
  roomId: string;
  startTime: Date;
  endTime: Date;
  playbackCount: number;
}

/** The room's live itself: its times (kept briefly per server for heartbeats), replays and subscriptions. */
export function createRoomLiveRepository(db: Db) {
  const roomLives = new Map<string, { live: RoomLive | null; readAt: number }>();

  /** The lives owning these rooms, read again only for rooms not read in the last ROOM_LIVE_REUSE_MS. */
  async function roomLivesAt(roomIds: string[], now: Date): Promise<Map<string, RoomLive>> {
    const t = now.getTime();
    const out = new Map<string, RoomLive>();
    const stale: string[] = [];
    for (const roomId of roomIds) {
      const kept = roomLives.get(roomId);
      if (kept && kept.readAt <= t && t - kept.readAt < ROOM_LIVE_REUSE_MS) {
        if (kept.live) out.set(roomId, kept.live);
      } else stale.push(roomId);
    }
    if (stale.length === 0) return out;
    const rows = await db
      .select({
        id: lives.id,
        roomId: lives.roomId,
        startTime: lives.startTime,
        endTime: lives.endTime,
        playbackCount: lives.playbackCount,
      })
      .from(lives)
      .where(inArray(lives.roomId, stale));
    for (const roomId of stale) {
      const live = rows.find((r) => r.roomId === roomId) ?? null;
      keepNewest(roomLives, roomId, { live, readAt: t }, ROOM_LIVES_KEPT);
      if (live) out.set(roomId, live);
    }
    return out;
  }

  const playbackCountOf = async (liveId: number) => {
    const [row] = await db.select({ n: lives.playbackCount }).from(lives).where(eq(lives.id, liveId));
    return row?.n ?? 0;
  };
  const subscriberCount = async (liveId: number) => {
    const [row] = await db.select({ n: lives.subscriberCount }).from(lives).where(eq(lives.id, liveId));
    return row?.n ?? 0;
  };

  return {
    async liveTimes(id: number) {
      const [row] = await db
        .select({
          id: lives.id,
          roomId: lives.roomId,
          title: lives.title,
          startTime: lives.startTime,
          endTime: lives.endTime,
        })
        .from(lives)
        .where(eq(lives.id, id))
        .limit(1);
      return row ?? null;
    },

    /**
     * What a heartbeat needs of its room's live in one read: the times its status comes from and the replay count it
     * answers with. Heartbeats are most of a live's traffic, so this is the only database read a guest's makes.
     */
    async roomLive(roomId: string, now: Date): Promise<RoomLive | null> {
      return (await roomLivesAt([roomId], now)).get(roomId) ?? null;
    },

    /** The replay count alone (a trigger keeps it with the playbacks). */
    playbackCount: playbackCountOf,

    /** Lives owning these rooms, with their status now: the online poll carries it. */
    async livesByRoom(roomIds: string[], now: Date): Promise<Map<string, { numIndex: number; status: LiveStatus }>> {
      const out = new Map<string, { numIndex: number; status: LiveStatus }>();
      if (roomIds.length === 0) return out;
      for (const r of (await roomLivesAt(roomIds, now)).values())
        out.set(r.roomId, {
          numIndex: r.id,
          status: liveStatusAt(r.startTime.getTime(), r.endTime.getTime(), now.getTime()),
        });
      return out;
    },

    /** Subscribe (on) or cancel; unique per user and live, so repeating either is harmless. */
    async setSubscription(liveId: number, who: Subscriber, on: boolean, now: Date): Promise<SubscribeResult> {
      if (on) {
        await db
          .insert(subscriptions)
          .values({ liveId, employeeId: who.employeeId, realName: who.realName, unionId: who.unionId, createdAt: now })
          .onConflictDoNothing();
      } else {
        await db
          .delete(subscriptions)
          .where(and(eq(subscriptions.liveId, liveId), eq(subscriptions.employeeId, who.employeeId)));
      }
      return { num_index: liveId, is_subscribe: on ? 1 : 0, subscribe_number: await subscriberCount(liveId) };
    },

    /**
     * One playback per viewing: a viewer's replay joins within REPLAY_VIEWING_MS of
     * their last counted one (a remount, back and forth, a retried request) are the same viewing.
     * Returns whether this join was counted.
     */
    async recordPlayback(liveId: number, viewerId: string, now: Date): Promise<boolean> {
      const since = new Date(now.getTime() - REPLAY_VIEWING_MS);
      // One statement, so the check and the insert see the same rows.
      const result = await db.execute<{ id: number }>(
        sql`insert into ${playbacks} (live_id, viewer_id, watched_at)
            select ${liveId}, ${viewerId}, ${now.toISOString()}::timestamptz
            where not exists (select 1 from ${playbacks} where ${playbacks.liveId} = ${liveId} and ${playbacks.viewerId} = ${viewerId} and ${playbacks.watchedAt} > ${since.toISOString()}::timestamptz)
            returning id`,
      );
      const counted = (result as unknown as { rows?: unknown[] }).rows ?? (result as unknown as unknown[]);
      // This server's next heartbeat answers with the count that includes this viewing.
      if (counted.length > 0)
        for (const [roomId, kept] of roomLives) if (kept.live?.id === liveId) roomLives.delete(roomId);
      return counted.length > 0;
    },
  };
}
