import { and, asc, eq, inArray, sql } from 'drizzle-orm';

import type { Db } from '../client';
import * as schema from '../schema';

const DAY = 86_400_000;
const MONTHS = 14;

/**
 * Savings plans (定投) for the customers tagged 定投客户: a fixed monthly subscription into their
 * first public, non-money-fund holding for 14 months, so a customer card has a trading history longer
 * than one page, as a real 定投 customer's does. The amounts (1,000-5,000) stay far below every
 * money-flow threshold, so no card is implied that the engine did not make. A qualified-only fund
 * takes no plan (its minimum is a million, and its qualification may be younger than the plan); the
 * holding is dated from the plan's first debit. Deterministic.
 */
export async function seedSavingsPlans(tx: Db, base: Date): Promise<number> {
  const customers = await tx
    .select({ id: schema.mktCustomers.id })
    .from(schema.mktCustomers)
    .where(sql`'定投客户' = any(${schema.mktCustomers.tags})`)
    .orderBy(asc(schema.mktCustomers.id));
  if (!customers.length) return 0;
  const holdings = await tx
    .select({ customerId: schema.mktHoldings.customerId, productId: schema.mktHoldings.productId })
    .from(schema.mktHoldings)
    .innerJoin(schema.mktProducts, eq(schema.mktProducts.id, schema.mktHoldings.productId))
    .where(
      and(
        inArray(
          schema.mktHoldings.customerId,
          customers.map((c) => c.id),
        ),
        sql`${schema.mktProducts.kind} <> 'money_fund'`,
        eq(schema.mktProducts.qualifiedOnly, false),
      ),
    )
    .orderBy(asc(schema.mktHoldings.customerId), asc(schema.mktHoldings.productId));
  const planOf = new Map<number, number>();
  for (const h of holdings) if (!planOf.has(h.customerId)) planOf.set(h.customerId, h.productId);
  const rows: Array<typeof schema.mktTransactions.$inferInsert> = [];
  for (const [customerId, productId] of planOf) {
    const amount = 1000 + (customerId % 5) * 1000;
    for (let m = 1; m <= MONTHS; m += 1) {
      // The 8th-ish of each month at 10:00 Beijing: 30-day steps back from the base.
      // A weekend date goes back to the Friday: a plan debits on trading days.
      let day = Math.floor((base.getTime() - m * 30 * DAY) / DAY) * DAY;
      while ([0, 6].includes(new Date(day).getUTCDay())) day -= DAY;
      const occurredAt = new Date(day + 2 * 3_600_000);
      rows.push({
        customerId,
        productId,
        kind: 'subscribe',
        amount,
        status: m === 1 && customerId % 3 === 0 ? 'pending' : 'confirmed',
        occurredAt,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(schema.mktTransactions).values(rows.slice(i, i + 1000));
  // The tag says a plan runs: a customer with nothing a plan could go into (no public fund held, or no current
  // assessment to buy one) has none, so loses the tag rather than show a 定投 customer without a single debit.
  const planless = customers.map((c) => c.id).filter((id) => !planOf.has(id));
  if (planless.length)
    await tx
      .update(schema.mktCustomers)
      .set({ tags: sql`array_remove(${schema.mktCustomers.tags}, '定投客户')` })
      .where(inArray(schema.mktCustomers.id, planless));
  for (const [customerId, productId] of planOf) {
    const first = rows.reduce((a, r) => (r.customerId === customerId && r.occurredAt < a ? r.occurredAt : a), base);
    await tx
      .update(schema.mktHoldings)
      .set({ since: sql`least(${schema.mktHoldings.since}, ${first.toISOString()}::timestamptz)` })
      .where(and(eq(schema.mktHoldings.customerId, customerId), eq(schema.mktHoldings.productId, productId)));
  }
  return rows.length;
}

/**
 * The marketing seed records a holding's shares equal to its cost (as if bought at NAV 1). Units are
 * what was bought at that day's NAV: cost / NAV on the purchase day (the first NAV when the holding is
 * older than the series), so shares × today's NAV is the holding's real value and the book's value
 * stays near the customers' AUM. Money funds (NAV 1) are unchanged.
 */
export async function seedHoldingUnits(tx: Db): Promise<void> {
  await tx.execute(sql`
    update mkt_holdings h set shares = round((h.cost / n.nav)::numeric, 2)::float8
    from mkt_product_navs n
    where n.product_id = h.product_id and n.nav > 0 and n.day = coalesce(
      (select max(n2.day) from mkt_product_navs n2 where n2.product_id = h.product_id and n2.day <= to_char((h.since at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')),
      (select min(n3.day) from mkt_product_navs n3 where n3.product_id = h.product_id))`);
}
