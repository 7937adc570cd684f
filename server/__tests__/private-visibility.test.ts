/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { eq, inArray } from 'drizzle-orm';

import { liveProducts, mktProducts, storeProducts } from '../db/schema';
import { createTestApp, type TestApp } from '../test-support/app';
import { privateViewer } from '../test-support/private-viewer';
import { sessionTokenFor } from '../test-support/session';
import { signRequest } from '../test-support/sign';

/**
 * A private fund reaches only a viewer whose qualified-investor declaration is on record and whose assessed,
 * unexpired level covers the fund (docs/compliance.md "Risk labels and private funds"): in every live room
 * (products and banners) and every store list and page. Everyone else is sent nothing of it: not a card, not
 * a name, not a count.
 */
let t: TestApp;
const LA = '/live-api/cs-live-app/api/live/interact';
const S = '/smart-live/smart-service/api/store';
/** Within a session's life, so only the assessment expires. */
const HOUR = 3_600_000;
/** Lives whose rooms offer a private fund (the seed's: 7, 9, 10, 13, 14, 18 among them). */
let privateLives: number[] = [];
let allLives: number[] = [];
/** Every private fund's name and code in the product master, and the store's ids of them. */
let privateWords: string[] = [];
let privateStoreIds: number[] = [];
const HIGHLIGHT = '仅限合格投资者';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const rows = await db.select().from(liveProducts);
  allLives = [...new Set(rows.map((r) => r.liveId))].sort((a, b) => a - b);
  privateLives = [...new Set(rows.filter((r) => r.kind === 'private').map((r) => r.liveId))].sort((a, b) => a - b);
  const masters = await db.select().from(mktProducts).where(eq(mktProducts.qualifiedOnly, true));
  privateWords = masters.flatMap((m) => [m.name, m.code]);
  privateStoreIds = (
    await db
      .select({ id: storeProducts.id })
      .from(storeProducts)
      .where(
        inArray(
          storeProducts.code,
          masters.map((m) => m.code),
        ),
      )
  ).map((r) => r.id);
}, 120_000);
afterAll(() => t.close());

async function call(method: 'GET' | 'POST', url: string, token: string | null, input: Record<string, unknown> = {}) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const req =
    method === 'GET'
      ? { method, url, query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])), headers }
      : { method, url, body: input, headers };
  const res = await t.app.inject(signRequest(req, { scheme: 'basic', now: t.clock.now() }));
  return {
    status: res.statusCode,
    body: res.body,
    json: res.json() as { data: { list: Array<{ kind: string; code: string | null; name: string }> } },
  };
}

/** Every product and banner of every live room, as this viewer is sent them (the raw bodies). */
async function roomBodies(token: string | null, lives = allLives): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (const id of lives) {
    const products = await call('POST', `${LA}/getProductLiveInfo`, token, { num_index: id });
    const banners = await call('POST', `${LA}/getMarketingPosition`, token, { num_index: id });
    expect([products.status, banners.status]).toEqual([200, 200]);
    out.set(id, products.body + banners.body);
  }
  return out;
}
const mentionsPrivate = (body: string) =>
  privateWords.some((w) => body.includes(w)) || body.includes(HIGHLIGHT) || body.includes('"private"');

/** Every store list and page a reader reaches, as one text per place. */
async function storeBodies(token: string | null): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  out.index = (await call('GET', `${S}/index`, token)).body;
  for (const kind of [undefined, 'public', 'private'] as const) {
    // Page through with a small page, so a filtered row cannot hide behind a page boundary.
    let cursor: string | null = null;
    let n = 0;
    do {
      const query: Record<string, unknown> = { limit: 2, ...(kind ? { kind } : {}), ...(cursor ? { cursor } : {}) };
      const r = await call('GET', `${S}/product_list`, token, query);
      expect(r.status).toBe(200);
      out[`list ${kind ?? 'all'} ${n++}`] = r.body;
      cursor = (r.json.data as unknown as { next_cursor: string | null }).next_cursor;
    } while (cursor);
  }
  return out;
}

test('the seeded private-fund rooms are the ones the finding named', () => {
  expect(privateLives).toEqual(expect.arrayContaining([7, 9, 10, 13, 14, 18]));
  expect(privateStoreIds).toHaveLength(3);
});

