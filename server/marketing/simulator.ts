import { and, desc, eq, lt, sql } from 'drizzle-orm';

import { businessDate } from '../../src/api/contract/dates';
import type { Db } from '../db/client';
import {
  mktCustomers,
  mktHoldings,
  mktJobState,
  mktProductNavs,
  mktProducts,
  mktTransactions,
  mktTransfers,
} from '../db/schema';
import { createEngine, type IngestResult } from './engine';
import type { Fact } from './rules';

const DAY = 86_400_000;
/** Its row in mkt_job_state: the step number, and when the last step ran (servers take turns by it). */
export const SIMULATOR_STATE = 'simulator:step';
const SIM_STATE = SIMULATOR_STATE;
/** How often the local server runs one simulated step (a step is one trading day of the market). */
export const SIMULATOR_INTERVAL_MS = 60_000;

/** mulberry32 from a step number: a given step always moves the market the same way. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const isTradingDay = (day: string) => {
  const wd = new Date(`${day}T00:00:00Z`).getUTCDay();
  return wd !== 0 && wd !== 6;
};

/**
 * Weekdays since Monday 1969-12-29: one number per trading day, the same whichever step or server computes it,
 * so the rules' "one alert per product, customer and N-day window" (rules.ts) holds across steps of one day.
 */
export function tradingDayNumber(day: string): number {
  const days = Math.round(Date.parse(`${day}T00:00:00Z`) / DAY) + 3;
  return Math.floor(days / 7) * 5 + Math.min(days % 7, 5);
}

/**
 * The products' day: on a trading day each product's NAV for the business date moves from the last close (a NAV fact
 * for its holders), and products within 30 days of maturity make a maturity fact.
 */
async function priceProducts(db: Db, now: Date, day: string, trading: boolean, rnd: () => number, facts: Fact[]) {
  const products = await db.select().from(mktProducts);
  for (const p of products) {
    if (p.kind === 'money_fund') continue;
    const holders = (
      await db.select({ c: mktHoldings.customerId }).from(mktHoldings).where(eq(mktHoldings.productId, p.id))
    ).map((h) => h.c);
    if (trading) {
      // The closes before today: today's own row (an earlier step's price) is replaced, never a second point.
      const closes = await db
        .select({ nav: mktProductNavs.nav })
        .from(mktProductNavs)
        .where(and(eq(mktProductNavs.productId, p.id), lt(mktProductNavs.day, day)))
        .orderBy(desc(mktProductNavs.day))
        .limit(30);
      const navs = closes.map((r) => r.nav).reverse();
      const vol =
        p.kind === 'equity' || p.kind === 'index'
          ? 0.02
          : p.kind === 'mixed' || p.kind === 'private_fund'
            ? 0.012
            : 0.002;
      const next = Math.max(
        0.2,
        Math.round((navs[navs.length - 1] ?? 1) * (1 + (rnd() - 0.5) * 2 * vol) * 10_000) / 10_000,
      );
      await db
        .insert(mktProductNavs)
        .values({ productId: p.id, day, nav: next })
        .onConflictDoUpdate({ target: [mktProductNavs.productId, mktProductNavs.day], set: { nav: next } });
      if (holders.length)
        facts.push({
          kind: 'nav',
          productId: p.id,
          productName: p.name,
          day,
          dayIndex: tradingDayNumber(day),
          navs: [...navs, next],
          holders,
          occurredAt: now,
        });
    }
    if (p.maturityAt && p.maturityAt.getTime() > now.getTime() && p.maturityAt.getTime() - now.getTime() <= 30 * DAY) {
      facts.push({
        kind: 'maturity',
        productId: p.id,
        productName: p.name,
        maturityAt: p.maturityAt,
        holders,
        occurredAt: now,
      });
    }
  }
}

