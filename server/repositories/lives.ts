import { eq, sql } from 'drizzle-orm';

import { LiveStatus } from '../../src/api/contract/live-constants';
import { liveStatusAt } from '../../src/api/contract/live-rules';
import type { LiveItem, LiveState, Presenter } from '../../src/api/contract/lives';
import { keepNewest } from '../../src/lib/keep-newest';
import type { Db } from '../db/client';
import { liveListVersions, lives, roomOnlineSeconds, sessions, subscriptions, users } from '../db/schema';
import { tokenHash } from '../security/token-hash';
import { onlineAfterSecond, type PresenceStore } from './presence';

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

/** A page as read, without the per-viewer and per-moment parts (is_subscribe, onlines, status). */
interface CachedPage {
  version: number;
  /** When it was read: for an earlier clock (tests, a skewed server) the page is read again. */
  readAt: number;
  /** The page holds until a live ahead ends (it then moves to the ended part) or the version moves. */
  validUntil: number;
  total: number;
  rows: Array<Omit<ItemRow, 'isSubscribed' | 'onlines'>>;
  /** The items last answered from it and what they were made of (status, subscribed, online per row). */
  built?: { parts: string; items: LiveItem[] };
}
/** A signed-in reader's session as the list's one statement read it: the route applies the session rules to it. */
export interface ListSession {
  employeeId: string;
  revokedAt: Date | null;
  expiresAt: Date;
}

/** Pages kept per process; the oldest read goes first. */
const PAGE_CACHE_MAX = 256;
const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));
const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

/**
 * `presence`: where online counts are read when they are not in this database (Redis, several servers): the
 * statements then count nobody and the live rows' counts are asked of it after the read.
 */
