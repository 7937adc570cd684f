import { sql } from 'drizzle-orm';

import { LiveStatus } from '../../src/api/contract/live-constants';
import { liveStatusAt } from '../../src/api/contract/live-rules';
import type { LiveItem, Presenter } from '../../src/api/contract/lives';
import { lives, roomOnlineSeconds, subscriptions } from '../db/schema';
import { onlineAfterSecond, type PresenceStore } from './presence';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The columns every live query selects (see itemFields), as the database driver returns them. */
export interface ItemRow {
  id: number;
  startTime: Date;
  endTime: Date;
  isSubscribed: unknown;
  cover: string;
  title: string;
  kol: Presenter[];
  onlines: unknown;
  subscribeNumber: unknown;
  playbackNumber: unknown;
  roomId: string;
}

/** One row as the contract's live item: the status comes from the request clock, never the table. */
export function toLiveItem(r: ItemRow, now: Date): LiveItem {
  return {
    num_index: r.id,
    status: liveStatusAt(r.startTime.getTime(), r.endTime.getTime(), now.getTime()),
    is_subscribe: r.isSubscribed ? 1 : 0,
    cover: r.cover,
    title: r.title,
    start_time: seconds(r.startTime),
    end_time: seconds(r.endTime),
    kol: r.kol,
    onlines: Number(r.onlines),
    subscribe_number: Number(r.subscribeNumber),
    playback_number: Number(r.playbackNumber),
    room_id: r.roomId,
  };
}

/**
 * The per-row figures every live read selects, and the online counts asked of `presence` after the read when
 * it holds them (Redis, several servers): the statements then count nobody.
 */
export function liveItemFigures(presence?: PresenceStore) {
  /**
   * Viewers seen in the last minute while the live is on (heartbeats are only taken then), 0 otherwise:
   * a count runs for the page's live rows only, never for upcoming or ended ones.
   */
  // Qualified by hand: in a one-table select drizzle writes a column unqualified, and inside the subquery a bare
  // "room_id" is room_online_seconds' own, which counted every room's viewers for each live.
  const livesRoomId = sql`${sql.identifier('lives')}.${sql.identifier('room_id')}`;
  const onlineCount = (now: Date) => {
    if (presence) return sql<number>`0`;
    return sql<number>`case when ${lives.startTime} <= ${now.toISOString()}::timestamptz and ${lives.endTime} > ${now.toISOString()}::timestamptz
      then (select coalesce(sum(${roomOnlineSeconds.viewers}), 0) from ${roomOnlineSeconds}
        where ${roomOnlineSeconds.roomId} = ${livesRoomId} and ${roomOnlineSeconds.second} > ${onlineAfterSecond(now)})
      else 0 end`;
  };

  const isSubscribed = (employeeId: string) =>
    sql<boolean>`exists (select 1 from ${subscriptions} where ${subscriptions.liveId} = ${lives.id} and ${subscriptions.employeeId} = ${employeeId})`;

  /** Per-row figures: counts and presenters from the row (triggers keep them); online and is_subscribe as index lookups. */
  const itemFields = (now: Date, employeeId: string) => ({
    id: lives.id,
    title: lives.title,
    cover: lives.cover,
    roomId: lives.roomId,
    startTime: lives.startTime,
    endTime: lives.endTime,
    // Kept in the row by triggers (migrations 0014, 0016): no count or JSON per live on a read.
    subscribeNumber: lives.subscriberCount,
    playbackNumber: lives.playbackCount,
    onlines: onlineCount(now),
    isSubscribed: isSubscribed(employeeId),
    kol: lives.kol,
  });

  /** Items as read, with the live ones' counts from `presence` when it holds them. */
  async function countedOutside<T extends { status: number; room_id: string; onlines: number }>(
    items: T[],
    now: Date,
  ): Promise<T[]> {
    if (!presence) return items;
    const on = items.filter((i) => i.status === LiveStatus.live);
    if (on.length === 0) return items;
    const counts = await presence.onlineCounts([...new Set(on.map((i) => i.room_id))], now);
    return items.map((i) => (i.status === LiveStatus.live ? { ...i, onlines: counts.get(i.room_id) ?? 0 } : i));
  }

  return { onlineCount, isSubscribed, itemFields, countedOutside };
}

export type LiveItemFigures = ReturnType<typeof liveItemFigures>;
