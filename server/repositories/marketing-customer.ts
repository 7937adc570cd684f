import { and, desc, eq, gte, inArray, lt, lte, or, sql } from 'drizzle-orm';

import { businessDate } from '../../src/api/contract/dates';
import type { Suitability } from '../../src/api/contract/market-map-common';
import {
  BEHAVIOUR_KINDS,
  MARKET_PAGE_MAX,
  PRODUCT_KIND_NAMES,
  PRODUCT_KINDS,
  PRODUCT_RISK_LEVELS,
} from '../../src/api/contract/market-map-constants';
import type {
  AumSlice,
  BehaviorSummary,
  BehaviorSummaryQuery,
  BonusInfo,
  CustomerAum,
  CustomerProduct,
  FundTrend,
  FundTrendPeriod,
  HoldingItem,
  MultiProduct,
  MultiTransaction,
  MultiTransactionQuery,
  TransactionInfoQuery,
  TransactionPage,
  TransferPage,
  TransferQuery,
} from '../../src/api/contract/market-map-customer';
import { maskPersonalNumbers } from '../../src/lib/content-policy';
import type { Db } from '../db/client';
import {
  mktBehaviours,
  type mktCustomers,
  mktHoldings,
  mktProductNavs,
  mktProducts,
  mktTransactions,
  mktTransfers,
} from '../db/schema';
import { positionValue, totalAssets } from '../marketing/valuation';
import { checkSuitability } from '../suitability/suitability';
import { decodeCursor, encodeCursor, maskedCustomer, productBrief, secs } from './marketing-map';

/** The customer card's read models (/card-detail/*). Callers pass a customer already checked to be the adviser's. */
type Customer = typeof mktCustomers.$inferSelect;
type Product = typeof mktProducts.$inferSelect;
const DAY = 86_400_000;
const round2 = (n: number) => Math.round(n * 100) / 100;
const limitOf = (n: number | undefined) => Math.min(n ?? 20, MARKET_PAGE_MAX);

export function suitabilityOf(c: Customer, p: Product, now: Date): Suitability {
  const v = checkSuitability(
    { riskLevel: c.riskLevel, riskExpiresAt: c.riskExpiresAt, qualified: c.qualified },
    { riskLevel: p.riskLevel, qualifiedOnly: p.qualifiedOnly },
    now,
  );
  return v.suitable ? { ok: true } : { ok: false, reason_code: v.reason, reason: v.message };
}

/** Each product's NAV rows from `fromDay` to `toDay` (oldest first): the source of values, changes and the trend. */
async function navsFrom(db: Db, productIds: number[], fromDay: string, toDay: string) {
  if (!productIds.length) return new Map<number, Array<{ day: string; nav: number; yield7d: number | null }>>();
  const rows = await db
    .select({
      productId: mktProductNavs.productId,
      day: mktProductNavs.day,
      nav: mktProductNavs.nav,
      yield7d: mktProductNavs.yield7d,
    })
    .from(mktProductNavs)
    .where(
      and(
        inArray(mktProductNavs.productId, productIds),
        gte(mktProductNavs.day, fromDay),
        lte(mktProductNavs.day, toDay),
      ),
    )
    .orderBy(mktProductNavs.productId, mktProductNavs.day);
  const by = new Map<number, Array<{ day: string; nav: number; yield7d: number | null }>>();
  for (const r of rows) (by.get(r.productId) ?? by.set(r.productId, []).get(r.productId)!).push(r);
  return by;
}

/** The NAV on or before `day` (a series oldest first). */
const navAt = (series: Array<{ day: string; nav: number }>, day: string) => {
  let found: number | null = null;
  for (const r of series) if (r.day <= day) found = r.nav;
  return found;
};

