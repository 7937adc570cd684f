/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { and, eq, gte, sql } from 'drizzle-orm';

import { mktBehaviours, mktCustomers, mktHoldings, mktProducts, mktTransactions, mktTransfers } from '../db/schema';
import { createUsersRepository } from '../repositories/users';
import { checkSuitability } from '../suitability/suitability';
import { createTestApp, type TestApp } from '../test-support/app';
import { mm } from '../test-support/market-map';

let t: TestApp;
let sid1: string;
let expiredSid: string;
let customerSid: string;
let mine: typeof mktCustomers.$inferSelect;
let foreign: number;
let heldProduct: number;
beforeAll(async () => {
  t = await createTestApp();
  const users = createUsersRepository(t.database.db);
  sid1 = (await users.createSession(1, t.clock.now())).token;
  expiredSid = (await users.createSession(1, new Date(t.clock.now().getTime() - 2 * 86_400_000), 1000)).token;
  customerSid = (await users.createSession(4, t.clock.now())).token;
  const db = t.database.db;
  // A customer of adviser 1 with several transactions (page 2 exists at limit 1) and holdings.
  const [busy] = await db
    .select({ id: mktTransactions.customerId })
    .from(mktTransactions)
    .innerJoin(mktCustomers, eq(mktCustomers.id, mktTransactions.customerId))
    .where(eq(mktCustomers.adviserId, 1))
    .groupBy(mktTransactions.customerId)
    .having(sql`count(*) >= 3`)
    .limit(1);
  const [row] = await db.select().from(mktCustomers).where(eq(mktCustomers.id, busy!.id));
  mine = row!;
  const [other] = await db.select().from(mktCustomers).where(eq(mktCustomers.adviserId, 2)).limit(1);
  foreign = other!.id;
  const [h] = await db.select().from(mktHoldings).where(eq(mktHoldings.customerId, mine!.id)).limit(1);
  heldProduct = h!.productId;
}, 120_000);
afterAll(() => t.close());

const endpoints = (customerId: number): Array<[string, Record<string, unknown>]> => [
  ['/card-detail/aum', { customer_id: customerId }],
  ['/card-detail/user-fund-trend', { customer_id: customerId, period: '3M' }],
  ['/card-detail/get-multi-product', { customer_id: customerId }],
  ['/card-detail/get-product', { customer_id: customerId, product_id: heldProduct }],
  ['/card-detail/transaction-info', { customer_id: customerId, limit: 2 }],
  ['/card-detail/multi-transaction-info', { customer_id: customerId }],
  ['/card-detail/get-transfer', { customer_id: customerId, days: 365 }],
  ['/card-detail/get-behavior', { customer_id: customerId, days: 365 }],
  ['/card-detail/bonus-info', { customer_id: customerId }],
];

test('every card-detail read answers for my customer, masked, never with the full phone', async () => {
  for (const [path, query] of endpoints(mine.id)) {
    const r = await mm(t, sid1, 'GET', path, query);
    expect([path, r.status, r.body.error.code]).toEqual([path, 200, 0]);
    expect(r.raw.body).not.toContain(mine.phone);
    expect(r.raw.body).not.toContain(mine.name.length > 1 ? mine.name : '\u0000');
  }
  const aum = (await mm(t, sid1, 'GET', '/card-detail/aum', { customer_id: mine.id })).body.data;
  expect(aum.customer.phone_masked).toMatch(/^\d{3}\*{4}\d{4}$/);
  expect(aum.customer.display_name).toMatch(/\*/);
});

test("each endpoint isolates advisers: another adviser's customer 404, no or expired sid 401, a customer's sid 403", async () => {
  for (const [path, query] of endpoints(foreign)) {
    expect([path, 'foreign', (await mm(t, sid1, 'GET', path, query)).status]).toEqual([path, 'foreign', 404]);
    expect([path, 'missing', (await mm(t, sid1, 'GET', path, { ...query, customer_id: 2147483647 })).status]).toEqual([
      path,
      'missing',
      404,
    ]);
  }
  for (const [path, query] of endpoints(mine.id)) {
    expect([path, 'no sid', (await mm(t, '', 'GET', path, query)).status]).toEqual([path, 'no sid', 401]);
    expect([path, 'unknown', (await mm(t, 'no-such-sid', 'GET', path, query)).status]).toEqual([path, 'unknown', 401]);
    expect([path, 'expired', (await mm(t, expiredSid, 'GET', path, query)).status]).toEqual([path, 'expired', 401]);
    expect([path, 'customer', (await mm(t, customerSid, 'GET', path, query)).status]).toEqual([path, 'customer', 403]);
  }
});

