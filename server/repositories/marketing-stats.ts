import { and, desc, eq, gte, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';

import { businessDate, businessDayStart } from '../../src/api/contract/dates';
import type { ChanceTypeData } from '../../src/api/contract/market-map';
import type { CardStats, ChanceDetail } from '../../src/api/contract/market-map-cards';
import {
  CHANCE_CATEGORY_GROUPS,
  CHANCE_CATEGORY_NAMES,
  CHANCE_GROUP_NAMES,
  ChanceGroup,
} from '../../src/api/contract/market-map-constants';
import type { SearchResult } from '../../src/api/contract/market-map-settings';
import { maskName } from '../../src/api/contract/mask';
import { maskPersonalNumbers } from '../../src/lib/content-policy';
import type { Db } from '../db/client';
import {
  mktCardEvents,
  mktCards,
  mktClueHandles,
  mktClues,
  mktCustomers,
  mktProductCards,
  mktProducts,
  mktSignals,
} from '../db/schema';
import {
  displayedName,
  displayedNameLike,
  initialsKeyword,
  matchesDisplayed,
  matchesInitials,
} from '../marketing/name-match';
import { todayCounts } from '../marketing/today-counts';
import { cardItems } from './marketing-cards';
import { maskedCustomer, productBrief, secs } from './marketing-map';
import { likePattern } from './query-helpers';

const OPEN = ['new', 'viewed', 'handling'] as const;

/**
 * The cards the data table counts by state: released ones open or snoozed, and new ones waiting for the cap. Written
 * as the partial indexes' predicates (the workbench, the waiting cards, the history lists' snoozed), so each part is
 * read from its index: no index over every card of an adviser by state is kept, since the engine's stacking would
 * rewrite its entry on every new reason.
 */
const COUNTED_BY_STATE = sql`(
  (${mktCards.state} in ('new', 'viewed', 'handling') and ${mktCards.releasedAt} is not null)
  or (${mktCards.state} = 'new' and ${mktCards.releasedAt} is null)
  or (${mktCards.state} in ('done', 'ignored', 'snoozed') and ${mktCards.state} = 'snoozed' and ${mktCards.releasedAt} is not null))`;

/** The four families with the adviser's open, released cards per category. */
export async function chanceType(db: Db, adviserId: number): Promise<ChanceTypeData> {
  const [rows, [{ waiting } = { waiting: 0 }], [{ clues } = { clues: 0 }]] = await Promise.all([
    db
      .select({ categoryId: mktCards.categoryId, n: sql<number>`count(*)::int` })
      .from(mktCards)
      .where(and(eq(mktCards.adviserId, adviserId), inArray(mktCards.state, [...OPEN]), isNotNull(mktCards.releasedAt)))
      .groupBy(mktCards.categoryId),
    db
      .select({ waiting: sql<number>`count(*)::int` })
      .from(mktCards)
      .where(and(eq(mktCards.adviserId, adviserId), eq(mktCards.state, 'new'), isNull(mktCards.releasedAt))),
    db
      .select({ clues: sql<number>`count(*)::int` })
      .from(mktClues)
      .where(and(eq(mktClues.adviserId, adviserId), inArray(mktClues.state, ['new', 'handling']))),
  ]);
  const count = new Map(rows.map((r) => [r.categoryId, Number(r.n)]));
  const list = Object.values(ChanceGroup).map((group) => {
    const categories = Object.entries(CHANCE_CATEGORY_GROUPS)
      .filter(([, g]) => g === group)
      .map(([id]) => ({
        category_id: Number(id),
        name: CHANCE_CATEGORY_NAMES[Number(id)]!,
        count: count.get(Number(id)) ?? 0,
      }));
    return { group, name: CHANCE_GROUP_NAMES[group], count: categories.reduce((a, c) => a + c.count, 0), categories };
  });
  return { list, total: list.reduce((a, g) => a + g.count, 0), waiting: Number(waiting), open_clues: Number(clues) };
}

/** Today's numbers by category: cards in each state now, and what today brought. */
export async function stats(db: Db, adviserId: number, dailyCap: number, now: Date): Promise<CardStats> {
  const since = businessDayStart(now).toISOString();
  const [byState, today, handled, products] = await Promise.all([
    db
      .select({
        categoryId: mktCards.categoryId,
        state: mktCards.state,
        waiting: sql<boolean>`${mktCards.releasedAt} is null`,
        n: sql<number>`count(*)::int`,
      })
      .from(mktCards)
      .where(and(eq(mktCards.adviserId, adviserId), COUNTED_BY_STATE))
      .groupBy(mktCards.categoryId, mktCards.state, sql`${mktCards.releasedAt} is null`),
    db
      .select({
        categoryId: mktCards.categoryId,
        released: sql<number>`count(*) filter (where ${mktCards.releasedAt} >= ${since})::int`,
        done: sql<number>`count(*) filter (where ${mktCards.state} = 'done' and ${mktCards.closedAt} >= ${since})::int`,
        ignored: sql<number>`count(*) filter (where ${mktCards.state} = 'ignored' and ${mktCards.closedAt} >= ${since})::int`,
      })
      .from(mktCards)
      .where(
        and(
          eq(mktCards.adviserId, adviserId),
          or(
            gte(mktCards.createdAt, new Date(since)),
            gte(mktCards.closedAt, new Date(since)),
            gte(mktCards.releasedAt, new Date(since)),
          ),
        ),
      )
      .groupBy(mktCards.categoryId),
    db
      .select({
        categoryId: mktCards.categoryId,
        handled: sql<number>`count(*)::int`,
        converted: sql<number>`count(*) filter (where ${mktClueHandles.outcome} = 'converted')::int`,
      })
      .from(mktClueHandles)
      .innerJoin(mktCards, eq(mktCards.id, mktClueHandles.cardId))
      .where(and(eq(mktClueHandles.adviserId, adviserId), gte(mktClueHandles.createdAt, new Date(since))))
      .groupBy(mktCards.categoryId),
    // Product cards pass the same cap: they are new on the workbench today like a customer's card.
    db
      .select({ categoryId: mktProductCards.categoryId, products: sql<number>`count(*)::int` })
      .from(mktProductCards)
      .where(and(eq(mktProductCards.adviserId, adviserId), gte(mktProductCards.releasedAt, new Date(since))))
      .groupBy(mktProductCards.categoryId),
  ]);
  const counts = await todayCounts(db, adviserId, now);
  const rows = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => {
    const s = (state: string, waiting = false) =>
      byState
        .filter((r) => r.categoryId === id && r.state === state && Boolean(r.waiting) === waiting)
        .reduce((a, r) => a + Number(r.n), 0);
    const t = today.find((r) => r.categoryId === id);
    const h = handled.find((r) => r.categoryId === id);
    return {
      category_id: id,
      name: CHANCE_CATEGORY_NAMES[id]!,
      new: s('new'),
      viewed: s('viewed'),
      handling: s('handling'),
      done: Number(t?.done ?? 0),
      ignored: Number(t?.ignored ?? 0),
      snoozed: s('snoozed'),
      waiting: s('new', true),
      // 今日新增 is what reached the workbench today (released, pushed or pulled, both kinds): the same count as
      // 今日已推送 + 提前处理 (todayCounts), not the cards made today, most of which wait behind the cap.
      created_today: Number(t?.released ?? 0) + Number(products.find((r) => r.categoryId === id)?.products ?? 0),
      handled_today: Number(h?.handled ?? 0),
      converted_today: Number(h?.converted ?? 0),
    };
  });
  return {
    date: businessDate(now),
    rows,
    daily_cap: dailyCap,
    released_today: counts.pushed,
    pulled_today: counts.pulled,
  };
}