async function holdingsOf(db: Db, customer: Customer, now: Date, onlyProduct?: number) {
  const rows = await db
    .select({ h: mktHoldings, p: mktProducts })
    .from(mktHoldings)
    .innerJoin(mktProducts, eq(mktProducts.id, mktHoldings.productId))
    .where(
      and(eq(mktHoldings.customerId, customer.id), onlyProduct ? eq(mktHoldings.productId, onlyProduct) : undefined),
    );
  // 40 days back covers the 30-day change even across holidays.
  const navs = await navsFrom(
    db,
    rows.map((r) => r.p.id),
    businessDate(new Date(now.getTime() - 40 * DAY)),
    businessDate(now),
  );
  const day30 = businessDate(new Date(now.getTime() - 30 * DAY));
  const items = rows.map(({ h, p }) => {
    const series = navs.get(p.id) ?? [];
    const last = series[series.length - 1] ?? null;
    const value = positionValue(h.shares, Number(h.cost), last?.nav ?? null);
    const cost = Number(h.cost);
    const item: HoldingItem = {
      product: productBrief(p),
      shares: h.shares,
      cost,
      nav: last?.nav ?? null,
      nav_day: last?.day ?? null,
      yield_7d: last?.yield7d ?? null,
      market_value: round2(value),
      profit: round2(value - cost),
      profit_pct: cost > 0 ? round2(((value - cost) / cost) * 100) : null,
      since: secs(h.since)!,
      suitability: suitabilityOf(customer, p, now),
    };
    const before = navAt(series, day30);
    return { item, product: p, valueBefore: before === null ? null : h.shares * before, asOf: last?.day ?? null };
  });
  return items.sort((a, b) => b.item.market_value - a.item.market_value);
}

export async function multiProduct(db: Db, customer: Customer, now: Date): Promise<MultiProduct> {
  const items = await holdingsOf(db, customer, now);
  return {
    customer: maskedCustomer(customer, now),
    list: items.map((i) => i.item),
    total_value: round2(items.reduce((s, i) => s + i.item.market_value, 0)),
  };
}

export async function customerAum(db: Db, customer: Customer, now: Date): Promise<CustomerAum> {
  const items = await holdingsOf(db, customer, now);
  const total = items.reduce((s, i) => s + i.item.market_value, 0);
  const slices = (keys: readonly string[], keyOf: (p: Product) => string, nameOf: (k: string) => string): AumSlice[] =>
    keys
      .map((key) => ({
        key,
        value: items.filter((i) => keyOf(i.product) === key).reduce((s, i) => s + i.item.market_value, 0),
      }))
      .filter((s) => s.value > 0)
      .map((s) => ({
        key: s.key,
        name: nameOf(s.key),
        value: round2(s.value),
        share: total > 0 ? Math.round((s.value / total) * 1000) / 1000 : 0,
      }));
  const before =
    items.every((i) => i.valueBefore !== null) && items.length ? items.reduce((s, i) => s + i.valueBefore!, 0) : null;
  const asOf =
    items
      .map((i) => i.asOf)
      .filter((d): d is string => d !== null)
      .sort()
      .pop() ?? null;
  return {
    customer: maskedCustomer(customer, now),
    // Both on the holdings' valuation date (as_of): see valuation.ts.
    aum: totalAssets(
      Number(customer.aum),
      items.reduce((s, i) => s + i.item.cost, 0),
      total,
    ),
    holdings_value: round2(total),
    as_of: asOf,
    by_kind: slices(
      PRODUCT_KINDS,
      (p) => p.kind,
      (k) => PRODUCT_KIND_NAMES[k as keyof typeof PRODUCT_KIND_NAMES],
    ),
    by_risk: slices(
      PRODUCT_RISK_LEVELS,
      (p) => p.riskLevel,
      (k) => k,
    ),
    change_30d:
      before && before > 0
        ? { value: round2(total - before), percent: round2(((total - before) / before) * 100) }
        : null,
    risk_assessed_on: customer.riskAssessedAt ? businessDate(customer.riskAssessedAt) : null,
  };
}

const PERIOD_MONTHS: Record<FundTrendPeriod, number> = { '1M': 1, '3M': 3, '6M': 6, '1Y': 12 };