/** A few customers move money: transfers, or on a trading day a top-up of a product they hold. */
async function moveMoney(
  db: Db,
  now: Date,
  day: string,
  trading: boolean,
  rnd: () => number,
  transfers: number,
  facts: Fact[],
) {
  // A few customers move money: picked deterministically from the step number.
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(mktCustomers);
  for (let k = 0; k < transfers && count > 0; k += 1) {
    const [c] = await db
      .select()
      .from(mktCustomers)
      .orderBy(mktCustomers.id)
      .offset(Math.floor(rnd() * count))
      .limit(1);
    if (!c) continue;
    const amount = Math.round((20_000 + rnd() * Math.max(100_000, Number(c.aum) * 0.4)) / 100) * 100;
    const transfer = rnd() < 0.7;
    // A subscription is a top-up of a product the customer holds, confirmed on a trading day at that day's NAV.
    const [h] =
      transfer || !trading
        ? []
        : await db
            .select({ productId: mktHoldings.productId, name: mktProducts.name, nav: mktProductNavs.nav })
            .from(mktHoldings)
            .innerJoin(mktProducts, eq(mktProducts.id, mktHoldings.productId))
            .innerJoin(
              mktProductNavs,
              and(eq(mktProductNavs.productId, mktHoldings.productId), eq(mktProductNavs.day, day)),
            )
            .where(eq(mktHoldings.customerId, c.id))
            .orderBy(mktHoldings.productId)
            .limit(1);
    if (!h) {
      const [t] = await db
        .insert(mktTransfers)
        .values({
          customerId: c.id,
          direction: rnd() < 0.7 ? 'in' : 'out',
          amount,
          bank: '招商银行',
          occurredAt: now,
        })
        .returning();
      facts.push({ kind: 'transfer', id: t!.id, customerId: c.id, direction: t!.direction, amount, occurredAt: now });
      continue;
    }
    const t = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(mktTransactions)
        .values({
          customerId: c.id,
          productId: h.productId,
          kind: 'subscribe',
          amount,
          status: 'confirmed',
          occurredAt: now,
        })
        .returning();
      await tx
        .update(mktHoldings)
        .set({ shares: sql`${mktHoldings.shares} + ${amount / h.nav}`, cost: sql`${mktHoldings.cost} + ${amount}` })
        .where(and(eq(mktHoldings.customerId, c.id), eq(mktHoldings.productId, h.productId)));
      return row!;
    });
    facts.push({
      kind: 'transaction',
      id: t.id,
      customerId: c.id,
      productId: h.productId,
      productName: h.name,
      txKind: 'subscribe',
      amount,
      occurredAt: now,
    });
  }
}

/**
 * The local market (docs/workbench.md#the-card-engine: "a market simulator that runs in local mode"). A step prices the day (business date,
 * UTC+8): on a trading day every product's NAV for that date moves from the last close, and a later step the same day
 * re-prices the same row (one row per product and day, as the readers and the seed expect). Every step a few customers
 * move money; on trading days some subscribe more of a product they hold; products near maturity are looked at. The facts
 * go through the real engine. Off in tests (MARKET_SIMULATOR=off); tests call step() by hand.
 */
export function createSimulator(db: Db) {
  const engine = createEngine(db);

  async function step(
    now: Date,
    opts: { transfers?: number } = {},
  ): Promise<IngestResult & { step: number; facts: Fact[] }> {
    const [state] = await db.select().from(mktJobState).where(eq(mktJobState.name, SIM_STATE));
    const n = Number(state?.value ?? 0) + 1;
    const rnd = prng(0x51a0_0000 + n);
    const facts: Fact[] = [];
    const day = businessDate(now);
    const trading = isTradingDay(day);
    await priceProducts(db, now, day, trading, rnd, facts);
    await moveMoney(db, now, day, trading, rnd, opts.transfers ?? 3, facts);
    const result = await engine.evaluate(facts, now);
    // Counted once the step is done: the next step is due a period after this one (jobs.ts), and a watcher
    // that sees the count move sees the whole day written.
    await db
      .insert(mktJobState)
      .values({ name: SIM_STATE, value: String(n), updatedAt: now })
      .onConflictDoUpdate({ target: mktJobState.name, set: { value: String(n), updatedAt: now } });
    return { ...result, step: n, facts };
  }

  return { step };
}
