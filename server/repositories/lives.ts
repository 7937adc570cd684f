import { and, asc, desc, eq, gt, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { livePresenters, lives, presenters, roomPresence, subscriptions } from '../db/schema';
import type { LiveItem, LiveState, Presenter } from '../../src/api/contract/lives';
import { liveStatusAt } from '../../src/api/contract/liveRules';
import { ONLINE_WINDOW_SECONDS } from '../../src/api/contract/chatRoom';

export interface LiveListQuery {
  categoryId: number;
  /** Whose subscriptions set is_subscribe. */
  employeeId: string;
  now: Date;
  /** Ended lives that ended before this are left out; null keeps them all. */
  endedSince: Date | null;
  page: number;
  pageSize: number;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The columns every live query selects (see itemFields), as the database driver returns them. */
interface ItemRow {
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
function toLiveItem(r: ItemRow, now: Date): LiveItem {
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

export function createLivesRepository(db: Db) {
  const onlineCount = (now: Date) =>
    db.$count(
      roomPresence,
      and(
        eq(roomPresence.roomId, lives.roomId),
        gt(roomPresence.lastSeenAt, new Date(now.getTime() - ONLINE_WINDOW_SECONDS * 1000)),
      ),
    );

  /** Per-row figures: counts from the row; online and is_subscribe as index lookups for the page's rows only. */
  const itemFields = (now: Date, employeeId: string) => ({
    id: lives.id,
    title: lives.title,
    cover: lives.cover,
    roomId: lives.roomId,
    startTime: lives.startTime,
    endTime: lives.endTime,
    // Kept in the row by triggers (migration 0014): no count per live on a list read (issue 17).
    subscribeNumber: lives.subscriberCount,
    playbackNumber: lives.playbackCount,
    onlines: onlineCount(now),
    isSubscribed: sql<boolean>`exists (select 1 from ${subscriptions} where ${subscriptions.liveId} = ${lives.id} and ${subscriptions.employeeId} = ${employeeId})`,
    // A lookup by primary key per presenter: a join here gets planned as a scan of all presenters per live.
    kol: sql<Presenter[]>`(select coalesce(json_agg((select json_build_object('id', ${presenters.id}, 'name', ${presenters.name}, 'avatar', ${presenters.avatar}, 'title', ${presenters.title}) from ${presenters} where ${presenters.id} = ${livePresenters.presenterId}) order by ${livePresenters.position}), '[]'::json) from ${livePresenters} where ${livePresenters.liveId} = ${lives.id})`,
  });

  /**
   * One page of lives: ids picked from the covering index alone (no table reads for the
   * rows skipped or sorted), then only those rows read with their figures.
   */
  async function pageOf(where: SQL | undefined, order: 'start' | 'end', limit: number, offset: number, now: Date, employeeId: string) {
    const picked = db
      .select({ id: lives.id, startTime: lives.startTime, endTime: lives.endTime })
      .from(lives)
      .where(where)
      .orderBy(...(order === 'start' ? [asc(lives.startTime), asc(lives.id)] : [desc(lives.endTime), desc(lives.id)]))
      .limit(limit)
      .offset(offset)
      .as('picked');
    return db
      .select(itemFields(now, employeeId))
      .from(picked)
      .innerJoin(lives, eq(lives.id, picked.id))
      .orderBy(...(order === 'start' ? [asc(picked.startTime), asc(picked.id)] : [desc(picked.endTime), desc(picked.id)]));
  }

  return {
    /**
     * The home list: live (by start), then upcoming (soonest first), then ended (most
     * recent first). Live and upcoming are exactly the lives whose end is still ahead,
     * and sorting those by start puts live before upcoming; so the page is two index
     * range scans on (category_id, end_time) glued at a known count.
     */
    async listByCategory(q: LiveListQuery): Promise<{ total: number; items: LiveItem[] }> {
      const ahead = and(eq(lives.categoryId, q.categoryId), gt(lives.endTime, q.now));
      const endedConds: SQL[] = [eq(lives.categoryId, q.categoryId), lte(lives.endTime, q.now)];
      if (q.endedSince) endedConds.push(gte(lives.endTime, q.endedSince));
      const ended = and(...endedConds);

      // Both counts in one index-only range scan: from the earliest end that can count.
      const lowest = q.endedSince && q.endedSince.getTime() < q.now.getTime() ? q.endedSince : q.endedSince ? q.now : null;
      const [counts] = await db
        .select({
          ahead: sql<number>`count(*) filter (where ${ahead})`.mapWith(Number),
          ended: sql<number>`count(*) filter (where ${ended})`.mapWith(Number),
        })
        .from(lives)
        .where(and(eq(lives.categoryId, q.categoryId), lowest ? gte(lives.endTime, lowest) : undefined));
      const aheadCount = counts?.ahead ?? 0;
      const total = aheadCount + (counts?.ended ?? 0);

      const offset = (q.page - 1) * q.pageSize;
      const rows = [];
      if (offset < aheadCount) rows.push(...(await pageOf(ahead, 'start', q.pageSize, offset, q.now, q.employeeId)));
      const room = q.pageSize - rows.length;
      if (room > 0 && offset + rows.length < total) {
        rows.push(...(await pageOf(ended, 'end', room, Math.max(0, offset - aheadCount), q.now, q.employeeId)));
      }
      const items = rows.map((r) => toLiveItem(r, q.now));
      return { total, items };
    },

    /** One live as a list item, with its description (detail screens). */
    async getItem(id: number, employeeId: string, now: Date): Promise<(LiveItem & { description: string }) | null> {
      const [r] = await db
        .select({ ...itemFields(now, employeeId), description: lives.description })
        .from(lives)
        .where(eq(lives.id, id))
        .limit(1);
      if (!r) return null;
      return { ...toLiveItem(r, now), description: r.description };
    },

    async getState(id: number, now: Date): Promise<LiveState | null> {
      const [row] = await db
        .select({ id: lives.id, startTime: lives.startTime, endTime: lives.endTime, onlines: onlineCount(now) })
        .from(lives)
        .where(eq(lives.id, id))
        .limit(1);
      if (!row) return null;
      return {
        num_index: row.id,
        status: liveStatusAt(row.startTime.getTime(), row.endTime.getTime(), now.getTime()),
        onlines: Number(row.onlines),
      };
    },
  };
}
export type LivesRepository = ReturnType<typeof createLivesRepository>;