/** Σ shares × NAV a trading day, counting a holding from the day it was bought (the jump is the purchase). */
export async function fundTrend(db: Db, customer: Customer, period: FundTrendPeriod, now: Date): Promise<FundTrend> {
  const start = new Date(now.getTime());
  start.setUTCMonth(start.getUTCMonth() - PERIOD_MONTHS[period]);
  const holdings = await db.select().from(mktHoldings).where(eq(mktHoldings.customerId, customer.id));
  const navs = await navsFrom(
    db,
    holdings.map((h) => h.productId),
    businessDate(start),
    businessDate(now),
  );
  const today = businessDate(now);
  const sums = new Map<string, number>();
  for (const h of holdings) {
    const since = businessDate(h.since);
    for (const r of navs.get(h.productId) ?? [])
      if (r.day >= since && r.day <= today) sums.set(r.day, (sums.get(r.day) ?? 0) + h.shares * r.nav);
  }
  const points = [...sums.entries()]
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(([day, value]) => ({ day, value: round2(value) }));
  const first = points[0]?.value;
  const last = points[points.length - 1]?.value;
  const change = first !== undefined && last !== undefined ? round2(last - first) : null;
  return {
    customer_id: customer.id,
    period,
    points,
    change,
    change_pct: change !== null && first ? round2((change / first) * 100) : null,
  };
}

export async function customerProduct(
  db: Db,
  customer: Customer,
  productId: number,
  now: Date,
): Promise<CustomerProduct | null> {
  const [p] = await db.select().from(mktProducts).where(eq(mktProducts.id, productId));
  if (!p) return null;
  const [held] = await holdingsOf(db, customer, now, productId);
  const series =
    (await navsFrom(db, [productId], businessDate(new Date(now.getTime() - 40 * DAY)), businessDate(now))).get(
      productId,
    ) ?? [];
  const last = series[series.length - 1] ?? null;
  const before = navAt(series, businessDate(new Date(now.getTime() - 30 * DAY)));
  return {
    customer: maskedCustomer(customer, now),
    product: { ...productBrief(p), benchmark: p.benchmark },
    holding: held?.item ?? null,
    nav: last?.nav ?? null,
    nav_day: last?.day ?? null,
    nav_change_30d_pct: last && before ? round2(((last.nav - before) / before) * 100) : null,
    suitability: suitabilityOf(customer, p, now),
  };
}

const msKey = (col: typeof mktTransactions.occurredAt | typeof mktTransfers.occurredAt) =>
  sql<number>`(extract(epoch from ${col}) * 1000)::float8`;

export async function transactions(db: Db, customer: Customer, q: TransactionInfoQuery): Promise<TransactionPage> {
  const limit = limitOf(q.limit);
  const c = decodeCursor(q.cursor);
  const key = msKey(mktTransactions.occurredAt);
  const where = and(
    eq(mktTransactions.customerId, customer.id),
    q.kind ? eq(mktTransactions.kind, q.kind) : undefined,
  )!;
  const after = c ? or(sql`${key} < ${c.a}`, and(sql`${key} = ${c.a}`, lt(mktTransactions.id, c.id))) : undefined;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ t: mktTransactions, p: mktProducts, k: key.as('k') })
      .from(mktTransactions)
      .leftJoin(mktProducts, eq(mktProducts.id, mktTransactions.productId))
      .where(after ? and(where, after) : where)
      .orderBy(desc(key), desc(mktTransactions.id))
      .limit(limit + 1),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(mktTransactions)
      .where(where),
  ]);
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return {
    list: shown.map(({ t, p }) => ({
      transaction_id: t.id,
      kind: t.kind,
      amount: Number(t.amount),
      status: t.status,
      occurred_at: secs(t.occurredAt)!,
      product: p ? productBrief(p) : null,
    })),
    next_cursor: rows.length > limit && last ? encodeCursor(Number(last.k), last.t.id) : null,
    total: Number(total),
  };
}