/** The whole card: every reason, its steps, and the last handling. */
export async function cardDetailExtras(db: Db, cardId: number): Promise<Pick<ChanceDetail, 'events' | 'handling'>> {
  const [events, [handle]] = await Promise.all([
    db.select().from(mktCardEvents).where(eq(mktCardEvents.cardId, cardId)).orderBy(desc(mktCardEvents.id)).limit(100),
    db.select().from(mktClueHandles).where(eq(mktClueHandles.cardId, cardId)).orderBy(desc(mktClueHandles.id)).limit(1),
  ]);
  return {
    events: events.map((e) => ({
      at: secs(e.at)!,
      kind: e.kind as ChanceDetail['events'][number]['kind'],
      note: e.note,
    })),
    handling: handle
      ? { outcome: handle.outcome, note: handle.note, next_follow_up: handle.nextFollowUp, at: secs(handle.createdAt)! }
      : null,
  };
}

/** Ranges of `needle` in `text` (case-insensitive), for the client's highlight. */
export function highlight(text: string, needle: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const hay = text.toLowerCase();
  const n = needle.toLowerCase();
  if (!n) return out;
  for (let i = hay.indexOf(n); i >= 0; i = hay.indexOf(n, i + n.length)) out.push([i, i + n.length]);
  return out;
}

