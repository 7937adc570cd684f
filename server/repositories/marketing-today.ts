import { and, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';

import { businessDate, businessDayStart } from '../../src/api/contract/dates';
import type { TierRule } from '../../src/api/contract/market-map-cards';
import { CHANCE_CATEGORY_GROUPS } from '../../src/api/contract/market-map-constants';
import type { ProductCardItem, ProductHolders, TodayList, TodayQuery } from '../../src/api/contract/market-map-today';
import { maskPersonalNumbers } from '../../src/lib/content-policy';
import type { Db } from '../db/client';
import {
  mktCards,
  mktCustomers,
  mktHoldings,
  mktProductCards,
  mktProductNavs,
  mktProducts,
  mktSignals,
} from '../db/schema';
import { tierOf, tierRules } from '../marketing/tiers';
import { todayCounts } from '../marketing/today-counts';
import { positionValue } from '../marketing/valuation';
import { cardItems } from './marketing-cards';
import { maskedCustomer, productBrief, secs } from './marketing-map';

const OPEN = ['new', 'viewed', 'handling'] as const;

function productCardItem(
  card: typeof mktProductCards.$inferSelect,
  product: typeof mktProducts.$inferSelect | null,
  rule: TierRule,
): ProductCardItem {
  return {
    product_card_id: card.id,
    category_id: card.categoryId,
    group: CHANCE_CATEGORY_GROUPS[card.categoryId]!,
    title: card.title,
    headline: `${card.title}：你的 ${card.holders} 位持有客户`,
    holders: card.holders,
    // A product card has no stored tier: it is read against its adviser's lines when shown (tiers.ts).
    priority: tierOf(card.score, rule),
    score: card.score,
    tier_rule: rule,
    product: product ? productBrief(product) : null,
    released_at: secs(card.releasedAt),
    updated_at: secs(card.updatedAt)!,
  };
}

function categoriesOf(q: TodayQuery): number[] | null {
  if (q.category_id) return [q.category_id];
  if (!q.group) return null;
  return Object.entries(CHANCE_CATEGORY_GROUPS)
    .filter(([, g]) => g === q.group)
    .map(([id]) => Number(id));
}

/**
 * 今日: today's open cards, customer and product cards together, best first: what the cap pushed (never more than
 * the cap: the release counts both kinds) and what the adviser pulled in by hand; the rest wait in 待处理.
 */
export async function todayList(
  db: Db,
  adviserId: number,
  q: TodayQuery,
  dailyCap: number,
  now: Date,
): Promise<TodayList> {
  const since = businessDayStart(now);
  const cats = categoriesOf(q);
  const mine = (c: number[] | null) => [
    and(
      eq(mktCards.adviserId, adviserId),
      inArray(mktCards.state, [...OPEN]),
      gte(mktCards.releasedAt, since),
      c ? inArray(mktCards.categoryId, c) : undefined,
    ),
    and(
      eq(mktProductCards.adviserId, adviserId),
      inArray(mktProductCards.state, ['new', 'viewed']),
      gte(mktProductCards.releasedAt, since),
      c ? inArray(mktProductCards.categoryId, c) : undefined,
    ),
  ];
  const [cardsWhere, productsWhere] = mine(cats);
  const [allCards, allProducts] = mine(null);
  // No limit: the list is what the count says (pushed cards are bounded by the cap, pulled ones by the adviser).
  const [cardRows, productRows, [{ n } = { n: 0 }], [{ p } = { p: 0 }], [{ w } = { w: 0 }], counts] = await Promise.all(
    [
      db
        .select({ card: mktCards, customer: mktCustomers })
        .from(mktCards)
        .innerJoin(mktCustomers, eq(mktCustomers.id, mktCards.customerId))
        .where(cardsWhere)
        .orderBy(desc(mktCards.score), mktCards.id),
      db
        .select({ card: mktProductCards, product: mktProducts })
        .from(mktProductCards)
        .leftJoin(mktProducts, eq(mktProducts.id, mktProductCards.productId))
        .where(productsWhere)
        .orderBy(desc(mktProductCards.score), mktProductCards.id),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(mktCards)
        .where(allCards),
      db
        .select({ p: sql<number>`count(*)::int` })
        .from(mktProductCards)
        .where(allProducts),
      db
        .select({ w: sql<number>`count(*)::int` })
        .from(mktCards)
        .where(and(eq(mktCards.adviserId, adviserId), eq(mktCards.state, 'new'), isNull(mktCards.releasedAt))),
      todayCounts(db, adviserId, now),
    ],
  );
  const [cards, rules] = await Promise.all([cardItems(db, cardRows, now), tierRules(db, [adviserId])]);
  const list: (TodayList['list'][number] & { score: number })[] = [
    ...cards.map((card) => ({ kind: 'customer' as const, card, score: card.score })),
    ...productRows.map((r) => ({
      kind: 'product' as const,
      product_card: productCardItem(r.card, r.product, rules.get(adviserId)!),
      score: r.card.score,
    })),
  ];
  list.sort((a, b) => b.score - a.score);
  return {
    date: businessDate(now),
    daily_cap: dailyCap,
    released_today: counts.pushed,
    pulled_today: counts.pulled,
    count: Number(n) + Number(p),
    waiting: Number(w),
    list: list.map(({ score: _score, ...item }) => item as TodayList['list'][number]),
  };
}

/** A product card of this adviser and the holders it reached (each with their own open card, if any), or null. */
export async function productHolders(
  db: Db,
  adviserId: number,
  productCardId: number,
  now: Date,
): Promise<ProductHolders | null> {
  const [row] = await db
    .select({ card: mktProductCards, product: mktProducts })
    .from(mktProductCards)
    .leftJoin(mktProducts, eq(mktProducts.id, mktProductCards.productId))
    .where(and(eq(mktProductCards.id, productCardId), eq(mktProductCards.adviserId, adviserId)));
  if (!row) return null;
  const signalled = await db
    .select({ customer: mktCustomers, title: mktSignals.title, cardId: mktSignals.cardId })
    .from(mktSignals)
    .innerJoin(mktCustomers, eq(mktCustomers.id, mktSignals.customerId))
    .where(eq(mktSignals.productCardId, productCardId))
    .orderBy(mktCustomers.id);
  const productId = row.card.productId;
  const positions =
    productId !== null && signalled.length
      ? await db
          .select({ customerId: mktHoldings.customerId, shares: mktHoldings.shares, cost: mktHoldings.cost })
          .from(mktHoldings)
          .where(
            and(
              eq(mktHoldings.productId, productId),
              inArray(
                mktHoldings.customerId,
                signalled.map((h) => h.customer.id),
              ),
            ),
          )
      : [];
  const held = new Map(positions.map((p) => [p.customerId, p]));
  // The customer card's window: the latest NAV of the last 40 days up to today, so both read the same figure.
  const [nav] =
    productId !== null
      ? await db
          .select({ day: mktProductNavs.day, nav: mktProductNavs.nav })
          .from(mktProductNavs)
          .where(
            and(
              eq(mktProductNavs.productId, productId),
              gte(mktProductNavs.day, businessDate(new Date(now.getTime() - 40 * 86_400_000))),
              lte(mktProductNavs.day, businessDate(now)),
            ),
          )
          .orderBy(desc(mktProductNavs.day))
          .limit(1)
      : [];
  const holders = signalled.map((h) => {
    const p = held.get(h.customer.id);
    const amount = p ? Math.round(positionValue(p.shares, Number(p.cost), nav?.nav ?? null) * 100) / 100 : null;
    return {
      customer: maskedCustomer(h.customer, now),
      open_card_id: h.cardId,
      title: maskPersonalNumbers(h.title),
      amount,
      nav_day: p && nav ? nav.day : null,
    };
  });
  // Largest position first: the adviser calls the customers with most at stake before the others.
  holders.sort((a, b) => (b.amount ?? -1) - (a.amount ?? -1) || a.customer.customer_id - b.customer.customer_id);
  const rule = (await tierRules(db, [adviserId])).get(adviserId)!;
  return { product_card: productCardItem(row.card, row.product, rule), holders };
}
