import { and, eq, inArray, sql } from 'drizzle-orm';

import type { Database } from '../db/client';
import { lives, mktBehaviours, mktCustomers, mktHoldings, mktProducts, users } from '../db/schema';
import { createUsersRepository } from '../repositories/users';
import { createTestApp, type TestApp } from './app';
import { mm } from './market-map';

/**
 * The workbench's product endpoints, one suite for both drivers: each endpoint's
 * adviser isolation, sessions, paging and the public share page. `open` gives the database (default:
 * the seeded PGlite template).
 */
export function productsContract(open?: () => Promise<Database>): void {
  const DAY = 86_400_000;
  let t: TestApp;
  let sid1: string;
  let sid2: string;
  let customerSid: string;
  /** Customer ids of each adviser's book: a response for adviser 1 must name none of adviser 2's. */
  const book = new Map<number, Set<number>>();
  let phones2: string[];
  /** A product that customers of both advisers hold, not a money fund. */
  let shared: number;

  beforeAll(async () => {
    t = await createTestApp(open ? { open } : {});
    const repo = createUsersRepository(t.database.db);
    sid1 = (await repo.createSession(1, t.clock.now())).token;
    sid2 = (await repo.createSession(2, t.clock.now())).token;
    customerSid = (await repo.createSession(4, t.clock.now())).token;
    const customers = await t.database.db
      .select({ id: mktCustomers.id, adviserId: mktCustomers.adviserId, phone: mktCustomers.phone })
      .from(mktCustomers);
    for (const c of customers) book.set(c.adviserId, (book.get(c.adviserId) ?? new Set()).add(c.id));
    phones2 = customers.filter((c) => c.adviserId === 2).map((c) => c.phone);
    const [row] = await t.database.db
      .select({ id: mktProducts.id })
      .from(mktHoldings)
      .innerJoin(mktProducts, eq(mktProducts.id, mktHoldings.productId))
      .innerJoin(mktCustomers, eq(mktCustomers.id, mktHoldings.customerId))
      .where(and(inArray(mktProducts.kind, ['equity', 'mixed', 'index']), eq(mktProducts.qualifiedOnly, false)))
      .groupBy(mktProducts.id)
      .having(sql`count(distinct ${mktCustomers.adviserId}) filter (where ${mktCustomers.adviserId} in (1, 2)) = 2`)
      .limit(1);
    shared = row!.id;
  }, 120_000);
  afterAll(() => t.close());

  /** Every customer id anywhere in a JSON answer (customer_id fields). */
  function customerIds(body: unknown): number[] {
    return [...JSON.stringify(body).matchAll(/"customer_id":(\d+)/g)].map((m) => Number(m[1]));
  }

  const reads = (): Array<[string, Record<string, unknown>?]> => [
    ['/sold_fund/all'],
    ['/sold_fund/all/' + shared],
    ['/product_monitor/list'],
    ['/product_monitor/list/' + shared],
    ['/monetary-fund/index', { limit: 50 }],
    ['/chance/effect-list-projects', { limit: 50 }],
  ];

  test("each endpoint answers its adviser only: no other adviser's customer or phone appears", async () => {
    for (const [sid, me, other] of [
      [sid1, 1, 2],
      [sid2, 2, 1],
    ] as const) {
      for (const [path, query] of reads()) {
        const r = await mm(t, sid, 'GET', path, query);
        expect([path, r.status, r.body.error.code]).toEqual([path, 200, 0]);
        const ids = customerIds(r.body.data);
        expect(ids.every((id) => book.get(me)!.has(id))).toBe(true);
        expect(ids.some((id) => book.get(other)!.has(id))).toBe(false);
        if (me === 1) for (const phone of phones2.slice(0, 50)) expect(r.raw.body).not.toContain(phone);
      }
    }
    // The shared product has holders in both books: each adviser sees theirs, never the same people.
    const [a, b] = await Promise.all([
      mm(t, sid1, 'GET', `/product_monitor/list/${shared}`),
      mm(t, sid2, 'GET', `/product_monitor/list/${shared}`),
    ]);
    expect(a.body.data.holders_total).toBeGreaterThan(0);
    expect(b.body.data.holders_total).toBeGreaterThan(0);
    const mine = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mktHoldings)
      .innerJoin(mktCustomers, eq(mktCustomers.id, mktHoldings.customerId))
      .where(and(eq(mktHoldings.productId, shared), eq(mktCustomers.adviserId, 1)));
    expect(a.body.data.holders_total).toBe(Number(mine[0]!.n));
  });

  test("no sid or an expired one is 401; a customer's sid is 403", async () => {
    for (const [path, query] of [
      ...reads(),
      ['/share/product', { product_id: shared, page: 'rate', customer_id: 1 }] as [string, Record<string, unknown>],
    ]) {
      const method = path === '/share/product' ? 'POST' : 'GET';
      expect([path, (await mm(t, '', method, path, query)).status]).toEqual([path, 401]);
      expect([path, (await mm(t, customerSid, method, path, query)).status]).toEqual([path, 403]);
    }
    const late = (
      await createUsersRepository(t.database.db).createSession(1, new Date(t.clock.now().getTime() - 30 * DAY))
    ).token;
    expect((await mm(t, late, 'GET', '/product_monitor/list')).status).toBe(401);
  });

  test('sold_fund: a kind filters, a product id gives its holders; unknown ids and kind mismatches are 404', async () => {
    const bonds = await mm(t, sid1, 'GET', '/sold_fund/bond');
    expect(bonds.body.data.list.length).toBeGreaterThan(0);
    expect(bonds.body.data.list.every((i: { product: { kind: string } }) => i.product.kind === 'bond')).toBe(true);
    const one = await mm(t, sid1, 'GET', `/sold_fund/all/${shared}`);
    expect(one.body.data.list).toHaveLength(1);
    expect(one.body.data.holders.length).toBe(one.body.data.list[0].holders);
    expect((await mm(t, sid1, 'GET', '/sold_fund/all/99999')).status).toBe(404);
    expect((await mm(t, sid1, 'GET', `/sold_fund/money_fund/${shared}`)).status).toBe(404);
    expect((await mm(t, sid1, 'GET', '/sold_fund/nonsense')).status).toBe(400);
  });

  test('product_monitor: moves and alerts for held products; a detail has a year of series, a benchmark and a drawdown', async () => {
    const list = await mm(t, sid1, 'GET', '/product_monitor/list');
    const items = list.body.data.list as Array<{
      alert: string | null;
      change_5d: number | null;
      product: { kind: string };
    }>;
    expect(items.length).toBeGreaterThan(3);
    // Alerts come first.
    const firstPlain = items.findIndex((i) => i.alert === null);
    expect(items.slice(firstPlain).every((i) => i.alert === null)).toBe(true);
    const d = (await mm(t, sid1, 'GET', `/product_monitor/list/${shared}`)).body.data;
    expect(d.series_kind).toBe('nav');
    expect(d.series.length).toBeGreaterThan(200);
    expect(d.benchmark.series.map((p: [string, number]) => p[0])).toEqual(d.series.map((p: [string, number]) => p[0]));
    expect(d.max_drawdown.pct).toBeGreaterThan(0);
    expect(d.max_drawdown.peak_day < d.max_drawdown.trough_day).toBe(true);
    // Deterministic: the same database gives the same benchmark.
    expect((await mm(t, sid2, 'GET', `/product_monitor/list/${shared}`)).body.data.benchmark).toEqual(d.benchmark);
    const money = (await mm(t, sid1, 'GET', '/product_monitor/list/1')).body.data;
    expect(money.series_kind).toBe('yield');
    expect(money.benchmark.series[0][1]).toBe(1.35);
    expect((await mm(t, sid1, 'GET', '/product_monitor/list/99999')).status).toBe(404);
  });

  test('monetary-fund: idle balances largest first; walking the cursor gives each customer once', async () => {
    const seen: number[] = [];
    const idles: number[] = [];
    let cursor: string | undefined;
    let total = 0;
    do {
      const page = (await mm(t, sid1, 'GET', '/monetary-fund/index', { limit: 7, ...(cursor ? { cursor } : {}) })).body
        .data;
      total = page.total;
      for (const row of page.list) {
        seen.push(row.customer.customer_id);
        idles.push(row.idle);
        expect(row.funds.length).toBeGreaterThan(0);
      }
      expect(page.yields.length).toBe(2);
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(total).toBeGreaterThan(7);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(idles).toEqual([...idles].sort((a, b) => b - a));
  });

  test("effect-list-projects: live lives first, with viewers, subscribers and questions from my customers' behaviours", async () => {
    const page = (await mm(t, sid1, 'GET', '/chance/effect-list-projects', { limit: 50 })).body.data;
    expect(page.list.length).toBeGreaterThan(0);
    const statuses = page.list.map((p: { status: number }) => p.status);
    expect(statuses.indexOf(1)).toBe(0);
    // The first live's viewers, recounted from the database (behaviours only: no presence in the template).
    const p = page.list.find((x: { viewers: number }) => x.viewers > 0);
    expect(p).toBeDefined();
    const watchers = await t.database.db
      .selectDistinct({ id: mktBehaviours.customerId })
      .from(mktBehaviours)
      .innerJoin(mktCustomers, eq(mktCustomers.id, mktBehaviours.customerId))
      .where(
        and(
          eq(mktCustomers.adviserId, 1),
          eq(mktBehaviours.kind, 'live_watch'),
          eq(mktBehaviours.sourceId, `live:${p.live_id}`),
        ),
      );
    expect(p.viewers).toBe(watchers.length);
    const [live] = await t.database.db.select().from(lives).where(eq(lives.id, p.live_id));
    expect(live!.endTime.getTime()).toBeGreaterThan(t.clock.now().getTime() - 30 * DAY);
  });

  test('effect-list-projects: a coming live shows who booked it, never viewers or minutes; meetings are listed too', async () => {
    type P = {
      kind: string;
      status: number;
      start_time: number;
      end_time: number;
      viewers: number;
      questions: number;
      subscribers: number;
      top: Array<{ what: string }>;
    };
    const all: P[] = [];
    let cursor: string | undefined;
    do {
      const page = (
        await mm(t, sid1, 'GET', '/chance/effect-list-projects', { limit: 50, ...(cursor ? { cursor } : {}) })
      ).body.data;
      all.push(...page.list);
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    const coming = all.filter((p) => p.status === 2);
    expect(coming.length).toBeGreaterThan(0);
    for (const p of coming) {
      expect([p.viewers, p.questions]).toEqual([0, 0]);
      expect(p.top.every((x) => x.what === '已预约')).toBe(true);
    }
    expect(coming.some((p) => p.subscribers > 0)).toBe(true);
    // Nobody watched longer than the live ran.
    for (const p of all.filter((x) => x.status !== 2))
      for (const x of p.top) {
        const m = /观看 (\d+) 分钟/.exec(x.what);
        if (m) expect(Number(m[1])).toBeLessThanOrEqual(Math.ceil((p.end_time - p.start_time) / 60));
      }
    expect(all.some((p) => p.kind === 'meeting')).toBe(true);
  });

  test('share: an adviser-signed code opens the public page without any session; forged and expired codes say so', async () => {
    const now = t.clock.now();
    const [suitable] = await t.database.db
      .select()
      .from(mktCustomers)
      .where(
        and(
          eq(mktCustomers.adviserId, 1),
          sql`${mktCustomers.riskLevel} = 'C5'`,
          sql`${mktCustomers.riskExpiresAt} > ${now.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(mktCustomers.id)
      .limit(1);
    const made = await mm(t, sid1, 'POST', '/share/product', {
      product_id: shared,
      page: 'rate',
      customer_id: suitable!.id,
    });
    expect(made.status).toBe(200);
    const code = made.body.data.code as string;
    const open = (c: string) =>
      t.app.inject({ method: 'GET', url: '/market_map_url/share/product-page', query: { code: c } });
    const page = await open(code);
    expect(page.statusCode).toBe(200);
    const data = page.json().data;
    const [adviser] = await t.database.db.select().from(users).where(eq(users.id, 1));
    expect(data.adviser).toMatchObject({ name: adviser!.realName, certificate_no: adviser!.certificateNo });
    expect(data.adviser.certificate_no).toMatch(/^F\d{10,}/);
    expect(data.disclosures).toEqual(expect.arrayContaining(['基金有风险，投资需谨慎', '过往业绩不代表未来表现']));
    expect(data.disclosures[0]).toContain(data.product.risk_level);
    expect(page.body).not.toMatch(/"customer_id"/);
    // A code for adviser 2's name made by changing the payload fails the mac.
    const [payload, mac] = code.split('.');
    const forged = Buffer.from(Buffer.from(payload!, 'base64url').toString().replace(/^1~/, '2~')).toString(
      'base64url',
    );
    const bad = await open(`${forged}.${mac}`);
    expect([bad.statusCode, bad.json().error.message]).toEqual([404, '分享链接无效，请向您的理财师重新索取']);
    t.clock.advance(8 * DAY);
    const late = await open(code);
    expect([late.statusCode, late.json().error.message]).toEqual([410, '分享链接已过期，请向您的理财师重新索取']);
    t.clock.advance(-8 * DAY);
    const [priv] = await t.database.db
      .select({ id: mktProducts.id })
      .from(mktProducts)
      .where(eq(mktProducts.qualifiedOnly, true))
      .limit(1);
    expect(
      (await mm(t, sid1, 'POST', '/share/product', { product_id: priv!.id, page: 'rate', customer_id: suitable!.id }))
        .status,
    ).toBe(400);
    expect(
      (await mm(t, sid1, 'POST', '/share/product', { product_id: 99999, page: 'public', customer_id: suitable!.id }))
        .status,
    ).toBe(404);
  });
}