test('holdings and AUM agree with the database: value = shares × latest NAV, suitability from the rules', async () => {
  const now = t.clock.now();
  const multi = (await mm(t, sid1, 'GET', '/card-detail/get-multi-product', { customer_id: mine.id })).body.data;
  const rows = await t.database.db
    .select()
    .from(mktHoldings)
    .innerJoin(mktProducts, eq(mktProducts.id, mktHoldings.productId))
    .where(eq(mktHoldings.customerId, mine.id));
  expect(multi.list).toHaveLength(rows.length);
  for (const { mkt_holdings: h, mkt_products: p } of rows) {
    const item = multi.list.find((i: { product: { product_id: number } }) => i.product.product_id === p.id);
    expect(item.market_value).toBeCloseTo(h.shares * item.nav, 1);
    const verdict = checkSuitability(
      { riskLevel: mine.riskLevel, riskExpiresAt: mine.riskExpiresAt, qualified: mine.qualified },
      { riskLevel: p.riskLevel, qualifiedOnly: p.qualifiedOnly },
      now,
    );
    expect(item.suitability.ok).toBe(verdict.suitable);
  }
  const aum = (await mm(t, sid1, 'GET', '/card-detail/aum', { customer_id: mine.id })).body.data;
  expect(aum.holdings_value).toBeCloseTo(multi.total_value, 1);
  expect(aum.aum).toBe(Number(mine.aum));
  expect(aum.by_kind.reduce((s: number, k: { share: number }) => s + k.share, 0)).toBeCloseTo(1, 1);
  const trend = (await mm(t, sid1, 'GET', '/card-detail/user-fund-trend', { customer_id: mine.id, period: '1M' })).body
    .data;
  expect(trend.points.length).toBeGreaterThan(10);
  expect(trend.points.map((p: { day: string }) => p.day)).toEqual(
    [...trend.points.map((p: { day: string }) => p.day)].sort(),
  );
  // The newest day of the trend is today's holdings at the latest NAV.
  expect(trend.points[trend.points.length - 1].value).toBeCloseTo(multi.total_value, 0);
  const one = (await mm(t, sid1, 'GET', '/card-detail/get-product', { customer_id: mine.id, product_id: heldProduct }))
    .body.data;
  expect(one.holding.product.product_id).toBe(heldProduct);
  expect(
    (await mm(t, sid1, 'GET', '/card-detail/get-product', { customer_id: mine.id, product_id: 999_999 })).status,
  ).toBe(404);
});