export function createLivesRepository(db: Db, presence?: PresenceStore) {
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

  const pages = new Map<string, CachedPage>();

  // Prepared once (statement named, so the database plans it once per connection): a kept page's check is then
  // one round trip with no query building or planning, like a one-row read.
  const versionAndOnline = {
    version: liveListVersions.version,
    onl: sql<
      Record<string, number | string> | string | null
    >`(select json_object_agg(room_id, n) from (select ${roomOnlineSeconds.roomId} as room_id, sum(${roomOnlineSeconds.viewers}) as n
        from ${roomOnlineSeconds} where ${roomOnlineSeconds.roomId} = any(${sql.placeholder('rooms')}::text[])
        and ${roomOnlineSeconds.second} > ${sql.placeholder('since')}::bigint group by ${roomOnlineSeconds.roomId}) o)`,
  };
  const viewerPartsQuery = db
    .select({
      ...versionAndOnline,
      subs: sql<number[] | null>`(select array_agg(${subscriptions.liveId}) from ${subscriptions}
          where ${subscriptions.employeeId} = ${sql.placeholder('employeeId')} and ${subscriptions.liveId} = any(${sql.placeholder('ids')}::int[]))`,
    })
    .from(liveListVersions)
    .where(eq(liveListVersions.categoryId, sql.placeholder('categoryId')))
    .prepare('live_list_viewer_parts');
  // Most list reads are guests' (a shared link opened in WeChat): nobody subscribes to anything, so their
  // statement leaves the subscriptions table out. On PGlite every table and index a statement touches costs
  // a file-size check, which made this part a fifth of the read.
  const guestPartsQuery = db
    .select(versionAndOnline)
    .from(liveListVersions)
    .where(eq(liveListVersions.categoryId, sql.placeholder('categoryId')))
    .prepare('live_list_guest_parts');

  // A reader who sends a token: the session (by its token's hash, the sessions table's key) and its user's
  // subscriptions come in the same statement as the page's parts, so a signed-in read is one round trip too,
  // not a session read and then the list's. Tables named by hand: two of them have an employee_id.
  const subscribedBySession = sql<
    number[] | null
  >`(select array_agg(${sql.identifier('subscriptions')}.${sql.identifier('live_id')})
      from ${subscriptions} where ${sql.identifier('subscriptions')}.${sql.identifier('employee_id')} = ${sql.identifier('users')}.${sql.identifier('employee_id')}
      and ${sql.identifier('subscriptions')}.${sql.identifier('live_id')} = any(${sql.placeholder('ids')}::int[]))`;
  const sessionPartsQuery = db
    .select({
      ...versionAndOnline,
      subs: subscribedBySession,
      employeeId: users.employeeId,
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
    })
    .from(liveListVersions)
    .leftJoin(sessions, eq(sessions.token, sql.placeholder('token')))
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(eq(liveListVersions.categoryId, sql.placeholder('categoryId')))
    .prepare('live_list_session_parts');

  /**
   * A kept page's per-viewer and per-moment parts in one statement of index lookups: the category's
   * version (is the page still what the tables hold?), which of its lives this viewer subscribed to, and
   * the online counts of those on now. Null when the version moved: the page is read again. With `token`, the
   * viewer is the session's user (read in the same statement, `session`: null when no session has that token).
   */
  async function viewerParts(
    q: LiveListQuery,
    page: CachedPage,
    token?: string,
  ): Promise<{ items: LiveItem[]; session?: ListSession | null } | null> {
    const t = q.now.getTime();
    const onNow = page.rows.filter((r) => r.startTime.getTime() <= t && t < r.endTime.getTime()).map((r) => r.roomId);
    const shared = { categoryId: q.categoryId, rooms: presence ? [] : onNow, since: onlineAfterSecond(new Date(t)) };
    const ids = page.rows.map((r) => r.id);
    const [[row], outside] = await Promise.all([
      token !== undefined
        ? sessionPartsQuery.execute({ ...shared, token: tokenHash(token), ids })
        : q.employeeId
          ? viewerPartsQuery.execute({ ...shared, employeeId: q.employeeId, ids })
          : guestPartsQuery.execute(shared),
      presence && onNow.length > 0 ? presence.onlineCounts(onNow, q.now) : null,
    ]);
    if (!row || row.version === null || Number(row.version) !== page.version) return null;
    const held = row as {
      employeeId?: string | null;
      revokedAt?: Date | string | null;
      expiresAt?: Date | string | null;
    };
    const session =
      token === undefined
        ? undefined
        : held.employeeId && held.expiresAt
          ? {
              employeeId: held.employeeId,
              revokedAt: held.revokedAt ? asDate(held.revokedAt) : null,
              expiresAt: asDate(held.expiresAt),
            }
          : null;
    const subs = new Set<number>('subs' in row ? ((row.subs as number[] | null) ?? []) : []);
    const onl = outside
      ? Object.fromEntries(outside)
      : ((typeof row.onl === 'string' ? JSON.parse(row.onl) : (row.onl ?? {})) as Record<string, number | string>);
    // The same parts give the very same array: the route then sends the bytes it serialized for it.
    const parts = page.rows
      .map(
        (r) =>
          `${liveStatusAt(r.startTime.getTime(), r.endTime.getTime(), t)}:${subs.has(r.id) ? 1 : 0}:${onl[r.roomId] ?? 0}`,
      )
      .join(',');
    if (page.built?.parts === parts) return { items: page.built.items, session };
    const items = page.rows.map((r) =>
      toLiveItem({ ...r, isSubscribed: subs.has(r.id), onlines: onl[r.roomId] ?? 0 }, q.now),
    );
    page.built = { parts, items };
    return { items, session };
  }

  const keptPageKey = (q: Omit<LiveListQuery, 'employeeId'>) =>
    `${q.categoryId}|${q.endedSince?.getTime() ?? ''}|${q.page}|${q.pageSize}`;
  const keptPage = (q: Omit<LiveListQuery, 'employeeId'>) => {
    const cached = pages.get(keptPageKey(q));
    return cached && cached.readAt <= q.now.getTime() && q.now.getTime() < cached.validUntil ? cached : null;
  };

  return {
    /**
     * The home list: live (by start), then upcoming (soonest first), then ended (most recent first).
     * Live and upcoming are exactly the lives whose end is still ahead, and sorting those by start puts
     * live before upcoming; so a page is two range scans of (category_id, end_time) glued at the count
     * of lives ahead. All of it is one statement: the
     * two counts are computed once (init plans), the ended part's offset is the page's offset less the
     * lives ahead, and the page's rows are read with their figures.
     */
    async listByCategory(q: LiveListQuery): Promise<{ total: number; items: LiveItem[] }> {
      const cacheKey = keptPageKey(q);
      const cached = keptPage(q);
      if (cached) {
        const fresh = await viewerParts(q, cached);
        if (fresh) return { total: cached.total, items: fresh.items };
      }
      const now = q.now.toISOString();
      const cat = q.categoryId;
      const since = q.endedSince ? q.endedSince.toISOString() : null;
      const endedCond = since
        ? sql`category_id = ${cat} and end_time <= ${now}::timestamptz and end_time >= ${since}::timestamptz`
        : sql`category_id = ${cat} and end_time <= ${now}::timestamptz`;
      const offset = (q.page - 1) * q.pageSize;
      const aheadTotal = sql`(select count(*) from ${lives} where category_id = ${cat} and end_time > ${now}::timestamptz)`;
      const result = await db.execute(sql`
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
          ${isSubscribed(q.employeeId)} as is_subscribed, ${onlineCount(q.now)} as onlines,
          (select n from ahead_n) as ahead_total,
          (select count(*) from ${lives} where ${endedCond}) as ended_total,
          (select ${liveListVersions.version} from ${liveListVersions} where ${liveListVersions.categoryId} = ${cat}) as version,
          (select min(end_time) from ${lives} where category_id = ${cat} and end_time > ${now}::timestamptz) as next_end
        from picked join ${lives} on ${lives.id} = picked.id
        order by picked.seg,
          case when picked.seg = 0 then picked.k end asc, case when picked.seg = 0 then picked.k2 end asc,
          case when picked.seg = 1 then picked.k end desc, case when picked.seg = 1 then picked.k2 end desc
        limit ${q.pageSize}`);
      const rows = rowsOf<PageRow>(result);
      if (rows.length === 0) {
        // Past the last page: the total still answers (one more statement, off the hot path).
        const [counts] = rowsOf<{ a: number | string; e: number | string }>(
          await db.execute(sql`select ${aheadTotal} as a, (select count(*) from ${lives} where ${endedCond}) as e`),
        );
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
        const kept: CachedPage = {
          version: Number(first.version),
          readAt: q.now.getTime(),
          validUntil: first.next_end === null ? Number.POSITIVE_INFINITY : asDate(first.next_end).getTime(),
          total,
          rows: read,
        };
        keepNewest(pages, cacheKey, kept, PAGE_CACHE_MAX);
      }
      return {
        total,
        items: await countedOutside(
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
      const cached = keptPage(q);
      if (!cached) return null;
      const fresh = await viewerParts({ ...q, employeeId: '' }, cached, token);
      return fresh ? { total: cached.total, items: fresh.items, session: fresh.session ?? null } : null;
    },

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
