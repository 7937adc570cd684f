import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';

import { businessDate } from '../../src/api/contract/dates';
import type { ProductKind } from '../../src/api/contract/market-map-constants';
import type {
  MonitorItem,
  ProductDetail,
  ProductHolder,
  SeriesKind,
  SoldFundData,
  SoldFundItem,
} from '../../src/api/contract/market-map-products';
import { type DayPoint, maxDrawdown, periodChange } from '../../src/lib/series';
import type { Db } from '../db/client';
import { mktCustomers, mktHoldings, mktProductNavs, mktProducts, mktTransactions } from '../db/schema';
import { benchmarkSeries } from '../marketing/benchmark';
import { checkSuitability } from '../suitability/suitability';
import { maskedCustomer, productBrief } from './marketing-map';

const DAY = 86_400_000;
type Product = typeof mktProducts.$inferSelect;
const kindOf = (p: Product): SeriesKind => (p.kind === 'money_fund' ? 'yield' : 'nav');

/** Products my customers hold: holders, position and 30-day subscriptions, per product. */
async function heldProducts(db: Db, adviserId: number, filter: { kind?: ProductKind; productId?: number }, now: Date) {
  const where = and(
    eq(mktCustomers.adviserId, adviserId),
    filter.kind ? eq(mktProducts.kind, filter.kind) : undefined,
    filter.productId ? eq(mktProducts.id, filter.productId) : undefined,
  );
  const held = await db
    .select({
      product: mktProducts,
      holders: sql<number>`count(*)::int`,
      amount: sql<number>`sum(${mktHoldings.cost})::float8`,
    })
    .from(mktHoldings)
    .innerJoin(mktCustomers, eq(mktCustomers.id, mktHoldings.customerId))
    .innerJoin(mktProducts, eq(mktProducts.id, mktHoldings.productId))
    .where(where)
    .groupBy(mktProducts.id)
    .orderBy(desc(sql`sum(${mktHoldings.cost})`), asc(mktProducts.id));
  const ids = held.map((h) => h.product.id);
  if (!ids.length) return [];
  const [bought, latest] = await Promise.all([
    db
      .select({ productId: mktTransactions.productId, sum: sql<number>`sum(${mktTransactions.amount})::float8` })
      .from(mktTransactions)
      .innerJoin(mktCustomers, eq(mktCustomers.id, mktTransactions.customerId))
      .where(
        and(
          eq(mktCustomers.adviserId, adviserId),
          inArray(mktTransactions.productId, ids),
          eq(mktTransactions.kind, 'subscribe'),
          eq(mktTransactions.status, 'confirmed'),
          gte(mktTransactions.occurredAt, new Date(now.getTime() - 30 * DAY)),
        ),
      )
      .groupBy(mktTransactions.productId),
    recentNavs(db, ids, now, 12),
  ]);
  const boughtOf = new Map(bought.map((b) => [b.productId, Number(b.sum)]));
  return held.map((h) => ({
    ...h,
    amount: Number(h.amount),
    holders: Number(h.holders),
    bought30d: boughtOf.get(h.product.id) ?? 0,
    navs: latest.get(h.product.id) ?? [],
  }));
}

/** The last few trading days of each product, oldest first, as [day, value] (yield for money funds). */
async function recentNavs(db: Db, ids: number[], now: Date, days: number): Promise<Map<number, DayPoint[]>> {
  const rows = await db
    .select({
      productId: mktProductNavs.productId,
      day: mktProductNavs.day,
      nav: mktProductNavs.nav,
      y: mktProductNavs.yield7d,
    })
    .from(mktProductNavs)
    .where(
      and(
        inArray(mktProductNavs.productId, ids),
        gte(mktProductNavs.day, businessDate(new Date(now.getTime() - days * DAY))),
        sql`${mktProductNavs.day} <= ${businessDate(now)}`,
      ),
    )
    .orderBy(asc(mktProductNavs.productId), asc(mktProductNavs.day));
  const out = new Map<number, DayPoint[]>();
  for (const r of rows) out.set(r.productId, [...(out.get(r.productId) ?? []), [r.day, r.y ?? r.nav]]);
  return out;
}

const lastValue = (navs: DayPoint[]) => navs[navs.length - 1]?.[1] ?? null;

/** GET /sold_fund/:kind/:product_id?: what my customers hold; with a product, that product and its holders. */
export async function soldFund(
  db: Db,
  adviserId: number,
  kind: 'all' | ProductKind,
  productId: number | undefined,
  now: Date,
): Promise<SoldFundData | null> {
  if (productId !== undefined) {
    const [product] = await db.select().from(mktProducts).where(eq(mktProducts.id, productId));
    if (!product || (kind !== 'all' && product.kind !== kind)) return null;
    const [row] = await heldProducts(db, adviserId, { productId }, now);
    const navs = row?.navs ?? (await recentNavs(db, [productId], now, 12)).get(productId) ?? [];
    const item: SoldFundItem = {
      product: productBrief(product),
      holders: row?.holders ?? 0,
      amount: row?.amount ?? 0,
      bought_30d: row?.bought30d ?? 0,
      latest_value: lastValue(navs),
      series_kind: kindOf(product),
    };
    return { list: [item], holders: (await holdersOf(db, adviserId, product, now, 200)).list };
  }
  const rows = await heldProducts(db, adviserId, kind === 'all' ? {} : { kind }, now);
  return {
    list: rows.map((r) => ({
      product: productBrief(r.product),
      holders: r.holders,
      amount: r.amount,
      bought_30d: r.bought30d,
      latest_value: lastValue(r.navs),
      series_kind: kindOf(r.product),
    })),
    holders: null,
  };
}

