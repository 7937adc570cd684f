import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';

import type { CardItem, CardListQuery, CardPage, ChanceListQuery } from '../../src/api/contract/market-map-cards';
import { CHANCE_CATEGORY_GROUPS, MARKET_PAGE_MAX } from '../../src/api/contract/market-map-constants';
import type { Db } from '../db/client';
import { mktCards, mktCustomers, mktProducts, mktSignals } from '../db/schema';
import { decodeCursor, encodeCursor, maskedCustomer, reason, scoreParts, secs } from './marketing-map';

const OPEN = ['new', 'viewed', 'handling'] as const;
const DEFAULT_LIMIT = 20;

type CardRow = { card: typeof mktCards.$inferSelect; customer: typeof mktCustomers.$inferSelect };

function toItem({ card, customer }: CardRow, reasons: CardItem['reasons'], now: Date): CardItem {
  return {
    card_id: card.id,
    customer: maskedCustomer(customer, now),
    state: card.state,
    category_id: card.categoryId,
    group: CHANCE_CATEGORY_GROUPS[card.categoryId]!,
    priority: card.priority,
    score: card.score,
    score_parts: scoreParts(card.scoreParts),
    reasons,
    reason_count: card.reasonCount,
    created_at: secs(card.createdAt)!,
    updated_at: secs(card.updatedAt)!,
    released_at: secs(card.releasedAt),
    viewed_at: secs(card.viewedAt),
    snooze_until: card.snoozeUntil,
    ignore_reason: (card.ignoreReason as CardItem['ignore_reason']) ?? null,
    ignore_text: card.ignoreText,
    closed_at: secs(card.closedAt),
  };
}

/** Cards as the wire shows them: masked customer, newest reasons first (at most `reasons` each). */
export async function cardItems(db: Db, rows: CardRow[], now: Date, reasons = 3): Promise<CardItem[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.card.id);
  const ranked = db
    .select({
      id: mktSignals.id,
      cardId: mktSignals.cardId,
      categoryId: mktSignals.categoryId,
      title: mktSignals.title,
      occurredAt: mktSignals.occurredAt,
      amount: mktSignals.amount,
      productId: mktSignals.productId,
      n: sql<number>`row_number() over (partition by ${mktSignals.cardId} order by ${mktSignals.occurredAt} desc, ${mktSignals.id} desc)`.as(
        'n',
      ),
    })
    .from(mktSignals)
    .where(inArray(mktSignals.cardId, ids))
    .as('ranked');
  const signals = await db
    .select({
      id: ranked.id,
      cardId: ranked.cardId,
      categoryId: ranked.categoryId,
      title: ranked.title,
      occurredAt: ranked.occurredAt,
      amount: ranked.amount,
      product: mktProducts,
    })
    .from(ranked)
    .leftJoin(mktProducts, eq(mktProducts.id, ranked.productId))
    .where(sql`${ranked.n} <= ${reasons}`)
    .orderBy(desc(ranked.occurredAt), desc(ranked.id));
  const byCard = new Map<number, CardItem['reasons']>();
  for (const { product, ...s } of signals) {
    const list = byCard.get(s.cardId!) ?? [];
    list.push(reason({ ...s, amount: s.amount === null ? null : Number(s.amount) }, product));
    byCard.set(s.cardId!, list);
  }
  return rows.map((row) => toItem(row, byCard.get(row.card.id) ?? [], now));
}

