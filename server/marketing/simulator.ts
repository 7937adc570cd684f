import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mktCustomers, mktHoldings, mktJobState, mktProductNavs, mktProducts, mktTransactions, mktTransfers } from '../db/schema';
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

/**
 * The local market (PRODUCT.md: "a market simulator that runs in local mode"). One step is a
 * simulated trading day: every product's NAV moves, a few customers move money in or out or
 * trade, and products near maturity are looked at. The facts go through the real engine.
 * Off in tests (MARKET_SIMULATOR=off); tests call step() by hand.
 */
export function createSimulator(db: Db) {
  const engine = createEngine(db);

  async function step(now: Date, opts: { transfers?: number } = {}): Promise<IngestResult & { step: number }> {
    const [state] = await db.select().from(mktJobState).where(eq(mktJobState.name, SIM_STATE));
    const n = Number(state?.value ?? 0) + 1;
    await db.insert(mktJobState).values({ name: SIM_STATE, value: String(n), updatedAt: now }).onConflictDoUpdate({ target: mktJobState.name, set: { value: String(n), updatedAt: now } });
    const rnd = prng(0x51a0_0000 + n);
    const facts: Fact[] = [];
    // The day's NAVs: each product moves from its last value, kept one per (product, day).
    const day = new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10) + `#${String(n).padStart(6, '0')}`;
    const products = await db.select().from(mktProducts);
    for (const p of products) {
      if (p.kind === 'money_fund') continue;
      const last = await db.select({ nav: mktProductNavs.nav }).from(mktProductNavs).where(eq(mktProductNavs.productId, p.id)).orderBy(desc(mktProductNavs.day)).limit(30);
      const navs = last.map((r) => r.nav).reverse();
      const vol = p.kind === 'equity' || p.kind === 'index' ? 0.02 : p.kind === 'mixed' || p.kind === 'private_fund' ? 0.012 : 0.002;
      const next = Math.max(0.2, Math.round((navs[navs.length - 1] ?? 1) * (1 + (rnd() - 0.5) * 2 * vol) * 10_000) / 10_000);
      await db.insert(mktProductNavs).values({ productId: p.id, day, nav: next }).onConflictDoNothing();
      const holders = (await db.select({ c: mktHoldings.customerId }).from(mktHoldings).where(eq(mktHoldings.productId, p.id))).map((h) => h.c);
      if (holders.length) facts.push({ kind: 'nav', productId: p.id, productName: p.name, day, dayIndex: 10_000 + n, navs: [...navs, next], holders, occurredAt: now });
      if (p.maturityAt && p.maturityAt.getTime() > now.getTime() && p.maturityAt.getTime() - now.getTime() <= 30 * DAY) {
        facts.push({ kind: 'maturity', productId: p.id, productName: p.name, maturityAt: p.maturityAt, holders, occurredAt: now });
      }
    }
    // A few customers move money: picked deterministically from the step number.
    const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(mktCustomers);
    for (let k = 0; k < (opts.transfers ?? 3) && count > 0; k += 1) {
      const [c] = await db.select().from(mktCustomers).orderBy(mktCustomers.id).offset(Math.floor(rnd() * count)).limit(1);
      if (!c) continue;
      const amount = Math.round((20_000 + rnd() * Math.max(100_000, Number(c.aum) * 0.4)) / 100) * 100;
      if (rnd() < 0.7) {
        const [t] = await db.insert(mktTransfers).values({ customerId: c.id, direction: rnd() < 0.7 ? 'in' : 'out', amount, bank: '招商银行', occurredAt: now }).returning();
        facts.push({ kind: 'transfer', id: t!.id, customerId: c.id, direction: t!.direction, amount, occurredAt: now });
      } else {
        const [h] = await db.select({ productId: mktHoldings.productId, name: mktProducts.name }).from(mktHoldings).innerJoin(mktProducts, eq(mktProducts.id, mktHoldings.productId)).where(eq(mktHoldings.customerId, c.id)).limit(1);
        const [t] = await db.insert(mktTransactions).values({ customerId: c.id, productId: h?.productId ?? null, kind: 'subscribe', amount, status: 'confirmed', occurredAt: now }).returning();
        facts.push({ kind: 'transaction', id: t!.id, customerId: c.id, productId: t!.productId, productName: h?.name ?? '', txKind: 'subscribe', amount, occurredAt: now });
      }
    }
    return { ...(await engine.evaluate(facts, now)), step: n };
  }

  return { step };
}
