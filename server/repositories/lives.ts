import { eq, sql } from 'drizzle-orm';

import { liveStatusAt } from '../../src/api/contract/live-rules';
import type { LiveItem, LiveState } from '../../src/api/contract/lives';
import type { Db } from '../db/client';
import { lives, subscriptions } from '../db/schema';
import { liveItemFigures, toLiveItem } from './lives-items';
import { createLiveListRepository } from './lives-list';
import { createKeptLivePages } from './lives-list-cache';
import type { PresenceStore } from './presence';

/**
 * `presence`: where online counts are read when they are not in this database (Redis, several servers): the
 * statements then count nobody and the live rows' counts are asked of it after the read.
 */
export function createLivesRepository(db: Db, presence?: PresenceStore) {
  const figures = liveItemFigures(presence);
  const { onlineCount, itemFields, countedOutside } = figures;

  return {
    ...createLiveListRepository(db, figures, createKeptLivePages(db, presence)),

    /**
     * The lives one person booked (我的预约): those still ahead first, soonest first, then ended ones, latest
     * first; at most `limit`, with the total booked.
     */
    async subscribedBy(employeeId: string, now: Date, limit: number): Promise<{ total: number; items: LiveItem[] }> {
      const mine = sql`${lives.id} in (select ${subscriptions.liveId} from ${subscriptions} where ${subscriptions.employeeId} = ${employeeId})`;
      const ahead = sql`${lives.endTime} > ${now.toISOString()}::timestamptz`;
      const [rows, [count]] = await Promise.all([
        db
          .select(itemFields(now, employeeId))
          .from(lives)
          .where(mine)
          .orderBy(
            sql`case when ${ahead} then 0 else 1 end`,
            sql`case when ${ahead} then ${lives.startTime} end asc`,
            sql`${lives.endTime} desc`,
            lives.id,
          )
          .limit(limit),
        db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(lives)
          .where(mine),
      ]);
      return {
        total: count?.n ?? 0,
        items: await countedOutside(
          rows.map((r) => toLiveItem(r, now)),
          now,
        ),
      };
    },

    /** One live as a list item, with its description (detail screens). */
    async getItem(id: number, employeeId: string, now: Date): Promise<(LiveItem & { description: string }) | null> {
      const [r] = await db
        .select({ ...itemFields(now, employeeId), description: lives.description })
        .from(lives)
        .where(eq(lives.id, id))
        .limit(1);
      if (!r) return null;
      const [item] = await countedOutside([toLiveItem(r, now)], now);
      return { ...item!, description: r.description };
    },

    async getState(id: number, now: Date): Promise<LiveState | null> {
      const [row] = await db
        .select({
          id: lives.id,
          startTime: lives.startTime,
          endTime: lives.endTime,
          roomId: lives.roomId,
          onlines: onlineCount(now),
        })
        .from(lives)
        .where(eq(lives.id, id))
        .limit(1);
      if (!row) return null;
      const status = liveStatusAt(row.startTime.getTime(), row.endTime.getTime(), now.getTime());
      const [counted] = await countedOutside([{ status, room_id: row.roomId, onlines: Number(row.onlines) }], now);
      return { num_index: row.id, status, onlines: counted!.onlines };
    },
  };
}