export async function multiTransactions(
  db: Db,
  customer: Customer,
  q: MultiTransactionQuery,
  now: Date,
): Promise<MultiTransaction> {
  const days = q.days ?? 365;
  const ids = q.product_ids ? [...new Set(q.product_ids.split(',').map(Number))] : null;
  const sum = (kind: string) =>
    sql<number>`coalesce(sum(${mktTransactions.amount}) filter (where ${mktTransactions.kind} = ${kind} and ${mktTransactions.status} <> 'failed'), 0)::float8`;
  const rows = await db
    .select({
      p: mktProducts,
      subscribed: sum('subscribe'),
      redeemed: sum('redeem'),
      dividends: sum('dividend'),
      count: sql<number>`count(*)::int`,
      last: sql<string>`max(${mktTransactions.occurredAt})`,
    })
    .from(mktTransactions)
    .innerJoin(mktProducts, eq(mktProducts.id, mktTransactions.productId))
    .where(
      and(
        eq(mktTransactions.customerId, customer.id),
        gte(mktTransactions.occurredAt, new Date(now.getTime() - days * DAY)),
        ids ? inArray(mktTransactions.productId, ids) : undefined,
      ),
    )
    .groupBy(mktProducts.id)
    .orderBy(desc(sql`max(${mktTransactions.occurredAt})`));
  return {
    customer_id: customer.id,
    days,
    list: rows.map((r) => ({
      product: productBrief(r.p),
      subscribed: round2(Number(r.subscribed)),
      redeemed: round2(Number(r.redeemed)),
      dividends: round2(Number(r.dividends)),
      count: Number(r.count),
      last_at: r.last ? secs(new Date(r.last)) : null,
    })),
  };
}

export async function transfers(db: Db, customer: Customer, q: TransferQuery, now: Date): Promise<TransferPage> {
  const limit = limitOf(q.limit);
  const days = q.days ?? 90;
  const c = decodeCursor(q.cursor);
  const key = msKey(mktTransfers.occurredAt);
  const where = and(
    eq(mktTransfers.customerId, customer.id),
    gte(mktTransfers.occurredAt, new Date(now.getTime() - days * DAY)),
    lte(mktTransfers.occurredAt, now),
    q.direction ? eq(mktTransfers.direction, q.direction) : undefined,
  )!;
  const after = c ? or(sql`${key} < ${c.a}`, and(sql`${key} = ${c.a}`, lt(mktTransfers.id, c.id))) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select({ t: mktTransfers, k: key.as('k') })
      .from(mktTransfers)
      .where(after ? and(where, after) : where)
      .orderBy(desc(key), desc(mktTransfers.id))
      .limit(limit + 1),
    db
      .select({
        total: sql<number>`count(*)::int`,
        inSum: sql<number>`coalesce(sum(${mktTransfers.amount}) filter (where ${mktTransfers.direction} = 'in'), 0)::float8`,
        outSum: sql<number>`coalesce(sum(${mktTransfers.amount}) filter (where ${mktTransfers.direction} = 'out'), 0)::float8`,
      })
      .from(mktTransfers)
      .where(where),
  ]);
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return {
    list: shown.map(({ t }) => ({
      transfer_id: t.id,
      direction: t.direction,
      amount: Number(t.amount),
      bank: t.bank,
      occurred_at: secs(t.occurredAt)!,
    })),
    next_cursor: rows.length > limit && last ? encodeCursor(Number(last.k), last.t.id) : null,
    total: Number(totals?.total ?? 0),
    total_in: round2(Number(totals?.inSum ?? 0)),
    total_out: round2(Number(totals?.outSum ?? 0)),
    days,
  };
}

