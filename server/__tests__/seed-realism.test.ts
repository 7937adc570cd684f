/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { eq, isNull } from 'drizzle-orm';

import { PRODUCT_RISK_LEVELS } from '../../src/api/contract/market-map-constants';
import type { Database } from '../db/client';
import {
  mktCustomers,
  mktHoldings,
  mktProducts,
  mktTransactions,
  storeArticles,
  storeNavs,
  storeProducts,
} from '../db/schema';
import { generateSeed } from '../db/seed/generate';
import { generateMarketingSeed } from '../db/seed/marketing';
import { inTradingHours, suitableHoldings } from '../db/seed/marketing-facts';
import { checkSuitability, type CustomerRisk, type ProductRisk } from '../suitability/suitability';
import { openTestDatabase, TEST_BASE_TIME } from '../test-support/database';

/** The seed reads as a real firm's data: titles, money funds, hours and holdings a customer would believe. */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Minute of the day and weekday in business time (UTC+8). */
const business = (d: Date) => {
  const local = d.getTime() + 8 * HOUR;
  return { minute: Math.floor((local % DAY) / 60_000), weekday: new Date(local).getUTCDay() };
};

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
}, 180_000);
afterAll(() => db.close());

test('no article title carries a number in brackets', async () => {
  const titles = (await db.db.select({ title: storeArticles.title }).from(storeArticles)).map((r) => r.title);
  expect(titles.length).toBeGreaterThan(100);
  expect(titles.filter((t) => /（\d+）|\(\d+\)/.test(t))).toEqual([]);
});

test('a money fund in the store is at NAV 1.0000 every day, and shows a 7-day yield instead', async () => {
  const money = await db.db
    .select({ nav: storeNavs.nav })
    .from(storeNavs)
    .innerJoin(storeProducts, eq(storeProducts.id, storeNavs.productId))
    .where(eq(storeProducts.category, '货币型'));
  expect(money.length).toBeGreaterThan(100);
  expect(new Set(money.map((r) => r.nav))).toEqual(new Set([1]));
});

test('lives start in the day (09:00-20:50 business time), apart from those on air at the seed time', () => {
  const rows = generateSeed('small', TEST_BASE_TIME);
  const notNow = rows.lives.filter((l) => !(l.startTime <= TEST_BASE_TIME && l.endTime > TEST_BASE_TIME));
  expect(notNow.length).toBeGreaterThan(30);
  const night = notNow.filter((l) => {
    const { minute } = business(l.startTime);
    return minute < 9 * 60 || minute > 20 * 60 + 50;
  });
  expect(night.map((l) => l.startTime.toISOString())).toEqual([]);
  // Ended lives stayed ended, upcoming ones upcoming.
  expect(rows.lives.filter((l) => l.startTime >= l.endTime)).toEqual([]);
});

test('trades are on weekdays between 09:30 and 15:00 business time, never after the seed time', () => {
  const users = generateSeed('small', TEST_BASE_TIME).users;
  const { transactions } = generateMarketingSeed('small', TEST_BASE_TIME, users);
  expect(transactions.length).toBeGreaterThan(50);
  for (const t of transactions) {
    const { minute, weekday } = business(t.occurredAt!);
    expect({ weekday: weekday >= 1 && weekday <= 5, session: minute >= 9 * 60 + 30 && minute <= 15 * 60 }).toEqual({
      weekday: true,
      session: true,
    });
    expect(t.occurredAt!.getTime()).toBeLessThanOrEqual(TEST_BASE_TIME.getTime());
  }
  // 03:24 on a Monday (2026-11-23 in UTC+8) is folded into that Monday's session.
  const night = new Date('2026-11-22T19:24:00Z');
  const folded = business(inTradingHours(night, Date.parse('2026-12-01T00:00:00Z')));
  expect(folded.weekday).toBe(1);
  expect(folded.minute).toBeGreaterThanOrEqual(9 * 60 + 30);
  expect(folded.minute).toBeLessThanOrEqual(15 * 60);
});

/** What suitability reads of a customer and a product. */
const FIT = {
  customer: mktCustomers.id,
  level: mktCustomers.riskLevel,
  qualified: mktCustomers.qualified,
  risk: mktProducts.riskLevel,
  qualifiedOnly: mktProducts.qualifiedOnly,
};

