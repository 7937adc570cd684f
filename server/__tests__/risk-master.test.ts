/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { and, eq, gt, isNotNull } from 'drizzle-orm';

import { liveProducts, mktCustomers, mktProducts } from '../db/schema';
import { createUsersRepository } from '../repositories/users';
import { createTestApp, type TestApp } from '../test-support/app';
import { mm } from '../test-support/market-map';
import { privateViewer } from '../test-support/private-viewer';
import { signRequest } from '../test-support/sign';

/**
 * The product master (mkt_products, by code) is the one source of a product's risk level: every product
 * shown anywhere — live rooms, the store, the workbench, share pages, materials — carries the master's level.
 */
let t: TestApp;
let sid: string;
let master: Map<string, string>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each surface has its own shape; the test reads code and risk_level
type Shown = { where: string; code: string | null; risk_level: any; kind?: string };
const shown: Shown[] = [];

beforeAll(async () => {
  t = await createTestApp();
  sid = (await createUsersRepository(t.database.db).createSession(1, t.clock.now())).token;
  master = new Map((await t.database.db.select().from(mktProducts)).map((p) => [p.code, p.riskLevel]));
  reader = await privateViewer(t, 'u14', { level: 'C5', qualified: true });
}, 120_000);
afterAll(() => t.close());

/** Read as a qualified C5 customer: the only reader every private fund is shown to (private-visibility.ts). */
let reader = '';
const signed = async (method: 'GET' | 'POST', url: string, input?: Record<string, unknown>) => {
  const headers = { authorization: `Bearer ${reader}` };
  const req =
    method === 'GET'
      ? { method, url, query: input as Record<string, string>, headers }
      : { method, url, body: input ?? {}, headers };
  return (await t.app.inject(signRequest(req, { scheme: 'basic', now: t.clock.now() }))).json();
};

test('live rooms: every fund names a master code and shows its level (沪深300指数增强C is R4 there too)', async () => {
  const liveIds = [
    ...new Set((await t.database.db.select({ id: liveProducts.liveId }).from(liveProducts)).map((r) => r.id)),
  ];
  expect(liveIds.length).toBeGreaterThan(10);
  for (const id of liveIds) {
    const { data } = await signed('POST', '/live-api/cs-live-app/api/live/interact/getProductLiveInfo', {
      num_index: id,
    });
    for (const p of data.list)
      shown.push({ where: `live ${id}`, code: p.code, risk_level: p.risk_level, kind: p.kind });
  }
  const funds = shown.filter((s) => s.where.startsWith('live') && (s.kind === 'public' || s.kind === 'private'));
  expect(funds.length).toBeGreaterThan(10);
  for (const f of funds) expect([f.where, f.code, f.risk_level]).toEqual([f.where, f.code, master.get(f.code!)]);
  // The old seed showed "R2 中低风险" for every public fund: no two different funds now share one forced label.
  expect(new Set(funds.map((f) => f.risk_level)).size).toBeGreaterThan(1);
  expect(funds.some((f) => f.code === '000961' && f.risk_level === 'R4')).toBe(true);
});

test('the store: list and detail of every fund carry the master level', async () => {
  for (const kind of ['public', 'private']) {
    const { data } = await signed('GET', '/smart-live/smart-service/api/store/product_list', { kind, limit: '50' });
    for (const p of data.list) {
      shown.push({ where: `store list ${p.name}`, code: p.code, risk_level: p.risk_level });
      const detail = await signed('GET', '/smart-live/smart-service/api/store/product_detail', {
        product_id: String(p.id),
      });
      shown.push({
        where: `store detail ${p.name}`,
        code: detail.data.product.code,
        risk_level: detail.data.product.risk_level,
      });
    }
  }
  const store = shown.filter((s) => s.where.startsWith('store'));
  expect(store.length).toBe(20);
  for (const s of store) expect([s.where, s.risk_level]).toEqual([s.where, master.get(s.code!)]);
  expect(store.find((s) => s.where === 'store list 沪深300指数增强C')!.risk_level).toBe('R4');
});

test('the workbench, materials and share pages carry the master level', async () => {
  const monitor = (await mm(t, sid, 'GET', '/product_monitor/list')).body.data.list;
  for (const i of monitor)
    shown.push({ where: `monitor ${i.product.name}`, code: i.product.code, risk_level: i.product.risk_level });
  const sold = (await mm(t, sid, 'GET', '/sold_fund/all')).body.data.list;
  for (const i of sold)
    shown.push({ where: `sold ${i.product.name}`, code: i.product.code, risk_level: i.product.risk_level });
  for (const [code] of master) {
    const [p] = await t.database.db.select().from(mktProducts).where(eq(mktProducts.code, code));
    const d = (await mm(t, sid, 'GET', `/product_monitor/list/${p!.id}`)).body.data;
    shown.push({ where: `rateDetail ${code}`, code: d.product.code, risk_level: d.product.risk_level });
  }
  const files = (await mm(t, sid, 'GET', '/chance/project/files', { limit: 50 })).body.data.list;
  for (const m of files)
    for (const p of m.products) shown.push({ where: `material ${m.title}`, code: p.code, risk_level: p.risk_level });
  // A share page for a suitable customer: the page (and its first disclosure) carry the master level.
  const now = t.clock.now();
  const [customer] = await t.database.db
    .select()
    .from(mktCustomers)
    .where(
      and(
        eq(mktCustomers.adviserId, 1),
        eq(mktCustomers.riskLevel, 'C5'),
        isNotNull(mktCustomers.riskExpiresAt),
        gt(mktCustomers.riskExpiresAt, now),
      ),
    )
    .limit(1);
  const [hs300] = await t.database.db.select().from(mktProducts).where(eq(mktProducts.code, '000961'));
  const made = await mm(t, sid, 'POST', '/share/product', {
    product_id: hs300!.id,
    page: 'rate',
    customer_id: customer!.id,
  });
  const page = (
    await t.app.inject({
      method: 'GET',
      url: '/market_map_url/share/product-page',
      query: { code: made.body.data.code },
    })
  ).json().data;
  shown.push({ where: 'share page', code: page.product.code, risk_level: page.product.risk_level });
  expect(page.disclosures[0]).toContain('R4');
  const bench = shown.filter((s) => !s.where.startsWith('live') && !s.where.startsWith('store'));
  expect(bench.length).toBeGreaterThan(master.size);
  for (const s of bench) expect([s.where, s.risk_level]).toEqual([s.where, master.get(s.code!)]);
});

test('every store and live fund exists in the master (no display can fall back to a copy)', async () => {
  const codes = shown
    .filter((s) => s.code !== null && (s.kind === undefined || s.kind === 'public' || s.kind === 'private'))
    .map((s) => s.code!);
  for (const c of codes) expect([c, master.has(c)]).toEqual([c, true]);
});