export async function behaviorSummary(
  db: Db,
  customer: Customer,
  q: BehaviorSummaryQuery,
  now: Date,
): Promise<BehaviorSummary> {
  const days = q.days ?? 30;
  const where = and(
    eq(mktBehaviours.customerId, customer.id),
    gte(mktBehaviours.occurredAt, new Date(now.getTime() - days * DAY)),
    lte(mktBehaviours.occurredAt, now),
  )!;
  const [byKind, [agg], questions] = await Promise.all([
    db
      .select({ kind: mktBehaviours.kind, n: sql<number>`count(*)::int` })
      .from(mktBehaviours)
      .where(where)
      .groupBy(mktBehaviours.kind),
    db
      .select({
        minutes: sql<number>`coalesce(sum(${mktBehaviours.minutes}) filter (where ${mktBehaviours.kind} = 'live_watch'), 0)::float8`,
        reads: sql<number>`count(*) filter (where ${mktBehaviours.kind} = 'material_open')::int`,
        seconds: sql<number>`coalesce(sum(${mktBehaviours.seconds}) filter (where ${mktBehaviours.kind} = 'material_open'), 0)::int`,
        depth: sql<
          number | null
        >`avg(${mktBehaviours.scrollDepth}) filter (where ${mktBehaviours.kind} = 'material_open')::float8`,
        last: sql<string | null>`max(${mktBehaviours.occurredAt})`,
      })
      .from(mktBehaviours)
      .where(where),
    db
      .select({ text: mktBehaviours.text, at: mktBehaviours.occurredAt })
      .from(mktBehaviours)
      .where(and(where, eq(mktBehaviours.kind, 'live_question')))
      .orderBy(desc(mktBehaviours.occurredAt))
      .limit(5),
  ]);
  const counts = new Map(byKind.map((r) => [r.kind, Number(r.n)]));
  return {
    customer_id: customer.id,
    days,
    counts: BEHAVIOUR_KINDS.map((kind) => ({ kind, count: counts.get(kind) ?? 0 })),
    live_minutes: round2(Number(agg?.minutes ?? 0)),
    questions: questions.map((r) => ({ text: maskPersonalNumbers(r.text ?? ''), occurred_at: secs(r.at)! })),
    materials_read: Number(agg?.reads ?? 0),
    read_seconds: Number(agg?.seconds ?? 0),
    avg_depth: agg?.depth === null || agg?.depth === undefined ? null : Math.round(Number(agg.depth) * 100) / 100,
    last_at: agg?.last ? secs(new Date(agg.last)) : null,
  };
}

export async function bonusInfo(db: Db, customer: Customer, now: Date): Promise<BonusInfo> {
  const where = and(
    eq(mktTransactions.customerId, customer.id),
    eq(mktTransactions.kind, 'dividend'),
    gte(mktTransactions.occurredAt, new Date(now.getTime() - 365 * DAY)),
  )!;
  const rows = await db
    .select({ t: mktTransactions, p: mktProducts })
    .from(mktTransactions)
    .leftJoin(mktProducts, eq(mktProducts.id, mktTransactions.productId))
    .where(where)
    .orderBy(desc(mktTransactions.occurredAt), desc(mktTransactions.id))
    .limit(100);
  const by = new Map<number, { product: Product; amount: number; count: number }>();
  for (const { t, p } of rows) {
    if (!p) continue;
    const e = by.get(p.id) ?? by.set(p.id, { product: p, amount: 0, count: 0 }).get(p.id)!;
    e.amount += Number(t.amount);
    e.count += 1;
  }
  return {
    customer_id: customer.id,
    total_12m: round2(rows.reduce((s, r) => s + Number(r.t.amount), 0)),
    list: rows.map(({ t, p }) => ({
      transaction_id: t.id,
      product: p ? productBrief(p) : null,
      amount: Number(t.amount),
      occurred_at: secs(t.occurredAt)!,
    })),
    by_product: [...by.values()]
      .sort((a, b) => b.amount - a.amount)
      .map((e) => ({ product: productBrief(e.product), amount: round2(e.amount), count: e.count })),
  };
}

/** Bound to one database: what the /card-detail/* routes call. */
export function createCustomerCardRepository(db: Db) {
  return {
    aum: (c: Customer, now: Date) => customerAum(db, c, now),
    fundTrend: (c: Customer, period: FundTrendPeriod, now: Date) => fundTrend(db, c, period, now),
    multiProduct: (c: Customer, now: Date) => multiProduct(db, c, now),
    product: (c: Customer, productId: number, now: Date) => customerProduct(db, c, productId, now),
    transactions: (c: Customer, q: TransactionInfoQuery) => transactions(db, c, q),
    multiTransactions: (c: Customer, q: MultiTransactionQuery, now: Date) => multiTransactions(db, c, q, now),
    transfers: (c: Customer, q: TransferQuery, now: Date) => transfers(db, c, q, now),
    behaviorSummary: (c: Customer, q: BehaviorSummaryQuery, now: Date) => behaviorSummary(db, c, q, now),
    bonusInfo: (c: Customer, now: Date) => bonusInfo(db, c, now),
  };
}