describe('a visitor and a C1 customer see no private fund anywhere', () => {
  const viewers: Array<[string, () => Promise<string | null>]> = [
    ['a visitor (no session)', async () => null],
    ['a C1 customer, assessed and declared qualified', () => privateViewer(t, 'u11', { level: 'C1', qualified: true })],
    [
      'a C5 customer without a qualified-investor declaration',
      () => privateViewer(t, 'u12', { level: 'C5', qualified: false }),
    ],
    ['a declared customer never assessed', () => privateViewer(t, 'u15', { level: null, qualified: true })],
  ];

  test.each(viewers)('%s: every live room', async (_who, token) => {
    const bodies = await roomBodies(await token());
    for (const [id, body] of bodies) expect([id, mentionsPrivate(body)]).toEqual([id, false]);
    // The public fund beside it is still shown: the room is not emptied, only the private fund is left out.
    const seven = JSON.parse(bodies.get(7)!.split('}{')[0] + '}') as { data: { list: unknown[] } };
    expect(seven.data.list.length).toBeGreaterThan(0);
  });

  test.each(viewers)('%s: the store home, every list page, every detail and contract', async (_who, token) => {
    const tk = await token();
    const bodies = await storeBodies(tk);
    for (const [where, body] of Object.entries(bodies)) expect([where, mentionsPrivate(body)]).toEqual([where, false]);
    expect(JSON.parse(bodies['list private 0']!).data).toEqual({ list: [], next_cursor: null });
    for (const id of privateStoreIds) {
      const detail = await call('GET', `${S}/product_detail`, tk, { product_id: id });
      // Answered exactly as a product that does not exist.
      expect([detail.status, mentionsPrivate(detail.body)]).toEqual([404, false]);
      expect(detail.body).toContain('产品不存在');
      if (tk) {
        // The qualified-investor step: the reader is asked to declare, and sent nothing that names the fund.
        const contract = await call('GET', `${S}/private_contract`, tk, { product_id: id });
        const named = privateWords.some((w) => contract.body.includes(w)) || contract.body.includes(HIGHLIGHT);
        expect([contract.status, named]).toEqual([200, false]);
        expect(JSON.parse(contract.body).data).toMatchObject({
          contract: null,
          product: { name: '私募基金', code: '', latest_nav: null, one_year_return: null },
        });
      }
    }
  });
});

describe('a qualified customer whose assessment is current sees the private funds their level covers', () => {
  test('C5: every private-fund room shows its private fund; the store lists and opens all three', async () => {
    const token = await privateViewer(t, 'u5', { level: 'C5', qualified: true });
    const bodies = await roomBodies(token, privateLives);
    for (const [id, body] of bodies) expect([id, mentionsPrivate(body)]).toEqual([id, true]);
    const list = await call('GET', `${S}/product_list`, token, { kind: 'private', limit: 20 });
    expect(list.json.data.list.map((p) => p.name).sort()).toEqual(
      ['星辰量化中性1号私募', '远望CTA趋势私募', '恒信股票多头私募'].sort(),
    );
    for (const id of privateStoreIds)
      expect((await call('GET', `${S}/product_detail`, token, { product_id: id })).status).toBe(200);
  });

  test('C4: the R4 fund, not the R5 ones', async () => {
    const token = await privateViewer(t, 'u6', { level: 'C4', qualified: true });
    const list = await call('GET', `${S}/product_list`, token, { kind: 'private', limit: 20 });
    expect(list.json.data.list.map((p) => p.name)).toEqual(['星辰量化中性1号私募']);
    const rooms = [...(await roomBodies(token, privateLives)).values()].join('');
    expect(rooms).toContain('星辰量化中性1号私募');
    expect(rooms).not.toContain('远望CTA趋势私募');
    expect(rooms).not.toContain('恒信股票多头私募');
  });

  test('the assessment shows them until the instant it expires, and nothing of them from then on', async () => {
    const token = await privateViewer(t, 'u7', { level: 'C5', qualified: true, expiresInMs: HOUR });
    const room7 = async () => (await roomBodies(token, [7])).get(7)!;
    const privates = async () =>
      (await call('GET', `${S}/product_list`, token, { kind: 'private', limit: 20 })).json.data.list.length;
    t.clock.advance(HOUR - 1);
    try {
      expect(mentionsPrivate(await room7())).toBe(true);
      expect(await privates()).toBe(3);
      t.clock.advance(1);
      expect(mentionsPrivate(await room7())).toBe(false);
      expect(await privates()).toBe(0);
      expect((await call('GET', `${S}/product_detail`, token, { product_id: privateStoreIds[0]! })).status).toBe(404);
    } finally {
      t.clock.advance(-HOUR);
    }
  });

  test('staff keep seeing the room products they host', async () => {
    const adviser = await sessionTokenFor(t.database, 'u1', t.clock.now());
    expect(mentionsPrivate((await roomBodies(adviser, [7])).get(7)!)).toBe(true);
  });
});
