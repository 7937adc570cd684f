import { eq, sql } from 'drizzle-orm';

import { liveStatusAt } from '../../src/api/contract/live-rules';
import type { LiveItem } from '../../src/api/contract/lives';
import { keepNewest } from '../../src/lib/keep-newest';
import type { Db } from '../db/client';
import { liveListVersions, roomOnlineSeconds, sessions, subscriptions, users } from '../db/schema';
import { tokenHash } from '../security/token-hash';
import { type ItemRow, toLiveItem } from './lives-items';
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

/** A page as read, without the per-viewer and per-moment parts (is_subscribe, onlines, status). */
export interface CachedPage {
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
export const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/**
 * Prepared once (statement named, so the database plans it once per connection): a kept page's check is then
 * one round trip with no query building or planning, like a one-row read.
 */
function prepareViewerPartStatements(db: Db) {
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
  return { viewerPartsQuery, guestPartsQuery, sessionPartsQuery };
}

/**
 * The list's pages kept per process, and their per-viewer and per-moment parts read in one statement.
 * `presence`: where online counts are read when they are not in this database.
 */
export function createKeptLivePages(db: Db, presence?: PresenceStore) {
  const pages = new Map<string, CachedPage>();
  const { viewerPartsQuery, guestPartsQuery, sessionPartsQuery } = prepareViewerPartStatements(db);

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
  const keep = (key: string, page: CachedPage) => keepNewest(pages, key, page, PAGE_CACHE_MAX);

  return { viewerParts, keptPageKey, keptPage, keep };
}
