import { sql } from 'drizzle-orm';

import type { LiveItem, Presenter } from '../../src/api/contract/lives';
import type { Db } from '../db/client';
import { liveListVersions, lives } from '../db/schema';
import { type LiveItemFigures, toLiveItem } from './lives-items';
import {
  asDate,
  type CachedPage,
  type createKeptLivePages,
  type ListSession,
  type LiveListQuery,
} from './lives-list-cache';

/** A page row of the one-statement list query, as either driver returns it. */
interface PageRow {
  id: number;
  start_time: Date | string;
  end_time: Date | string;
  is_subscribed: boolean;
  cover: string;
  title: string;
  kol: Presenter[] | string;
  onlines: number | string;
  subscriber_count: number;
  playback_count: number;
  room_id: string;
  ahead_total: number | string;
  ended_total: number | string;
  version: number | string | null;
  next_end: Date | string | null;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

/**
 * The home list's statements: live and upcoming are exactly the lives whose end is still ahead, and sorting those
 * by start puts live before upcoming; so a page is two range scans of (category_id, end_time) glued at the count
 * of lives ahead. All of it is one statement: the two counts are computed once (init plans), the ended part's
 * offset is the page's offset less the lives ahead, and the page's rows are read with their figures. `totals`
 * answers past the last page.
 */
function listStatements(q: LiveListQuery, figures: LiveItemFigures) {
  const now = q.now.toISOString();
  const cat = q.categoryId;
  const since = q.endedSince ? q.endedSince.toISOString() : null;
  const endedCond = since
    ? sql`category_id = ${cat} and end_time <= ${now}::timestamptz and end_time >= ${since}::timestamptz`
    : sql`category_id = ${cat} and end_time <= ${now}::timestamptz`;
  const offset = (q.page - 1) * q.pageSize;
  const aheadTotal = sql`(select count(*) from ${lives} where category_id = ${cat} and end_time > ${now}::timestamptz)`;
  const page = sql`
        with ahead_n as materialized (select ${aheadTotal} as n),
        picked as (
          (select id, 0 as seg, start_time as k, id as k2 from ${lives}
            where category_id = ${cat} and end_time > ${now}::timestamptz
            order by start_time, id limit ${q.pageSize} offset ${offset})
          union all
          (select id, 1 as seg, end_time as k, id as k2 from ${lives}
            where ${endedCond}
            order by end_time desc, id desc limit ${q.pageSize}
            offset greatest(0, ${offset} - (select n from ahead_n)))
        )
        select ${lives.id}, ${lives.startTime}, ${lives.endTime}, ${lives.cover}, ${lives.title}, ${lives.kol}, ${lives.roomId},
          ${lives.subscriberCount}, ${lives.playbackCount},
          ${figures.isSubscribed(q.employeeId)} as is_subscribed, ${figures.onlineCount(q.now)} as onlines,
          (select n from ahead_n) as ahead_total,
          (select count(*) from ${lives} where ${endedCond}) as ended_total,
          (select ${liveListVersions.version} from ${liveListVersions} where ${liveListVersions.categoryId} = ${cat}) as version,
          (select min(end_time) from ${lives} where category_id = ${cat} and end_time > ${now}::timestamptz) as next_end
        from picked join ${lives} on ${lives.id} = picked.id
        order by picked.seg,
          case when picked.seg = 0 then picked.k end asc, case when picked.seg = 0 then picked.k2 end asc,
          case when picked.seg = 1 then picked.k end desc, case when picked.seg = 1 then picked.k2 end desc
        limit ${q.pageSize}`;
  const totals = sql`select ${aheadTotal} as a, (select count(*) from ${lives} where ${endedCond}) as e`;
  return { page, totals };
}

/** The home list by category, and a kept page answered to a token's holder. */
export function createLiveListRepository(
  db: Db,
  figures: LiveItemFigures,
  kept: ReturnType<typeof createKeptLivePages>,
) {
  return {
    /** The home list: live (by start), then upcoming (soonest first), then ended (most recent first). */
    async listByCategory(q: LiveListQuery): Promise<{ total: number; items: LiveItem[] }> {
      const cacheKey = kept.keptPageKey(q);
      const cached = kept.keptPage(q);
      if (cached) {
        const fresh = await kept.viewerParts(q, cached);
        if (fresh) return { total: cached.total, items: fresh.items };
      }
      const statements = listStatements(q, figures);
      const rows = rowsOf<PageRow>(await db.execute(statements.page));
      if (rows.length === 0) {
        // Past the last page: the total still answers (one more statement, off the hot path).
        const [counts] = rowsOf<{ a: number | string; e: number | string }>(await db.execute(statements.totals));
        return { total: Number(counts?.a ?? 0) + Number(counts?.e ?? 0), items: [] };
      }
      const total = Number(rows[0]!.ahead_total) + Number(rows[0]!.ended_total);
      const read = rows.map((r) => ({
        id: r.id,
        startTime: asDate(r.start_time),
        endTime: asDate(r.end_time),
        cover: r.cover,
        title: r.title,
        kol: typeof r.kol === 'string' ? (JSON.parse(r.kol) as Presenter[]) : r.kol,
        subscribeNumber: r.subscriber_count,
        playbackNumber: r.playback_count,
        roomId: r.room_id,
      }));
      const first = rows[0]!;
      if (first.version !== null) {
        const page: CachedPage = {
          version: Number(first.version),
          readAt: q.now.getTime(),
          validUntil: first.next_end === null ? Number.POSITIVE_INFINITY : asDate(first.next_end).getTime(),
          total,
          rows: read,
        };
        kept.keep(cacheKey, page);
      }
      return {
        total,
        items: await figures.countedOutside(
          read.map((r, i) =>
            toLiveItem({ ...r, isSubscribed: rows[i]!.is_subscribed, onlines: rows[i]!.onlines }, q.now),
          ),
          q.now,
        ),
      };
    },

    /**
     * A page for whoever holds `token`, when the page is kept and still current: the session and the page's
     * parts in one statement. `session` is null when no session has that token; the caller applies the session
     * rules (revoked, expired) before answering. Null: not kept or moved on, read it with listByCategory.
     */
    async keptPageForToken(
      q: Omit<LiveListQuery, 'employeeId'>,
      token: string,
    ): Promise<{ total: number; items: LiveItem[]; session: ListSession | null } | null> {
      const cached = kept.keptPage(q);
      if (!cached) return null;
      const fresh = await kept.viewerParts({ ...q, employeeId: '' }, cached, token);
      return fresh ? { total: cached.total, items: fresh.items, session: fresh.session ?? null } : null;
    },
  };
}