test('transactions page by cursor, newest first, each once; per-product totals match', async () => {
  const db = t.database.db;
  const all = await db.select().from(mktTransactions).where(eq(mktTransactions.customerId, mine.id));
  const expected = all.sort((a, b) => b.occurredAt.getTime() - a.occurredAt.getTime() || b.id - a.id).map((r) => r.id);
  const seen: number[] = [];
  let cursor: string | undefined;
  do {
    const page = (
      await mm(t, sid1, 'GET', '/card-detail/transaction-info', {
        customer_id: mine.id,
        limit: 1,
        ...(cursor ? { cursor } : {}),
      })
    ).body.data;
    expect(page.total).toBe(expected.length);
    seen.push(...page.list.map((x: { transaction_id: number }) => x.transaction_id));
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  expect(seen).toEqual(expected);
  const multi = (await mm(t, sid1, 'GET', '/card-detail/multi-transaction-info', { customer_id: mine.id, days: 365 }))
    .body.data;
  const since = t.clock.now().getTime() - 365 * 86_400_000;
  for (const s of multi.list) {
    const subs = all
      .filter((r) => r.productId === s.product.product_id && r.kind === 'subscribe' && r.occurredAt.getTime() >= since)
      .reduce((n, r) => n + Number(r.amount), 0);
    expect(s.subscribed).toBeCloseTo(subs, 1);
  }
  const only = (
    await mm(t, sid1, 'GET', '/card-detail/multi-transaction-info', {
      customer_id: mine.id,
      product_ids: String(heldProduct),
    })
  ).body.data;
  expect(only.list.every((s: { product: { product_id: number } }) => s.product.product_id === heldProduct)).toBe(true);
});

test('transfers and behaviour summary add up the window; the timeline carries reading depth', async () => {
  const db = t.database.db;
  const since = new Date(t.clock.now().getTime() - 365 * 86_400_000);
  const [sums] = await db
    .select({
      n: sql<number>`count(*)::int`,
      inSum: sql<number>`coalesce(sum(${mktTransfers.amount}) filter (where ${mktTransfers.direction} = 'in'), 0)::float8`,
    })
    .from(mktTransfers)
    .where(and(eq(mktTransfers.customerId, mine.id), gte(mktTransfers.occurredAt, since)));
  const tr = (await mm(t, sid1, 'GET', '/card-detail/get-transfer', { customer_id: mine.id, days: 365 })).body.data;
  expect([tr.total, tr.total_in]).toEqual([Number(sums!.n), Math.round(Number(sums!.inSum) * 100) / 100]);
  const [reads] = await db
    .select({ n: sql<number>`count(*)::int`, s: sql<number>`coalesce(sum(${mktBehaviours.seconds}), 0)::int` })
    .from(mktBehaviours)
    .where(
      and(
        eq(mktBehaviours.customerId, mine.id),
        eq(mktBehaviours.kind, 'material_open'),
        gte(mktBehaviours.occurredAt, since),
      ),
    );
  const b = (await mm(t, sid1, 'GET', '/card-detail/get-behavior', { customer_id: mine.id, days: 365 })).body.data;
  expect([b.materials_read, b.read_seconds]).toEqual([Number(reads!.n), Number(reads!.s)]);
  // Any adviser-1 customer with a read: the timeline row carries seconds and depth.
  const [read] = await db
    .select({ customerId: mktBehaviours.customerId, depth: mktBehaviours.scrollDepth })
    .from(mktBehaviours)
    .innerJoin(mktCustomers, eq(mktCustomers.id, mktBehaviours.customerId))
    .where(and(eq(mktCustomers.adviserId, 1), eq(mktBehaviours.kind, 'material_open')))
    .limit(1);
  const timeline = (await mm(t, sid1, 'GET', '/clue/behaviors', { customer_id: read!.customerId, limit: 50 })).body
    .data;
  const row = timeline.list.find((x: { kind: string }) => x.kind === 'material_open');
  expect(row.seconds).toBeGreaterThan(0);
  expect(typeof row.scroll_depth).toBe('number');
});

test('bad input is a 400 with a message', async () => {
  const bad: Array<[string, Record<string, unknown>]> = [
    ['/card-detail/aum', { customer_id: 0 }],
    ['/card-detail/aum', {}],
    ['/card-detail/user-fund-trend', { customer_id: mine.id, period: '5Y' }],
    ['/card-detail/get-product', { customer_id: mine.id }],
    ['/card-detail/transaction-info', { customer_id: mine.id, limit: 51 }],
    ['/card-detail/transaction-info', { customer_id: mine.id, cursor: 'bm90LWEtY3Vyc29y' }],
    ['/card-detail/transaction-info', { customer_id: mine.id, kind: 'gift' }],
    ['/card-detail/multi-transaction-info', { customer_id: mine.id, product_ids: '1,a' }],
    ['/card-detail/multi-transaction-info', { customer_id: mine.id, product_ids: '1,8533896352' }],
    ['/card-detail/multi-transaction-info', { customer_id: mine.id, product_ids: '0' }],
    ['/card-detail/get-transfer', { customer_id: mine.id, days: 0 }],
    ['/card-detail/get-behavior', { customer_id: mine.id, days: 366 }],
    ['/card-detail/bonus-info', { customer_id: mine.id, extra: 1 }],
  ];
  for (const [path, query] of bad) {
    const r = await mm(t, sid1, 'GET', path, query);
    expect([path, JSON.stringify(query), r.status]).toEqual([path, JSON.stringify(query), 400]);
    expect(r.body.error.message.length).toBeGreaterThan(0);
  }
});
