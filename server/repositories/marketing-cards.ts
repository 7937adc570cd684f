import { and, desc, eq, inArray, type SQL, sql, type SQLWrapper } from 'drizzle-orm';

import type {
  CardItem,
  CardListQuery,
  CardPage,
  ChanceListQuery,
  TierRule,
} from '../../src/api/contract/market-map-cards';
import { CHANCE_CATEGORY_GROUPS, MARKET_PAGE_MAX } from '../../src/api/contract/market-map-constants';
import type { Db } from '../db/client';
import { mktCards, mktCustomers, mktProducts, mktSignals, mktWorkbenchCounts } from '../db/schema';
import { ruleOf, tierRuleJson, tierRules } from '../marketing/tiers';
import { decodeCursor, encodeCursor, maskedCustomer, reason, scoreParts, secs } from './marketing-map';
import { type PlannedRead, plannedStatement, rowCount } from './planned-query';

const OPEN = ['new', 'viewed', 'handling'] as const;
const DEFAULT_LIMIT = 20;

type CardRow = { card: typeof mktCards.$inferSelect; customer: typeof mktCustomers.$inferSelect };

function toItem({ card, customer }: CardRow, reasons: CardItem['reasons'], rule: TierRule, now: Date): CardItem {
  return {
    card_id: card.id,
    customer: maskedCustomer(customer, now),
    state: card.state,
    category_id: card.categoryId,
    group: CHANCE_CATEGORY_GROUPS[card.categoryId]!,
    // As the engine's last calibration wrote it, beside the lines it was read against (tiers.ts).
    priority: card.priority,
    score: card.score,
    tier_rule: rule,
    score_parts: scoreParts(card.scoreParts),
    reasons,
    reason_count: card.reasonCount,
    created_at: secs(card.createdAt)!,
    updated_at: secs(card.updatedAt)!,
    released_at: secs(card.releasedAt),
    viewed_at: secs(card.viewedAt),
    snooze_until: card.snoozeUntil,
    next_follow_up: card.nextFollowUp,
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
  const rules = await tierRules(
    db,
    rows.map((r) => r.card.adviserId),
  );
  return rows.map((row) => toItem(row, byCard.get(row.card.id) ?? [], rules.get(row.card.adviserId)!, now));
}

/** An instant as epoch milliseconds (float8, exact for whole ms): a Date from a number, not parsed from text. */
const epochMs = (column: SQLWrapper) => sql`(extract(epoch from ${column}) * 1000)::float8`;

/**
 * A card's newest reasons with their products, as JSON in the page's own query (one round trip for a
 * page, not two). The newest are taken off the card's index first, and each one's product looked up
 * by key, rather than every signal of the card joined to the products and sorted.
 */
type ReasonJson = {
  id: number;
  category_id: number;
  title: string;
  occurred_at: number;
  amount: number | string | null;
  product: {
    id: number;
    code: string;
    name: string;
    kind: string;
    risk_level: string;
    qualified_only: boolean;
    maturity_at: number | null;
  } | null;
};
const newestReasons = (n: number) => sql`(select coalesce(json_agg(json_build_object(
    'id', s.id, 'category_id', s.category_id, 'title', s.title, 'occurred_at', s.occurred_at, 'amount', s.amount,
    'product', (select json_build_object('id', p.id, 'code', p.code, 'name', p.name, 'kind', p.kind, 'risk_level', p.risk_level,
      'qualified_only', p.qualified_only, 'maturity_at', ${epochMs(sql`p.maturity_at`)}) from ${mktProducts} p where p.id = s.product_id)
  ) order by s.occurred_at_at desc, s.id desc), '[]'::json)
  from (select ${mktSignals.id} as id, ${mktSignals.categoryId} as category_id, ${mktSignals.title} as title,
      ${epochMs(mktSignals.occurredAt)} as occurred_at, ${mktSignals.occurredAt} as occurred_at_at, ${mktSignals.amount} as amount,
      ${mktSignals.productId} as product_id
    from ${mktSignals} where ${mktSignals.cardId} = ${mktCards.id}
    order by ${mktSignals.occurredAt} desc, ${mktSignals.id} desc limit ${rowCount(n)}) s)`;

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
      r.product === null
        ? null
        : ({
            id: r.product.id,
            code: r.product.code,
            name: r.product.name,
            kind: r.product.kind,
            riskLevel: r.product.risk_level,
            qualifiedOnly: r.product.qualified_only,
            maturityAt: r.product.maturity_at === null ? null : new Date(r.product.maturity_at),
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

/** A page row's columns: what the wire shows of the card and its customer (never more), times as epoch ms. */
const PAGE_COLUMNS = sql`${mktCards.id} as id, ${mktCards.customerId} as customer_id, ${mktCards.state} as state,
  ${mktCards.categoryId} as category_id, ${mktCards.score} as score, ${mktCards.scoreParts} as score_parts,
  ${mktCards.priority} as priority, ${mktCards.reasonCount} as reason_count, ${epochMs(mktCards.createdAt)} as created_at,
  ${epochMs(mktCards.updatedAt)} as updated_at, ${epochMs(mktCards.releasedAt)} as released_at,
  ${epochMs(mktCards.viewedAt)} as viewed_at, ${mktCards.snoozeUntil} as snooze_until,
  ${mktCards.nextFollowUp} as next_follow_up, ${mktCards.ignoreReason} as ignore_reason, ${mktCards.ignoreText} as ignore_text,
  ${epochMs(mktCards.closedAt)} as closed_at, ${mktCustomers.name} as c_name, ${mktCustomers.phone} as c_phone,
  ${mktCustomers.gender} as c_gender, ${mktCustomers.riskLevel} as c_risk_level,
  ${epochMs(mktCustomers.riskExpiresAt)} as c_risk_expires_at, ${mktCustomers.qualified} as c_qualified,
  ${mktCustomers.tags} as c_tags, ${mktCustomers.tier} as c_tier, ${mktCustomers.aum} as c_aum,
  ${epochMs(mktCustomers.lastContactAt)} as c_last_contact_at`;

type RuleJson = Parameters<typeof ruleOf>[0];
const date = (ms: unknown) => (ms === null || ms === undefined ? null : new Date(Number(ms)));

/** A page row as the card and customer rows the wire mapping reads (only the fields it reads are filled). */
function pageRow(r: Record<string, unknown>): CardRow & { reasons: ReasonJson[] | string } {
  const card = {
    id: r.id,
    customerId: r.customer_id,
    state: r.state,
    categoryId: r.category_id,
    score: r.score,
    scoreParts: r.score_parts,
    priority: r.priority,
    reasonCount: r.reason_count,
    createdAt: date(r.created_at),
    updatedAt: date(r.updated_at),
    releasedAt: date(r.released_at),
    viewedAt: date(r.viewed_at),
    snoozeUntil: r.snooze_until,
    nextFollowUp: r.next_follow_up,
    ignoreReason: r.ignore_reason,
    ignoreText: r.ignore_text,
    closedAt: date(r.closed_at),
  } as typeof mktCards.$inferSelect;
  const customer = {
    id: r.customer_id,
    name: r.c_name,
    phone: r.c_phone,
    gender: r.c_gender,
    riskLevel: r.c_risk_level,
    riskExpiresAt: date(r.c_risk_expires_at),
    qualified: r.c_qualified,
    tags: r.c_tags,
    tier: r.c_tier,
    aum: Number(r.c_aum),
    lastContactAt: date(r.c_last_contact_at),
  } as typeof mktCustomers.$inferSelect;
  return { card, customer, reasons: r.reasons as ReasonJson[] | string };
}

/** A page statement's values: each compiled statement reads the ones its shape uses. */
type PageValues = {
  adviserId: number;
  categories: number[];
  tags: string[];
  state: string;
  /** The cursor's key (a score, or epoch ms) and card id. */
  a: number;
  id: number;
  /** The total carried in the cursor. */
  total: number;
};

interface PageSpec {
  /** What the statement's text depends on besides the order, the cursor and the limit: its filters, not their values. */
  shape: string;
  where: (p: PageValues) => SQL;
  order: 'priority' | 'time' | 'closed';
  /** The count needs the customers only when their tags filter. */
  countJoinsCustomers: boolean;
  /** The total from a kept sum instead of counting the cards, where one is kept for this list. */
  keptTotal?: (p: PageValues) => SQL;
}

/** The page statements by shape, each compiled once (plannedStatement); a request only fills in its values. */
const pageStatements = new Map<string, PlannedRead<PageValues>>();

/** One page's statement: the page of cards with customers and reasons as one JSON value, and the total. */
function pageStatement(spec: PageSpec, after: boolean, carried: boolean, limit: number) {
  const shape = `${spec.shape}|${spec.order}|${after ? 'after' : 'first'}|${carried ? 'carried' : 'counted'}|${limit}`;
  let statement = pageStatements.get(shape);
  if (statement) return statement;
  statement = plannedStatement<PageValues>((p) => {
    const closedKey = sql`coalesce(${mktCards.closedAt}, ${mktCards.updatedAt})`;
    const key =
      spec.order === 'priority'
        ? sql`${mktCards.score}`
        : spec.order === 'time'
          ? sql`${mktCards.updatedAt}`
          : closedKey;
    const where = after
      ? and(
          spec.where(p),
          sql`(${key}, ${mktCards.id}) < (${spec.order === 'priority' ? sql`${p.a}::float8` : instant(p.a)}, ${p.id}::int)`,
        )!
      : spec.where(p);
    const joined = spec.countJoinsCustomers
      ? sql`${mktCards} inner join ${mktCustomers} on ${mktCustomers.id} = ${mktCards.customerId}`
      : sql`${mktCards}`;
    const counted = spec.keptTotal?.(p) ?? sql`(select count(*)::int from ${joined} where ${spec.where(p)})`;
    // The page comes back as one JSON value: the driver reads one field, not two dozen per card.
    return sql`select coalesce(json_agg(t order by t.n), '[]'::json) as page, ${carried ? sql`${p.total}::int` : counted} as total,
        ${tierRuleJson(p.adviserId)} as tier_rule
      from (select row_number() over (order by ${key} desc, ${mktCards.id} desc) as n, ${PAGE_COLUMNS}, ${newestReasons(3)} as reasons
        from ${mktCards} inner join ${mktCustomers} on ${mktCustomers.id} = ${mktCards.customerId}
        where ${where}
        order by ${key} desc, ${mktCards.id} desc limit ${rowCount(limit + 1)}) t`;
  });
  pageStatements.set(shape, statement);
  return statement;
}

/**
 * One page in (key, id) descending order with a row-value cursor: on the workbench the keys are
 * plain columns, so the partial indexes (schema) hand the page over in order instead of sorting
 * every open card of the adviser per request.
 */
async function page(
  db: Db,
  spec: PageSpec,
  values: Pick<PageValues, 'adviserId'> & Partial<PageValues>,
  cursor: string | undefined,
  limit: number,
  now: Date,
): Promise<CardPage> {
  const c = decodeCursor(cursor);
  // The total is counted with the first page and carried in the cursor: deep in 10,000 cards a
  // count per page would cost more than the page (the list's reload and polls count afresh). The
  // first page counts in its own query (an init plan, run once): one round trip, not two.
  const carried = c?.total ?? null;
  const [found] = await pageStatement(
    spec,
    c !== null,
    carried !== null,
    limit,
  )(db, {
    categories: [],
    tags: [],
    state: '',
    ...values,
    a: c?.a ?? 0,
    id: c?.id ?? 0,
    total: carried ?? 0,
  });
  const raw = found!.page as Record<string, unknown>[] | string;
  const rows = (typeof raw === 'string' ? (JSON.parse(raw) as Record<string, unknown>[]) : raw).map(pageRow);
  const total = Number(found!.total);
  const rawRule = found!.tier_rule as RuleJson | string | null;
  const rule = ruleOf(typeof rawRule === 'string' ? (JSON.parse(rawRule) as RuleJson) : rawRule);
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
    list: shown.map((row) => toItem(row, reasonsFromJson(row.reasons), rule, now)),
    next_cursor: more && last ? encodeCursor(keyOf(last.card), last.card.id, Number(total)) : null,
    total: Number(total),
  };
}

/** The tags a list is filtered by (any of them), at most ten; none when the filter is empty. */
function tagsOf(tags: string | undefined): string[] {
  return (tags ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .slice(0, 10);
}

/** The workbench's cards: written out as in the partial indexes' predicate so the planner can use them. */
const ON_WORKBENCH = sql`${mktCards.state} in ('new', 'viewed', 'handling') and ${mktCards.releasedAt} is not null`;

/** The filters a list may have: its categories and its customers' tags, each applied only when given. */
const inCategories = (filtered: boolean, p: PageValues) =>
  filtered ? sql`${mktCards.categoryId} = any(${sql.param(p.categories)}::int[])` : undefined;

/** The workbench list: open, released cards of this adviser. */
export function listOpenCards(db: Db, adviserId: number, q: CardListQuery, now: Date): Promise<CardPage> {
  const cats = categoriesOf(q.group, q.category_id);
  const tags = tagsOf(q.tags);
  const byTags = tags.length > 0;
  return page(
    db,
    {
      shape: `open|${cats ? 'categories' : 'all'}|${byTags ? 'tags' : 'any'}`,
      where: (p) =>
        and(
          sql`${mktCards.adviserId} = ${p.adviserId}`,
          ON_WORKBENCH,
          inCategories(cats !== null, p),
          byTags ? sql`${mktCustomers.tags} && ${sql.param(p.tags)}::text[]` : undefined,
        )!,
      order: q.order ?? 'priority',
      countJoinsCustomers: byTags,
      // The workbench's total from the signed changes the cards' trigger keeps (a sum over a few rows of one index,
      // however many cards are open). A tag filter is on the customers, which the kept sums do not know: those lists
      // count their cards.
      keptTotal: byTags
        ? undefined
        : (p) =>
            sql`(select coalesce(sum(${mktWorkbenchCounts.delta}), 0)::int from ${mktWorkbenchCounts}
              where ${mktWorkbenchCounts.adviserId} = ${p.adviserId}${
                cats ? sql` and ${mktWorkbenchCounts.categoryId} = any(${sql.param(p.categories)}::int[])` : sql``
              })`,
    },
    { adviserId, categories: cats ?? [], tags },
    q.cursor,
    Math.min(q.limit ?? DEFAULT_LIMIT, MARKET_PAGE_MAX),
    now,
  );
}

/** Cards by state: ignored (ignoreIndex), done, snoozed, or waiting behind the daily cap. */
export function listCardsByState(db: Db, adviserId: number, q: ChanceListQuery, now: Date): Promise<CardPage> {
  const waiting = q.state === 'waiting';
  return page(
    db,
    {
      shape: `state|${waiting ? 'waiting' : 'state'}|${q.category_id ? 'category' : 'all'}`,
      where: (p) =>
        and(
          sql`${mktCards.adviserId} = ${p.adviserId}`,
          waiting
            ? sql`${mktCards.state} = 'new' and ${mktCards.releasedAt} is null`
            : // The history index's predicate word for word, so a plan kept for any state can read it.
              sql`${mktCards.state} = ${p.state} and ${mktCards.state} in ('done', 'ignored', 'snoozed')`,
          inCategories(!!q.category_id, p),
        )!,
      order: waiting ? 'priority' : 'closed',
      countJoinsCustomers: false,
    },
    { adviserId, state: q.state, categories: q.category_id ? [q.category_id] : [] },
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