/** A card's newest reasons with their products, as JSON in the page's own query (one round trip for a page, not two). */
type ReasonJson = {
  id: number;
  category_id: number;
  title: string;
  occurred_at: string;
  amount: number | string | null;
  product_id: number | null;
  code: string | null;
  name: string | null;
  kind: string | null;
  risk_level: string | null;
  qualified_only: boolean | null;
  maturity_at: string | null;
};
const newestReasons = (n: number) => sql<ReasonJson[] | string>`(select coalesce(json_agg(r), '[]'::json) from (
  select ${mktSignals.id} as id, ${mktSignals.categoryId} as category_id, ${mktSignals.title} as title, ${mktSignals.occurredAt} as occurred_at, ${mktSignals.amount} as amount,
    ${mktProducts.id} as product_id, ${mktProducts.code} as code, ${mktProducts.name} as name, ${mktProducts.kind} as kind, ${mktProducts.riskLevel} as risk_level,
    ${mktProducts.qualifiedOnly} as qualified_only, ${mktProducts.maturityAt} as maturity_at
  from ${mktSignals} left join ${mktProducts} on ${mktProducts.id} = ${mktSignals.productId}
  where ${mktSignals.cardId} = ${mktCards.id}
  order by ${mktSignals.occurredAt} desc, ${mktSignals.id} desc limit ${n}) r)`;

function reasonsFromJson(raw: ReasonJson[] | string): CardItem['reasons'] {
  const list = typeof raw === 'string' ? (JSON.parse(raw) as ReasonJson[]) : raw;
  return list.map((r) =>
    reason(
      {
        id: Number(r.id),
        categoryId: r.category_id,
        title: r.title,
        occurredAt: new Date(r.occurred_at),
        amount: r.amount === null ? null : Number(r.amount),
      },
      r.product_id === null
        ? null
        : ({
            id: r.product_id,
            code: r.code,
            name: r.name,
            kind: r.kind,
            riskLevel: r.risk_level,
            qualifiedOnly: r.qualified_only,
            maturityAt: r.maturity_at ? new Date(r.maturity_at) : null,
          } as typeof mktProducts.$inferSelect),
    ),
  );
}

function categoriesOf(group: string | undefined, categoryId: number | undefined): number[] | null {
  if (categoryId) return [categoryId];
  if (!group) return null;
  return Object.entries(CHANCE_CATEGORY_GROUPS)
    .filter(([, g]) => g === group)
    .map(([id]) => Number(id));
}

/** An instant from the cursor's epoch milliseconds, exact (stored times come from JS dates: whole ms). */
const instant = (ms: number) => sql`(timestamptz 'epoch' + ${ms} * interval '1 millisecond')`;

interface PageSpec {
  where: SQL;
  order: 'priority' | 'time' | 'closed';
  /** The count needs the customers only when their tags filter. */
  countJoinsCustomers: boolean;
}

/**
 * One page in (key, id) descending order with a row-value cursor: on the workbench the keys are
 * plain columns, so the partial indexes (schema) hand the page over in order instead of sorting
 * every open card of the adviser per request.
 */
async function page(db: Db, spec: PageSpec, cursor: string | undefined, limit: number, now: Date): Promise<CardPage> {
  const c = decodeCursor(cursor);
  const closedKey = sql`coalesce(${mktCards.closedAt}, ${mktCards.updatedAt})`;
  const key =
    spec.order === 'priority' ? sql`${mktCards.score}` : spec.order === 'time' ? sql`${mktCards.updatedAt}` : closedKey;
  const after = c
    ? sql`(${key}, ${mktCards.id}) < (${spec.order === 'priority' ? sql`${c.a}::float8` : instant(c.a)}, ${c.id})`
    : undefined;
  const counted = db.select({ total: sql<number>`count(*)::int` }).from(mktCards);
  // The total is counted with the first page and carried in the cursor: deep in 10,000 cards a
  // count per page would cost more than the page (the list's reload and polls count afresh).
  const carried = c?.total ?? null;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ card: mktCards, customer: mktCustomers, reasons: newestReasons(3) })
      .from(mktCards)
      .innerJoin(mktCustomers, eq(mktCustomers.id, mktCards.customerId))
      .where(after ? and(spec.where, after) : spec.where)
      .orderBy(desc(key), desc(mktCards.id))
      .limit(limit + 1),
    carried !== null
      ? [{ total: carried }]
      : spec.countJoinsCustomers
        ? counted.innerJoin(mktCustomers, eq(mktCustomers.id, mktCards.customerId)).where(spec.where)
        : counted.where(spec.where),
  ]);
  const more = rows.length > limit;
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  const keyOf = (card: typeof mktCards.$inferSelect) =>
    spec.order === 'priority'
      ? card.score
      : spec.order === 'time'
        ? card.updatedAt.getTime()
        : (card.closedAt ?? card.updatedAt).getTime();
  return {
    list: shown.map((row) => toItem(row, reasonsFromJson(row.reasons), now)),
    next_cursor: more && last ? encodeCursor(keyOf(last.card), last.card.id, Number(total)) : null,
    total: Number(total),
  };
}

