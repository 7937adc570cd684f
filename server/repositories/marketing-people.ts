import { and, asc, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';

import { businessDate } from '../../src/api/contract/dates';
import type { TagItem, UserListQuery, UserPage } from '../../src/api/contract/market-map-cards';
import type {
  BehaviorsQuery,
  BehaviourPage,
  ClueItem,
  ClueListQuery,
  CluePage,
  RankData,
} from '../../src/api/contract/market-map-clues';
import { MARKET_PAGE_MAX, type PriorityLevel } from '../../src/api/contract/market-map-constants';
import { maskName, maskPhone } from '../../src/api/contract/mask';
import { maskPersonalNumbers } from '../../src/lib/content-policy';
import type { Db } from '../db/client';
import { mktBehaviours, mktCards, mktClueHandles, mktClues, mktCustomers, users } from '../db/schema';
import { decodeCursor, encodeCursor, maskedCustomer, secs } from './marketing-map';

const OPEN = ['new', 'viewed', 'handling'] as const;
const limitOf = (n: number | undefined) => Math.min(n ?? 20, MARKET_PAGE_MAX);

/** My customers: tag and risk-level filters, by AUM (keyset on aum, id) or by last contact. */
export async function userList(db: Db, adviserId: number, q: UserListQuery, now: Date): Promise<UserPage> {
  const limit = limitOf(q.limit);
  const order = q.order ?? 'aum_desc';
  const c = decodeCursor(q.cursor);
  const key =
    order === 'recent'
      ? sql`coalesce(extract(epoch from ${mktCustomers.lastContactAt}) * 1000, 0)::float8`
      : sql`${mktCustomers.aum}::float8`;
  const asc_ = order === 'aum_asc';
  const after = c
    ? asc_
      ? or(sql`${key} > ${c.a}`, and(sql`${key} = ${c.a}`, sql`${mktCustomers.id} > ${c.id}`))
      : or(sql`${key} < ${c.a}`, and(sql`${key} = ${c.a}`, lt(mktCustomers.id, c.id)))
    : undefined;
  const where = and(
    eq(mktCustomers.adviserId, adviserId),
    q.tag ? sql`${q.tag} = any(${mktCustomers.tags})` : undefined,
    q.risk_level === 'none'
      ? sql`(${mktCustomers.riskLevel} is null or ${mktCustomers.riskExpiresAt} <= ${now.toISOString()})`
      : q.risk_level
        ? eq(mktCustomers.riskLevel, q.risk_level)
        : undefined,
  )!;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ c: mktCustomers, k: sql<number>`${key}`.as('k') })
      .from(mktCustomers)
      .where(after ? and(where, after) : where)
      .orderBy(asc_ ? asc(key) : desc(key), asc_ ? asc(mktCustomers.id) : desc(mktCustomers.id))
      .limit(limit + 1),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(mktCustomers)
      .where(where),
  ]);
  const shown = rows.slice(0, limit);
  const ids = shown.map((r) => r.c.id);
  const [cards, clues] = ids.length
    ? await Promise.all([
        db
          .select({ id: mktCards.id, customerId: mktCards.customerId })
          .from(mktCards)
          .where(and(inArray(mktCards.customerId, ids), inArray(mktCards.state, [...OPEN, 'snoozed']))),
        db
          .select({ customerId: mktClues.customerId, n: sql<number>`count(*)::int` })
          .from(mktClues)
          .where(and(inArray(mktClues.customerId, ids), inArray(mktClues.state, ['new', 'handling'])))
          .groupBy(mktClues.customerId),
      ])
    : [[], []];
  const cardOf = new Map(cards.map((x) => [x.customerId, x.id]));
  const cluesOf = new Map(clues.map((x) => [x.customerId, Number(x.n)]));
  const last = shown[shown.length - 1];
  return {
    list: shown.map((r) => ({
      ...maskedCustomer(r.c, now),
      open_card_id: cardOf.get(r.c.id) ?? null,
      open_clue_count: cluesOf.get(r.c.id) ?? 0,
    })),
    next_cursor: rows.length > limit && last ? encodeCursor(Number(last.k), last.c.id) : null,
    total: Number(total),
  };
}

export async function tagList(db: Db, adviserId: number): Promise<TagItem[]> {
  const rows = await db.execute<{ tag: string; n: number }>(
    sql`select tag, count(*)::int as n from ${mktCustomers}, unnest(${mktCustomers.tags}) as tag where ${mktCustomers.adviserId} = ${adviserId} group by tag order by n desc, tag`,
  );
  const list =
    (rows as unknown as { rows?: Array<{ tag: string; n: number }> }).rows ??
    (rows as unknown as Array<{ tag: string; n: number }>);
  return list.map((r) => ({ tag: r.tag, count: Number(r.n) }));
}

export async function findCustomer(db: Db, adviserId: number, customerId: number) {
  const [row] = await db
    .select()
    .from(mktCustomers)
    .where(and(eq(mktCustomers.id, customerId), eq(mktCustomers.adviserId, adviserId)));
  return row ?? null;
}

/**
 * A clue's priority, so the list leads with whom to call now: hot when a promised follow-up is due or a
 * live visitor left a number (they remember the live today, not next week); warm for an invited
 * registrant or a reader; cold for one added by hand. The SQL below orders by the same rule.
 */
export function cluePriority(row: { source: string; nextFollowUp: string | null }, today: string): PriorityLevel {
  if ((row.nextFollowUp !== null && row.nextFollowUp <= today) || row.source === 'live_visitor') return 'hot';
  return row.source === 'invitation' || row.source === 'material_reader' ? 'warm' : 'cold';
}
const clueRank = (today: string) =>
  sql`(case when (${mktClues.nextFollowUp} is not null and ${mktClues.nextFollowUp} <= ${today}) or ${mktClues.source} = 'live_visitor' then 2 when ${mktClues.source} in ('invitation', 'material_reader') then 1 else 0 end)`;