test('a customer holds only what fits their risk level, and a qualified-only fund only when qualified', async () => {
  const rows = await db.db
    .select(FIT)
    .from(mktHoldings)
    .innerJoin(mktCustomers, eq(mktCustomers.id, mktHoldings.customerId))
    .innerJoin(mktProducts, eq(mktProducts.id, mktHoldings.productId));
  expect(rows.length).toBeGreaterThan(50);
  const rank = (r: string) => PRODUCT_RISK_LEVELS.indexOf(r as (typeof PRODUCT_RISK_LEVELS)[number]) + 1;
  const misfits = rows.filter(
    (r) => rank(r.risk) > (r.level ? Number(r.level.slice(1)) : 1) || (r.qualifiedOnly && !r.qualified),
  );
  expect(misfits).toEqual([]);
  // An unassessed customer holds R1 only.
  const unassessed = await db.db
    .select({ risk: mktProducts.riskLevel })
    .from(mktHoldings)
    .innerJoin(mktCustomers, eq(mktCustomers.id, mktHoldings.customerId))
    .innerJoin(mktProducts, eq(mktProducts.id, mktHoldings.productId))
    .where(isNull(mktCustomers.riskLevel));
  expect(new Set(unassessed.map((r) => r.risk))).toEqual(new Set(['R1']));
});

test('a drawn product that does not fit is replaced by one that does, without a new draw', () => {
  // Product 1 is an R1 money fund; the last products are R5 qualified-only private funds.
  expect(suitableHoldings([1], 'C1', false)).toEqual([1]);
  const c1 = suitableHoldings([15, 14, 1], 'C1', false);
  expect(c1.length).toBeGreaterThan(0);
  expect(c1.every((id) => id <= 2)).toBe(true);
});

test('every trade is of a product the customer may buy at that time, held since before it', async () => {
  const trades = await db.db
    .select({
      ...FIT,
      id: mktTransactions.id,
      kind: mktTransactions.kind,
      at: mktTransactions.occurredAt,
      expires: mktCustomers.riskExpiresAt,
      qualifiedAt: mktCustomers.qualifiedAt,
      product: mktProducts.id,
      productKind: mktProducts.kind,
    })
    .from(mktTransactions)
    .innerJoin(mktCustomers, eq(mktCustomers.id, mktTransactions.customerId))
    .innerJoin(mktProducts, eq(mktProducts.id, mktTransactions.productId));
  expect(trades.length).toBeGreaterThan(500);
  const held = new Map(
    (await db.db.select().from(mktHoldings)).map((h) => [`${h.customerId}|${h.productId}`, h.since.getTime()]),
  );
  const misfits = trades.flatMap((t) => {
    // The customer as the firm knew them on the day of the trade: qualified only from the day it was confirmed.
    const customer = {
      riskLevel: t.level as CustomerRisk | null,
      riskExpiresAt: t.expires,
      qualified: t.qualified && t.qualifiedAt !== null && t.qualifiedAt <= t.at,
    };
    const verdict = checkSuitability(
      customer,
      { riskLevel: t.risk as ProductRisk, qualifiedOnly: t.qualifiedOnly },
      t.at,
    );
    const since = held.get(`${t.customer}|${t.product}`);
    const problems = [
      verdict.suitable ? null : verdict.reason,
      since === undefined ? 'NOT_HELD' : null,
      // A subscription may open the holding; a redemption or a dividend needs it open before.
      since !== undefined && (t.kind === 'subscribe' ? since > t.at.getTime() : since >= t.at.getTime())
        ? 'BEFORE_HOLDING'
        : null,
      t.kind === 'dividend' && t.productKind === 'money_fund' ? 'MONEY_FUND_DIVIDEND' : null,
    ].filter((p) => p !== null);
    return problems.length ? [{ id: t.id, customer: t.customer, kind: t.kind, product: t.product, problems }] : [];
  });
  expect(misfits).toEqual([]);
  // Every kind the history shows is still there, and most customers with a year of history have trades.
  expect(new Set(trades.map((t) => t.kind))).toEqual(new Set(['subscribe', 'redeem', 'dividend']));
  expect(new Set(trades.map((t) => t.customer)).size).toBeGreaterThan(500);
});