/** My customers holding a product, largest position first; the suitability verdict flags a mismatch. */
export async function holdersOf(
  db: Db,
  adviserId: number,
  product: Product,
  now: Date,
  limit: number,
): Promise<{ list: ProductHolder[]; total: number }> {
  const where = and(eq(mktHoldings.productId, product.id), eq(mktCustomers.adviserId, adviserId));
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ h: mktHoldings, c: mktCustomers })
      .from(mktHoldings)
      .innerJoin(mktCustomers, eq(mktCustomers.id, mktHoldings.customerId))
      .where(where)
      .orderBy(desc(mktHoldings.cost), asc(mktCustomers.id))
      .limit(limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(mktHoldings)
      .innerJoin(mktCustomers, eq(mktCustomers.id, mktHoldings.customerId))
      .where(where),
  ]);
  return {
    list: rows.map(({ h, c }) => ({
      customer: maskedCustomer(c, now),
      amount: Number(h.cost),
      cost: Number(h.cost),
      since: businessDate(h.since),
      mismatch: !checkSuitability(
        { riskLevel: c.riskLevel, riskExpiresAt: c.riskExpiresAt, qualified: c.qualified },
        { riskLevel: product.riskLevel, qualifiedOnly: product.qualifiedOnly },
        now,
      ).suitable,
    })),
    total: Number(total),
  };
}

/** GET /product_monitor/list: held products with their moves; alerts (NAV fall, near maturity) first. */
export async function monitorList(
  db: Db,
  adviserId: number,
  t: { navFallPct: number; navFallDays: number; maturityDays: number },
  now: Date,
): Promise<MonitorItem[]> {
  const rows = await heldProducts(db, adviserId, {}, now);
  const items = rows.map((r): MonitorItem => {
    const kind = kindOf(r.product);
    const navs = r.navs;
    const maturityIn = r.product.maturityAt ? Math.ceil((r.product.maturityAt.getTime() - now.getTime()) / DAY) : null;
    const window = navs.slice(-(t.navFallDays + 1));
    const fall = kind === 'nav' ? periodChange(window, 'nav') : null;
    const alert =
      fall !== null && fall <= -t.navFallPct
        ? 'nav_fall'
        : maturityIn !== null && maturityIn >= 0 && maturityIn <= t.maturityDays
          ? 'maturity'
          : null;
    return {
      product: productBrief(r.product),
      series_kind: kind,
      latest_day: navs[navs.length - 1]?.[0] ?? null,
      latest_value: lastValue(navs),
      change_1d: periodChange(navs.slice(-2), kind),
      change_5d: periodChange(navs.slice(-6), kind),
      maturity_in_days: maturityIn,
      alert,
      holders: r.holders,
      amount: r.amount,
    };
  });
  const rank = (i: MonitorItem) => (i.alert === 'nav_fall' ? 0 : i.alert === 'maturity' ? 1 : 2);
  return items.sort(
    (a, b) =>
      rank(a) - rank(b) ||
      Math.abs(b.change_5d ?? 0) - Math.abs(a.change_5d ?? 0) ||
      a.product.product_id - b.product.product_id,
  );
}

/** A product's whole series and its derived benchmark (server/marketing/benchmark.ts). */
export async function productSeries(db: Db, product: Product, now: Date) {
  const own = await db
    .select({
      day: mktProductNavs.day,
      nav: mktProductNavs.nav,
      y: mktProductNavs.yield7d,
      dividend: mktProductNavs.dividend,
    })
    .from(mktProductNavs)
    .where(and(eq(mktProductNavs.productId, product.id), sql`${mktProductNavs.day} <= ${businessDate(now)}`))
    .orderBy(asc(mktProductNavs.day));
  const series: Array<[string, number]> = own.map((r) => [r.day, r.y ?? r.nav]);
  const days = series.map((p) => p[0]);
  const market =
    product.kind === 'money_fund' || !days.length
      ? []
      : await db
          .select({
            productId: mktProductNavs.productId,
            kind: mktProducts.kind,
            day: mktProductNavs.day,
            nav: mktProductNavs.nav,
          })
          .from(mktProductNavs)
          .innerJoin(mktProducts, eq(mktProducts.id, mktProductNavs.productId))
          .where(
            and(
              inArray(mktProducts.kind, ['equity', 'index', 'bond']),
              gte(mktProductNavs.day, days[0]!),
              sql`${mktProductNavs.day} <= ${days[days.length - 1]!}`,
            ),
          );
  const bench = benchmarkSeries(product.benchmark, days, market);
  return {
    series_kind: kindOf(product),
    series,
    benchmark: bench ? { name: `业绩基准：${product.benchmark}`, series: bench } : null,
    dividends: own.filter((r) => r.dividend).map((r) => ({ day: r.day, per_unit: r.dividend! })),
  };
}

export async function findProduct(db: Db, productId: number): Promise<Product | null> {
  const [p] = await db.select().from(mktProducts).where(eq(mktProducts.id, productId));
  return p ?? null;
}

/** GET /product_monitor/list/:id: the product, its series, benchmark, drawdown and my holders. */
export async function productDetail(
  db: Db,
  adviserId: number,
  productId: number,
  now: Date,
): Promise<ProductDetail | null> {
  const product = await findProduct(db, productId);
  if (!product) return null;
  const [s, holders] = await Promise.all([
    productSeries(db, product, now),
    holdersOf(db, adviserId, product, now, 100),
  ]);
  return {
    product: productBrief(product),
    series_kind: s.series_kind,
    series: s.series,
    benchmark: s.benchmark,
    max_drawdown: s.series_kind === 'nav' ? maxDrawdown(s.series) : { pct: 0, peak_day: null, trough_day: null },
    holders: holders.list,
    holders_total: holders.total,
  };
}