/** Priority, then newest: one number (rank above any epoch in ms) so the cursor stays one key. */
const clueKey = (today: string) =>
  sql`(${clueRank(today)} * 10000000000000 + extract(epoch from ${mktClues.createdAt}) * 1000)::float8`;

function clueItem(
  row: typeof mktClues.$inferSelect,
  customer: typeof mktCustomers.$inferSelect | null,
  now: Date,
): ClueItem {
  return {
    clue_id: row.id,
    priority: cluePriority(row, businessDate(now)),
    customer: customer ? maskedCustomer(customer, now) : null,
    display_name: maskName(row.name),
    phone_masked: maskPhone(row.phone),
    source: row.source,
    title: maskPersonalNumbers(row.title),
    state: row.state,
    created_at: secs(row.createdAt)!,
    next_follow_up: row.nextFollowUp,
    last_outcome: (row.lastOutcome as ClueItem['last_outcome']) ?? null,
  };
}

export async function clueList(
  db: Db,
  adviserId: number,
  q: ClueListQuery & { customerId?: number },
  now: Date,
): Promise<CluePage> {
  const limit = limitOf(q.limit);
  const c = decodeCursor(q.cursor);
  const where = and(
    eq(mktClues.adviserId, adviserId),
    q.state ? eq(mktClues.state, q.state) : inArray(mktClues.state, ['new', 'handling']),
    q.customerId ? eq(mktClues.customerId, q.customerId) : undefined,
  )!;
  const key = clueKey(businessDate(now));
  const after = c ? or(sql`${key} < ${c.a}`, and(sql`${key} = ${c.a}`, lt(mktClues.id, c.id))) : undefined;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ clue: mktClues, customer: mktCustomers, k: sql<number>`${key}`.as('k') })
      .from(mktClues)
      .leftJoin(mktCustomers, eq(mktCustomers.id, mktClues.customerId))
      .where(after ? and(where, after) : where)
      .orderBy(desc(key), desc(mktClues.id))
      .limit(limit + 1),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(mktClues)
      .where(where),
  ]);
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return {
    list: shown.map((r) => clueItem(r.clue, r.customer, now)),
    next_cursor: rows.length > limit && last ? encodeCursor(Number(last.k), last.clue.id) : null,
    total: Number(total),
  };
}

export async function behaviours(db: Db, customerId: number, q: BehaviorsQuery): Promise<BehaviourPage> {
  const limit = limitOf(q.limit);
  const c = decodeCursor(q.cursor);
  const key = sql`(extract(epoch from ${mktBehaviours.occurredAt}) * 1000)::float8`;
  const where = eq(mktBehaviours.customerId, customerId);
  const after = c ? or(sql`${key} < ${c.a}`, and(sql`${key} = ${c.a}`, lt(mktBehaviours.id, c.id))) : undefined;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ b: mktBehaviours, k: sql<number>`${key}`.as('k') })
      .from(mktBehaviours)
      .where(after ? and(where, after) : where)
      .orderBy(desc(key), desc(mktBehaviours.id))
      .limit(limit + 1),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(mktBehaviours)
      .where(where),
  ]);
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return {
    list: shown.map(({ b }) => ({
      behaviour_id: b.id,
      kind: b.kind,
      title: maskPersonalNumbers(b.title),
      occurred_at: secs(b.occurredAt)!,
      minutes: b.minutes,
      seconds: b.seconds,
      scroll_depth: b.scrollDepth,
      text: b.text === null ? null : maskPersonalNumbers(b.text),
      source_id: b.sourceId,
    })),
    next_cursor: rows.length > limit && last ? encodeCursor(Number(last.k), last.b.id) : null,
    total: Number(total),
  };
}

/** Handled and converted per adviser over a period, best first. Adviser names are colleagues' names, not customer data. */
export async function rank(
  db: Db,
  adviserId: number,
  period: 'today' | 'week' | 'month',
  since: Date,
): Promise<RankData> {
  const rows = await db
    .select({
      adviserId: users.id,
      name: users.realName,
      handled: sql<number>`count(${mktClueHandles.id})::int`,
      converted: sql<number>`count(${mktClueHandles.id}) filter (where ${mktClueHandles.outcome} = 'converted')::int`,
    })
    .from(users)
    .leftJoin(mktClueHandles, and(eq(mktClueHandles.adviserId, users.id), gte(mktClueHandles.createdAt, since)))
    // Employees with a book who are not advisers (operations, reviewers) are not in the advisers' race.
    .where(and(eq(users.role, 'adviser'), eq(users.isFinancialAdvisor, true)))
    .groupBy(users.id, users.realName)
    .orderBy(desc(sql`count(${mktClueHandles.id})`), users.id);
  const list = rows.map((r, i) => ({
    rank: i + 1,
    adviser_name: r.name,
    is_me: r.adviserId === adviserId,
    handled: Number(r.handled),
    converted: Number(r.converted),
  }));
  return { period, list, me: list.find((r) => r.is_me) ?? null };
}

/** Whether the app user `userId` is one of the adviser's own customers (the service relation of mkt_customers). */
export async function servesUser(db: Db, adviserId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: mktCustomers.id })
    .from(mktCustomers)
    .where(and(eq(mktCustomers.adviserId, adviserId), eq(mktCustomers.userId, userId)))
    .limit(1);
  return row !== undefined;
}
