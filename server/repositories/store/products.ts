import { and, asc, eq, inArray, not, or, sql } from 'drizzle-orm';

import { FUND_DISCLOSURES, type ProductRiskLevel } from '../../../src/api/contract/product-risk-constants';
import type { StoreFundDetail, StoreProduct } from '../../../src/api/contract/store';
import type { Db } from '../../db/client';
import { mktProductNavs, mktProducts } from '../../db/schema';
import { storeExperts, storeNavs, storeProducts } from '../../db/schema-store';
import { decodeCursor, type PageArgs, type Paged, paged, productRef } from './query';

const latestNav =
  sql<number>`(select ${storeNavs.nav} from ${storeNavs} where ${storeNavs.productId} = ${productRef} order by ${storeNavs.day} desc limit 1)`.mapWith(
    Number,
  );
const latestDay = sql<string>`(select max(${storeNavs.day}) from ${storeNavs} where ${storeNavs.productId} = ${productRef})`;
const yearAgoNav =
  sql<number>`(select ${storeNavs.nav} from ${storeNavs} where ${storeNavs.productId} = ${productRef} and ${storeNavs.day} <= (select max(${storeNavs.day}) - interval '365 days' from ${storeNavs} where ${storeNavs.productId} = ${productRef}) order by ${storeNavs.day} desc limit 1)`.mapWith(
    Number,
  );
const firstNav =
  sql<number>`(select ${storeNavs.nav} from ${storeNavs} where ${storeNavs.productId} = ${productRef} order by ${storeNavs.day} asc limit 1)`.mapWith(
    Number,
  );
// A money fund's latest 7-day yield, from the product master's daily figures (joined by code).
const latestYield = sql<
  number | null
>`(select ${mktProductNavs.yield7d} from ${mktProductNavs} where ${mktProductNavs.productId} = ${mktProducts.id} and ${mktProducts.kind} = 'money_fund' order by ${mktProductNavs.day} desc limit 1)`;
type ProductRow = {
  p: typeof storeProducts.$inferSelect;
  risk: StoreProduct['risk_level'];
  yield7d: number | string | null;
  nav: number;
  day: string | Date | null;
  ago: number | null;
  first: number;
};
const productOut = (r: ProductRow): StoreProduct => {
  const from = r.ago || r.first || 1;
  return {
    id: r.p.id,
    kind: r.p.kind,
    code: r.p.code,
    name: r.p.name,
    category: r.p.category,
    risk_level: r.risk,
    latest_nav: r.nav ?? 1,
    nav_date: r.day ? new Date(r.day).getTime() : r.p.launchDate.getTime(),
    // A money fund's NAV is 1.0000 every day: its return is its yield, not a change of NAV.
    one_year_return: r.yield7d !== null ? null : Math.round(((r.nav ?? from) / from - 1) * 10000) / 100,
    yield_7d: r.yield7d === null ? null : Number(r.yield7d),
    min_purchase: r.p.minPurchase,
    highlight: r.p.highlight,
  };
};
// The risk level is the product master's, joined by code (store_products keeps none of its own).
const productSelect = {
  p: storeProducts,
  risk: mktProducts.riskLevel,
  nav: latestNav,
  day: latestDay,
  ago: yearAgoNav,
  first: firstNav,
  yield7d: latestYield,
};

/** A private fund by any of its records: the store's kind, or the product master's kind or qualified-only flag. */
const isPrivateFund = sql`(${storeProducts.kind} = 'private' or ${mktProducts.kind} = 'private_fund' or ${mktProducts.qualifiedOnly})`;

async function product(db: Db, id: number): Promise<StoreProduct | null> {
  const [row] = await db
    .select(productSelect)
    .from(storeProducts)
    .innerJoin(mktProducts, eq(mktProducts.code, storeProducts.code))
    .where(eq(storeProducts.id, id));
  return row ? productOut(row as ProductRow) : null;
}

async function fundDetail(db: Db, id: number, withNav: boolean): Promise<StoreFundDetail | null> {
  const p = await product(db, id);
  const [found] = await db
    .select({ row: storeProducts, manager: { name: storeExperts.name, certificateNo: storeExperts.certificateNo } })
    .from(storeProducts)
    .innerJoin(storeExperts, eq(storeExperts.id, storeProducts.managerId))
    .where(eq(storeProducts.id, id));
  if (!p || !found) return null;
  const { row, manager } = found;
  const navs = withNav
    ? await db
        .select({ day: storeNavs.day, nav: storeNavs.nav, b: storeNavs.benchmark })
        .from(storeNavs)
        .where(eq(storeNavs.productId, id))
        .orderBy(asc(storeNavs.day))
    : [];
  return {
    product: p,
    launch_date: row.launchDate.getTime(),
    manager: { name: manager.name, years: row.managerYears, certificate_no: manager.certificateNo },
    fees: row.fees,
    nav: navs.map((n) => [n.day.getTime(), n.nav]),
    benchmark: { name: row.benchmarkName, points: navs.map((n) => [n.day.getTime(), n.b]) },
    disclosures: [
      ...FUND_DISCLOSURES,
      row.kind === 'private'
        ? '私募基金仅向合格投资者销售，投资者应充分了解产品风险。'
        : '基金管理人不保证基金一定盈利，也不保证最低收益。',
    ],
  };
}

/** The store's funds: lists, one fund, its detail page (NAV and benchmark), its product master row. */
export function createStoreProducts(db: Db) {
  return {
    /**
     * A page of the store's products, private funds only of the levels named (private-visibility.ts decides
     * which a viewer may see; empty: none), so a page, its cursor and its length reveal nothing of the others.
     */
    async products(
      kind: 'public' | 'private' | undefined,
      page: PageArgs,
      privateLevels: readonly ProductRiskLevel[],
    ): Promise<Paged<StoreProduct>> {
      const after = decodeCursor(page.cursor)?.id ?? 0;
      const visible = privateLevels.length
        ? or(not(isPrivateFund), inArray(mktProducts.riskLevel, [...privateLevels]))
        : not(isPrivateFund);
      const rows = await db
        .select(productSelect)
        .from(storeProducts)
        .innerJoin(mktProducts, eq(mktProducts.code, storeProducts.code))
        .where(and(kind ? eq(storeProducts.kind, kind) : undefined, visible, sql`${storeProducts.id} > ${after}`))
        .orderBy(asc(storeProducts.id))
        .limit(page.limit + 1);
      return paged(rows as ProductRow[], page.limit, productOut, (r) => [0, r.p.id]);
    },
    product: (id: number) => product(db, id),
    /**
     * Whether a store product is a private fund, and of which (master) level: what private-visibility.ts
     * needs to decide if a viewer may see it. Null: no such product.
     */
    async privateLevelOf(id: number): Promise<{ privateLevel: ProductRiskLevel | null } | null> {
      const [row] = await db
        .select({ level: mktProducts.riskLevel, isPrivate: sql<boolean>`${isPrivateFund}` })
        .from(storeProducts)
        .innerJoin(mktProducts, eq(mktProducts.code, storeProducts.code))
        .where(eq(storeProducts.id, id));
      return row ? { privateLevel: row.isPrivate ? row.level : null } : null;
    },
    fundDetail: (id: number, withNav: boolean) => fundDetail(db, id, withNav),
    /** The product master's row of a store product (by code). */
    async masterOf(code: string) {
      const [m] = await db.select().from(mktProducts).where(eq(mktProducts.code, code));
      return m ?? null;
    },
  };
}