export function tagsFilter(tags: string | undefined): SQL | undefined {
  const list = (tags ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .slice(0, 10);
  if (list.length === 0) return undefined;
  return sql`${mktCustomers.tags} && ${sql`array[${sql.join(
    list.map((t) => sql`${t}`),
    sql`, `,
  )}]::text[]`}`;
}

/** The workbench's cards: written out as in the partial indexes' predicate so the planner can use them. */
const ON_WORKBENCH = sql`${mktCards.state} in ('new', 'viewed', 'handling') and ${mktCards.releasedAt} is not null`;

/** The workbench list: open, released cards of this adviser. */
export function listOpenCards(db: Db, adviserId: number, q: CardListQuery, now: Date): Promise<CardPage> {
  const cats = categoriesOf(q.group, q.category_id);
  const tags = tagsFilter(q.tags);
  const where = and(
    eq(mktCards.adviserId, adviserId),
    ON_WORKBENCH,
    cats ? inArray(mktCards.categoryId, cats) : undefined,
    tags,
  )!;
  return page(
    db,
    { where, order: q.order ?? 'priority', countJoinsCustomers: tags !== undefined },
    q.cursor,
    Math.min(q.limit ?? DEFAULT_LIMIT, MARKET_PAGE_MAX),
    now,
  );
}

/** Cards by state: ignored (ignoreIndex), done, snoozed, or waiting behind the daily cap. */
export function listCardsByState(db: Db, adviserId: number, q: ChanceListQuery, now: Date): Promise<CardPage> {
  const state =
    q.state === 'waiting' ? and(eq(mktCards.state, 'new'), isNull(mktCards.releasedAt)) : eq(mktCards.state, q.state);
  const where = and(
    eq(mktCards.adviserId, adviserId),
    state,
    q.category_id ? eq(mktCards.categoryId, q.category_id) : undefined,
  )!;
  return page(
    db,
    { where, order: q.state === 'waiting' ? 'priority' : 'closed', countJoinsCustomers: false },
    q.cursor,
    Math.min(q.limit ?? DEFAULT_LIMIT, MARKET_PAGE_MAX),
    now,
  );
}

/** One card of this adviser with every reason, or null (another adviser's card looks absent). */
export async function findCard(
  db: Db,
  adviserId: number,
  cardId: number,
  now: Date,
  reasons = 3,
): Promise<CardItem | null> {
  const rows = await db
    .select({ card: mktCards, customer: mktCustomers })
    .from(mktCards)
    .innerJoin(mktCustomers, eq(mktCustomers.id, mktCards.customerId))
    .where(and(eq(mktCards.id, cardId), eq(mktCards.adviserId, adviserId)));
  const [item] = await cardItems(db, rows, now, reasons);
  return item ?? null;
}

/** The customer's one open card (snoozed included), if any. */
export async function openCardOf(db: Db, adviserId: number, customerId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: mktCards.id })
    .from(mktCards)
    .where(
      and(
        eq(mktCards.adviserId, adviserId),
        eq(mktCards.customerId, customerId),
        inArray(mktCards.state, [...OPEN, 'snoozed']),
      ),
    );
  return row?.id ?? null;
}
