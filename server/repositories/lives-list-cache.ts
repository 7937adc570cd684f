import { type SQL, sql } from 'drizzle-orm';

import { liveStatusAt } from '../../src/api/contract/live-rules';
import type { LiveItem } from '../../src/api/contract/lives';
import { keepNewest } from '../../src/lib/keep-newest';
import type { Db } from '../db/client';
import { liveListVersions, roomOnlineSeconds, sessions, subscriptions, users } from '../db/schema';
import { tokenHash } from '../security/token-hash';
import { type ItemRow, toLiveItem } from './lives-items';
import { plannedStatement } from './planned-query';
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

/** A row of the viewer-parts statements as either driver returns it. */
interface PartsRow {
  version: number | string | null;
  onl: Record<string, number | string> | string | null;
  subs?: number[] | null;
  employee_id?: string | null;
  revoked_at?: Date | string | null;
  expires_at?: Date | string | null;
}

/** Pages kept per process; the oldest read goes first. */
const PAGE_CACHE_MAX = 256;
export const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/** What a kept page's one statement reads besides the page (version and online counts): whose subscriptions. */
type Viewer = { kind: 'guest' } | { kind: 'employee'; employeeId: string } | { kind: 'session'; tokenHash: string };

type PartsValues = { categoryId: number; rooms: string[]; since: number; ids: number[] };

const onlineCounts = (
  p: PartsValues,
) => sql`(select json_object_agg(room_id, n) from (select ${roomOnlineSeconds.roomId} as room_id, sum(${roomOnlineSeconds.viewers}) as n
        from ${roomOnlineSeconds} where ${roomOnlineSeconds.roomId} = any(${sql.param(p.rooms)}::text[])
        and ${roomOnlineSeconds.second} > ${p.since}::bigint group by ${roomOnlineSeconds.roomId}) o)`;
const subscribedOf = (
  employeeId: SQL,
  p: PartsValues,
) => sql`(select array_agg(${subscriptions.liveId}) from ${subscriptions}
      where ${subscriptions.employeeId} = ${employeeId} and ${subscriptions.liveId} = any(${sql.param(p.ids)}::int[]))`;
const versionAndOnline = (p: PartsValues) => sql`${liveListVersions.version} as version, ${onlineCounts(p)} as onl`;
const ofCategory = (p: PartsValues) => sql`where ${liveListVersions.categoryId} = ${p.categoryId}`;

/** The statement for each kind of reader, compiled once (plannedStatement): only the values change per request. */
const viewerPartsStatements = {
  guest: plannedStatement<PartsValues>(
    (p) => sql`select ${versionAndOnline(p)} from ${liveListVersions} ${ofCategory(p)}`,
  ),
  employee: plannedStatement<PartsValues & { employeeId: string }>(
    (p) =>
      sql`select ${versionAndOnline(p)}, ${subscribedOf(sql`${p.employeeId}`, p)} as subs from ${liveListVersions} ${ofCategory(p)}`,
  ),
  // Columns named by hand: two of the tables have an employee_id.
  session: plannedStatement<PartsValues & { tokenHash: string }>(
    (
      p,
    ) => sql`select ${versionAndOnline(p)}, ${subscribedOf(sql`${sql.identifier('users')}.${sql.identifier('employee_id')}`, p)} as subs,
      ${sql.identifier('users')}.${sql.identifier('employee_id')} as employee_id,
      ${sessions.revokedAt} as revoked_at, ${sessions.expiresAt} as expires_at
    from ${liveListVersions} left join ${sessions} on ${sessions.token} = ${p.tokenHash}
    left join ${users} on ${users.id} = ${sessions.userId} ${ofCategory(p)}`,
  ),
};

/**
 * A kept page's parts in one statement of index lookups, planned once per database (plannedRows): on PGlite an
 * unnamed statement is parsed and planned on every call, which for the signed-in reader's five tables cost as much
 * as running it. Most list reads are guests' (a shared link opened in WeChat): nobody subscribes to anything, so
 * their statement leaves the subscriptions table out (on PGlite every table and index a statement touches costs a
 * file-size check when it is planned). A reader who sends a token: the session (by its token's hash, the sessions
 * table's key) and its user's subscriptions come in the same statement as the page's parts, so a signed-in read is
 * one round trip too, not a session read and then the list's.
 */
function viewerPartsRows(db: Db, v: Viewer, p: PartsValues) {
  if (v.kind === 'guest') return viewerPartsStatements.guest(db, p);
  if (v.kind === 'employee') return viewerPartsStatements.employee(db, { ...p, employeeId: v.employeeId });
  return viewerPartsStatements.session(db, { ...p, tokenHash: v.tokenHash });
}

/**
 * The list's pages kept per process, and their per-viewer and per-moment parts read in one statement.
 * `presence`: where online counts are read when they are not in this database.
 */
export function createKeptLivePages(db: Db, presence?: PresenceStore) {
  const pages = new Map<string, CachedPage>();

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
    const viewer: Viewer =
      token !== undefined
        ? { kind: 'session', tokenHash: tokenHash(token) }
        : q.employeeId
          ? { kind: 'employee', employeeId: q.employeeId }
          : { kind: 'guest' };
    const [[found], outside] = await Promise.all([
      viewerPartsRows(db, viewer, { ...shared, ids }),
      presence && onNow.length > 0 ? presence.onlineCounts(onNow, q.now) : null,
    ]);
    const row = found as PartsRow | undefined;
    if (!row || row.version === null || Number(row.version) !== page.version) return null;
    const session =
      token === undefined
        ? undefined
        : row.employee_id && row.expires_at
          ? {
              employeeId: row.employee_id,
              revokedAt: row.revoked_at ? asDate(row.revoked_at) : null,
              expiresAt: asDate(row.expires_at),
            }
          : null;
    const subs = new Set<number>(row.subs ?? []);
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