/** My customers whose pinyin initials begin with `initials` (names are read here, never sent). */
async function customersByInitials(db: Db, adviserId: number, initials: string): Promise<number[]> {
  const rows = await db
    .select({ id: mktCustomers.id, name: mktCustomers.name })
    .from(mktCustomers)
    .where(eq(mktCustomers.adviserId, adviserId));
  return rows.filter((r) => matchesInitials(r.name, initials)).map((r) => r.id);
}

/**
 * Keyword search over my customers (name, tag, the last four phone digits), products (code,
 * name) and my open cards (reason titles). Matches on a name are shown on the masked name:
 * the surname is highlighted when it matches, never the hidden characters.
 */
export async function search(
  db: Db,
  adviserId: number,
  keyword: string,
  kinds: ReadonlyArray<'customer' | 'product' | 'card'>,
  limit: number,
  now: Date,
): Promise<SearchResult> {
  const k = keyword.trim();
  const like = likePattern(k);
  const digits = /^\d{4}$/.test(k);
  const want = new Set(kinds);
  const displayed = displayedName(k);
  const initials = initialsKeyword(k);
  const byInitials = want.has('customer') && initials ? await customersByInitials(db, adviserId, initials) : [];
  const [customerRows, products, cards] = await Promise.all([
    want.has('customer')
      ? db
          .select()
          .from(mktCustomers)
          .where(
            and(
              eq(mktCustomers.adviserId, adviserId),
              or(
                ilike(mktCustomers.name, like),
                displayed ? sql`${mktCustomers.name} like ${displayedNameLike(displayed)}` : undefined,
                byInitials.length ? inArray(mktCustomers.id, byInitials) : undefined,
                sql`${k} = any(${mktCustomers.tags})`,
                digits ? sql`right(${mktCustomers.phone}, 4) = ${k}` : undefined,
              ),
            ),
          )
          .orderBy(desc(mktCustomers.aum))
          .limit(displayed ? limit * 5 : limit)
      : [],
    want.has('product')
      ? db
          .select()
          .from(mktProducts)
          .where(or(ilike(mktProducts.name, like), ilike(mktProducts.code, like)))
          .orderBy(mktProducts.id)
          .limit(limit)
      : [],
    want.has('card')
      ? db
          .selectDistinctOn([mktCards.id], { card: mktCards, customer: mktCustomers, title: mktSignals.title })
          .from(mktSignals)
          .innerJoin(mktCards, eq(mktCards.id, mktSignals.cardId))
          .innerJoin(mktCustomers, eq(mktCustomers.id, mktCards.customerId))
          .where(
            and(
              eq(mktCards.adviserId, adviserId),
              inArray(mktCards.state, [...OPEN]),
              isNotNull(mktCards.releasedAt),
              ilike(mktSignals.title, like),
            ),
          )
          .orderBy(mktCards.id, desc(mktSignals.occurredAt))
          .limit(limit)
      : [],
  ]);
  const items = await cardItems(db, cards, now);
  // A star stands for one hidden character: keep the names whose masked form reads as typed.
  const customers = (
    displayed ? customerRows.filter((c) => matchesDisplayed(c.name, displayed) || c.tags.includes(k)) : customerRows
  ).slice(0, limit);
  return {
    customers: customers.map((c) => {
      const masked = maskedCustomer(c, now);
      const tag = c.tags.find((t) => t === k);
      if (tag)
        return {
          customer: masked,
          matched_field: 'tag',
          matched_text: tag,
          highlight: [[0, tag.length] as [number, number]],
        };
      if (digits && c.phone.endsWith(k))
        return {
          customer: masked,
          matched_field: 'phone',
          matched_text: masked.phone_masked,
          highlight: [[masked.phone_masked.length - 4, masked.phone_masked.length] as [number, number]],
        };
      const shown = maskName(c.name);
      if (displayed)
        return { customer: masked, matched_field: 'name', matched_text: shown, highlight: highlight(shown, displayed) };
      if (initials && matchesInitials(c.name, initials) && !c.name.toLowerCase().includes(initials))
        // The initials stand for the characters they begin; only the surname is shown to highlight.
        return {
          customer: masked,
          matched_field: 'initials',
          matched_text: shown,
          highlight: [[0, 1] as [number, number]],
        };
      return { customer: masked, matched_field: 'name', matched_text: shown, highlight: highlight(shown, k) };
    }),
    products: products.map((p) => {
      const text = p.name.toLowerCase().includes(k.toLowerCase()) ? p.name : p.code;
      return { product: productBrief(p), matched_text: text, highlight: highlight(text, k) };
    }),
    cards: cards.map((c, i) => {
      const shown = maskPersonalNumbers(c.title);
      return { card: items[i]!, matched_text: shown, highlight: highlight(shown, k) };
    }),
  };
}
