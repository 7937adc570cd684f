/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { and, eq, inArray } from 'drizzle-orm';

import {
  complianceEvents,
  mktBehaviours,
  mktCards,
  mktCustomers,
  mktForwards,
  mktMaterials,
  mktSignals,
} from '../db/schema';
import { readsOf } from '../repositories/marketing-reads';
import { createUsersRepository } from '../repositories/users';
import { createTestApp, postRaw, type TestApp } from '../test-support/app';
import { mm } from '../test-support/market-map';

let t: TestApp;
let sid1: string;
let sid2: string;
let customerSid: string;
let expiredSid: string;
const DAY = 86_400_000;
/** Materials of the seed (server/db/seed/materials.ts): ids by position. */
const M = { general: 1, r1: 2, r3: 4, r5qualified: 6, expired: 7, pdf64: 8, pdf100: 9, foreignOwn: 15 };
let foreignCustomer: number;
/** Adviser 1's customers, set up for each rule. */
const C = { c5q: 20, c5: 21, c2: 22, expiredAssessment: 23, unassessed: 24, c3: 25, c4: 26 };

beforeAll(async () => {
  t = await createTestApp();
  const users = createUsersRepository(t.database.db);
  const now = t.clock.now();
  sid1 = (await users.createSession(1, now)).token;
  sid2 = (await users.createSession(2, now)).token;
  customerSid = (await users.createSession(4, now)).token;
  expiredSid = (await users.createSession(1, new Date(now.getTime() - 60 * DAY), DAY)).token;
  const db = t.database.db;
  const later = new Date(now.getTime() + 200 * DAY);
  const set = (id: number, v: Partial<typeof mktCustomers.$inferInsert>) =>
    db.update(mktCustomers).set(v).where(eq(mktCustomers.id, id));
  await set(C.c5q, { riskLevel: 'C5', riskExpiresAt: later, qualified: true });
  await set(C.c5, { riskLevel: 'C5', riskExpiresAt: later, qualified: false });
  await set(C.c2, { riskLevel: 'C2', riskExpiresAt: later, qualified: false });
  await set(C.expiredAssessment, { riskLevel: 'C5', riskExpiresAt: new Date(now.getTime() - DAY), qualified: true });
  await set(C.unassessed, { riskLevel: null, riskExpiresAt: null });
  await set(C.c3, { riskLevel: 'C3', riskExpiresAt: later });
  await set(C.c4, { riskLevel: 'C4', riskExpiresAt: later });
  const [c] = await db.select({ id: mktCustomers.id }).from(mktCustomers).where(eq(mktCustomers.adviserId, 2)).limit(1);
  foreignCustomer = c!.id;
}, 120_000);
afterAll(() => t.close());

/** Moves the clock; sessions live 20 hours, so the advisers sign in again. */
async function advanceDays(n: number) {
  t.clock.advance(n * DAY);
  const users = createUsersRepository(t.database.db);
  sid1 = (await users.createSession(1, t.clock.now())).token;
  sid2 = (await users.createSession(2, t.clock.now())).token;
}

let keyN = 0;
const key = () => `test-key-${++keyN}-${Date.now()}`;
const send = (sid: string, fileId: number, ids: number[], idem = key()) =>
  mm(t, sid, 'POST', '/chance/file/forward', {
    fileId,
    customer_ids: ids,
    channel: 'wecom_chat',
    idempotency_key: idem,
  });
const unsigned = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url: `/market_map_url${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers,
  });

describe('adviser isolation: every endpoint', () => {
  const calls = (): Array<['GET' | 'POST', string, Record<string, unknown>]> => [
    ['GET', '/chance/project/files', {}],
    ['GET', '/chance/file/detail', { fileId: M.general }],
    ['GET', '/chance/file/recipients', { fileId: M.general }],
    [
      'POST',
      '/chance/file/forward',
      { fileId: M.general, customer_ids: [C.c3], channel: 'wecom_chat', idempotency_key: 'isolation-key-1' },
    ],
    ['POST', '/chance/file/share-record', { forward_ids: [1], api: 'sendChatMessage', ok: true }],
    ['POST', '/resource/wx-article-transform', { html: '<p>x</p>' }],
  ];
  it("no sid or an expired one is 401, a customer's session 403", async () => {
    for (const [method, path, input] of calls()) {
      expect([path, (await mm(t, '', method, path, input)).status]).toEqual([path, 401]);
      expect([path, (await mm(t, expiredSid, method, path, input)).status]).toEqual([path, 401]);
      expect([path, (await mm(t, customerSid, method, path, input)).status]).toEqual([path, 403]);
    }
  });
  it("another adviser's own material or customer is 404, and never listed", async () => {
    expect((await mm(t, sid1, 'GET', '/chance/file/detail', { fileId: M.foreignOwn })).status).toBe(404);
    expect((await mm(t, sid2, 'GET', '/chance/file/detail', { fileId: M.foreignOwn })).status).toBe(200);
    expect((await mm(t, sid1, 'GET', '/chance/file/recipients', { fileId: M.foreignOwn })).status).toBe(404);
    expect((await send(sid1, M.foreignOwn, [C.c3])).status).toBe(404);
    expect((await mm(t, sid1, 'GET', '/chance/project/files', { customer_id: foreignCustomer })).status).toBe(404);
    expect(
      (await mm(t, sid1, 'GET', '/chance/file/detail', { fileId: M.general, customer_id: foreignCustomer })).status,
    ).toBe(404);
    expect((await send(sid1, M.general, [C.c3, foreignCustomer])).status).toBe(404);
    const all = await mm(t, sid1, 'GET', '/chance/project/files', { limit: 50 });
    expect(all.body.data.list.map((m: { material_id: number }) => m.material_id)).not.toContain(M.foreignOwn);
    // Adviser 2 cannot record a share of adviser 1's forward.
    const [f] = await t.database.db.select().from(mktForwards).where(eq(mktForwards.adviserId, 1)).limit(1);
    expect(
      (
        await mm(t, sid2, 'POST', '/chance/file/share-record', {
          forward_ids: [f!.id],
          api: 'sendChatMessage',
          ok: true,
        })
      ).status,
    ).toBe(404);
  });
});

describe('materials list and detail', () => {
  it('pages by cursor, filters by kind, project and keyword, and says the projects', async () => {
    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const r = await mm(t, sid1, 'GET', '/chance/project/files', { limit: 4, ...(cursor ? { cursor } : {}) });
      // The library (with 陈志强's note waiting for review) and 王建国's own repost.
      expect(r.body.data.total).toBe(16);
      seen.push(...r.body.data.list.map((m: { material_id: number }) => m.material_id));
      cursor = r.body.data.next_cursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([17, 16, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    const pdfs = await mm(t, sid1, 'GET', '/chance/project/files', { kind: 'pdf' });
    expect(pdfs.body.data.list.map((m: { pages: number }) => m.pages).sort((a: number, b: number) => a - b)).toEqual([
      6, 64, 100,
    ]);
    expect(pdfs.body.data.projects).toContain('私募专区');
    const hits = await mm(t, sid1, 'GET', '/chance/project/files', { keyword: '养老' });
    expect(hits.body.data.list.map((m: { title: string }) => m.title)).toEqual(['个人养老金开户指南']);
    expect(hits.body.data.list[0].expired).toBe(true);
    const proj = await mm(t, sid1, 'GET', '/chance/project/files', { project: '现金管理' });
    expect(proj.body.data.list.every((m: { project: string }) => m.project === '现金管理')).toBe(true);
  });
  it('with customer_id every file carries its suitability for that customer', async () => {
    const r = await mm(t, sid1, 'GET', '/chance/project/files', { customer_id: C.c2, limit: 50 });
    const by = new Map<number, { ok: boolean; reason_code?: string }>(
      r.body.data.list.map((m: { material_id: number; suitability: { ok: boolean } }) => [
        m.material_id,
        m.suitability,
      ]),
    );
    expect(by.get(M.general)).toEqual({ ok: true });
    expect(by.get(M.r1)).toEqual({ ok: true });
    expect(by.get(M.r3)).toMatchObject({ ok: false, reason_code: 'RISK_LEVEL_TOO_LOW' });
    expect(by.get(M.expired)).toMatchObject({ ok: false, reason_code: 'MATERIAL_EXPIRED' });
  });
  it('detail: sanitized html, products with risk levels, review number, disclosures; PDFs by a signed address with ranges', async () => {
    const a = (await mm(t, sid1, 'GET', '/chance/file/detail', { fileId: M.r3 })).body.data;
    expect(a.html).not.toMatch(/<script|onerror|javascript:/i);
    expect(a.products[0]).toMatchObject({ code: '001938', risk_level: 'R3' });
    expect(a.review_no).toMatch(/^合规审核/);
    expect(a.disclosures).toContain('基金有风险，投资需谨慎');
    const p = (await mm(t, sid1, 'GET', '/chance/file/detail', { fileId: M.pdf100 })).body.data;
    expect(p.pages).toBe(100);
    const whole = await t.app.inject({ method: 'GET', url: p.pdf_url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/pdf');
    expect(whole.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const part = await t.app.inject({ method: 'GET', url: p.pdf_url, headers: { range: 'bytes=100-199' } });
    expect([part.statusCode, part.rawPayload.length, part.headers['content-range']]).toEqual([
      206,
      100,
      `bytes 100-199/${whole.rawPayload.length}`,
    ]);
    expect((await t.app.inject({ method: 'GET', url: p.pdf_url.replace(/sig=./, 'sig=X') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: p.pdf_url.replace('a=1', 'a=2') })).statusCode).toBe(404);
  });
});

describe('forward decisions', () => {
  const refusal = async (fileId: number, customer: number) => {
    const r = await send(sid1, fileId, [customer]);
    expect(r.status).toBe(200);
    return r.body.data.refused[0]?.reason_code ?? 'SENT';
  };
  it('suitable is sent with a tracked link; unsuitable refused with its reason; every check audited', async () => {
    const trail = () =>
      t.database.db
        .select()
        .from(complianceEvents)
        .where(and(eq(complianceEvents.kind, 'suitability'), eq(complianceEvents.adviserId, 1)));
    const before = await trail();
    const ok = await send(sid1, M.r3, [C.c3]);
    expect(ok.body.data.sent).toHaveLength(1);
    expect(ok.body.data.sent[0].link).toMatch(/\/readMaterial\?token=[A-Za-z0-9_-]{32}$/);
    expect(await refusal(M.r3, C.c2)).toBe('RISK_LEVEL_TOO_LOW');
    expect(await refusal(M.r5qualified, C.c5)).toBe('NOT_QUALIFIED_INVESTOR');
    expect(await refusal(M.r5qualified, C.expiredAssessment)).toBe('RISK_ASSESSMENT_EXPIRED');
    expect(await refusal(M.r1, C.unassessed)).toBe('RISK_NOT_ASSESSED');
    expect(await refusal(M.expired, C.c5q)).toBe('MATERIAL_EXPIRED');
    expect(await refusal(M.r5qualified, C.c5q)).toBe('SENT');
    const after = await trail();
    expect(after.length - before.length).toBe(7);
    expect(after.filter((a) => a.decision === 'refused').map((a) => a.reason)).toEqual(
      expect.arrayContaining(['RISK_LEVEL_TOO_LOW', 'NOT_QUALIFIED_INVESTOR', 'MATERIAL_EXPIRED']),
    );
  });
  it('the contact budget: one marketing forward a customer a day, shown before sending', async () => {
    const before = await mm(t, sid1, 'GET', '/chance/file/recipients', { fileId: M.general, limit: 50 });
    const c4 = before.body.data.list.find(
      (r: { customer: { customer_id: number } }) => r.customer.customer_id === C.c4,
    );
    expect(c4.budget).toEqual({ limit: 1, used: 0, remaining: 1 });
    expect(await refusal(M.general, C.c4)).toBe('SENT');
    expect(await refusal(M.pdf100, C.c4)).toBe('CONTACT_BUDGET_EXHAUSTED');
    const after = await mm(t, sid1, 'GET', '/chance/file/recipients', { fileId: M.general, limit: 50 });
    expect(
      after.body.data.list.find((r: { customer: { customer_id: number } }) => r.customer.customer_id === C.c4).budget
        .remaining,
    ).toBe(0);
    await advanceDays(1);
    expect(await refusal(M.pdf100, C.c4)).toBe('SENT');
  });
  it('a group forward sends to the suitable and says how many were left out and why; a retry writes nothing twice', async () => {
    const idem = key();
    const ids = [C.c5q, C.c5, C.c2, C.expiredAssessment, C.unassessed];
    const r = await send(sid1, M.r5qualified, ids, idem);
    expect(r.body.data.sent.map((s: { customer_id: number }) => s.customer_id)).toEqual([C.c5q]);
    expect(r.body.data.left_out).toEqual({
      count: 4,
      by_reason: { NOT_QUALIFIED_INVESTOR: 1, RISK_LEVEL_TOO_LOW: 1, RISK_ASSESSMENT_EXPIRED: 1, RISK_NOT_ASSESSED: 1 },
    });
    const audits = async () => (await t.database.db.select().from(complianceEvents)).length;
    const n = await audits();
    const again = await send(sid1, M.r5qualified, ids, idem);
    expect(again.body.data.sent).toEqual(r.body.data.sent);
    expect(again.body.data.left_out.count).toBe(4);
    expect(await audits()).toBe(n);
    const share = await mm(t, sid1, 'POST', '/chance/file/share-record', {
      forward_ids: [r.body.data.sent[0].forward_id],
      api: 'shareToExternalContact',
      ok: true,
    });
    expect(share.body.data.recorded).toBe(1);
    const [f] = await t.database.db
      .select()
      .from(mktForwards)
      .where(eq(mktForwards.id, r.body.data.sent[0].forward_id));
    expect(f!.sharedVia).toBe('shareToExternalContact');
  });
});

describe('tracked-link reads', () => {
  it('batched and repeated beacons fold into one open; 30 s on the server clock makes one behaviour and one signal', async () => {
    await advanceDays(1);
    // Today's cap already used up: a read happens now, so its card comes onto the workbench anyway (as a live's does).
    expect((await mm(t, sid1, 'POST', '/rule-settings/set', { thresholds: { daily_cap: 1 } })).status).toBe(200);
    const [other] = await t.database.db
      .select({ id: mktCards.id })
      .from(mktCards)
      .where(and(eq(mktCards.adviserId, 1), eq(mktCards.state, 'new')))
      .limit(1);
    await t.database.db.update(mktCards).set({ releasedAt: t.clock.now() }).where(eq(mktCards.id, other!.id));
    const r = await send(sid1, M.r3, [C.c5q]);
    const token: string = r.body.data.sent[0].token;
    const page = await unsigned('GET', `/share/material?token=${token}&open_key=open-aaaa-1`, undefined, {
      'user-agent': 'Mozilla/5.0 MicroMessenger/8.0',
    });
    expect(page.statusCode).toBe(200);
    const shown = page.json().data;
    expect(shown.disclosures).toContain('过往业绩不代表未来表现');
    expect(shown.adviser.qualification_no).toMatch(/^F0310\d{9}$/);
    expect(page.body).not.toMatch(/phone|sid/);
    const beacon = (beacons: Array<{ seconds: number; depth: number }>) =>
      unsigned('POST', '/share/read', { token, open_key: 'open-aaaa-1', in_wechat: true, beacons });
    // A client claiming 40 s one second after opening is held to the server's clock.
    t.clock.advance(1000);
    expect((await beacon([{ seconds: 40, depth: 0.2 }])).json().data.seconds).toBeLessThan(30);
    t.clock.advance(15_000);
    await beacon([
      { seconds: 10, depth: 0.3 },
      { seconds: 15, depth: 0.5 },
    ]);
    t.clock.advance(16_000);
    const past = await beacon([
      { seconds: 31, depth: 0.4 },
      { seconds: 31, depth: 0.4 },
    ]);
    expect(past.json().data).toEqual({ seconds: 31, max_scroll: 0.5 });
    t.clock.advance(10_000);
    // The last one by sendBeacon, as text/plain.
    const last = await postRaw(
      t,
      '/market_map_url/share/read',
      'text/plain;charset=UTF-8',
      JSON.stringify({ token, open_key: 'open-aaaa-1', in_wechat: true, beacons: [{ seconds: 41, depth: 0.9 }] }),
    );
    expect(last.json().data).toEqual({ seconds: 41, max_scroll: 0.9 });
    await beacon([{ seconds: 20, depth: 0.1 }]);
    const behaviours = await t.database.db.select().from(mktBehaviours).where(readsOf(C.c5q, M.r3));
    expect(behaviours).toHaveLength(1);
    expect([behaviours[0]!.seconds, behaviours[0]!.scrollDepth]).toEqual([41, 0.9]);
    const signals = await t.database.db
      .select()
      .from(mktSignals)
      .where(eq(mktSignals.factKey, `read:${behaviours[0]!.id}`));
    expect(signals).toHaveLength(1);
    // The card's reason reads the latest seconds, as the radar and the timeline do (not the 31 s that made it).
    expect(signals[0]!.title).toBe(behaviours[0]!.title);
    expect(signals[0]!.title).toContain('41 秒');
    const [card] = await t.database.db
      .select()
      .from(mktCards)
      .where(and(eq(mktCards.customerId, C.c5q), inArray(mktCards.state, ['new', 'viewed', 'handling'])));
    expect(card?.id).toBe(signals[0]!.cardId);
    // On the workbench now (newest first), not waiting behind the daily cap.
    const board = await mm(t, sid1, 'GET', '/chance-card/list', { order: 'time', limit: 5 });
    expect(board.body.data.list.map((c: { card_id: number }) => c.card_id)).toContain(card!.id);
    // The adviser reads it on the customer's timeline.
    const timeline = await mm(t, sid1, 'GET', '/clue/behaviors', { customer_id: C.c5q });
    expect(timeline.body.data.list[0]).toMatchObject({ kind: 'material_open', seconds: 41, source_id: String(M.r3) });
    expect(timeline.body.data.list[0].title).toContain('90%');
  });
  it('a forged or unknown token is 404 everywhere; the customer PDF goes by token', async () => {
    const forged = 'A'.repeat(32);
    expect((await unsigned('GET', `/share/material?token=${forged}`)).statusCode).toBe(404);
    expect(
      (
        await unsigned('POST', '/share/read', {
          token: forged,
          open_key: 'open-bbbb',
          in_wechat: true,
          beacons: [{ seconds: 1, depth: 0 }],
        })
      ).statusCode,
    ).toBe(404);
    expect((await unsigned('GET', `/share/pdf?token=${forged}`)).statusCode).toBe(404);
    await advanceDays(1);
    const ok = (await send(sid1, M.pdf64, [C.c3])).body.data.sent[0];
    const pdf = await unsigned('GET', `/share/pdf?token=${ok.token}`);
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
  });
});

describe('the beacon endpoint is bounded', () => {
  it('refuses a body past its schema (413) and a flood from one address (429 with Retry-After)', async () => {
    const huge = JSON.stringify({
      token: 'A'.repeat(32),
      open_key: 'open-cccc',
      in_wechat: true,
      beacons: [{ seconds: 1, depth: 0 }],
      pad: 'x'.repeat(200_000),
    });
    const big = await t.app.inject({
      method: 'POST',
      url: '/market_map_url/share/read',
      headers: { 'content-type': 'application/json' },
      payload: huge,
      remoteAddress: '10.9.9.1',
    });
    expect(big.statusCode).toBe(413);
    const statuses: number[] = [];
    for (let i = 0; i < 125; i += 1) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/market_map_url/share/read',
        payload: { token: 'B'.repeat(32), open_key: 'open-dddd', in_wechat: true, beacons: [{ seconds: 1, depth: 0 }] },
        remoteAddress: '10.9.9.2',
      });
      statuses.push(r.statusCode);
      if (r.statusCode === 429) expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 120).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(120)).toEqual([429, 429, 429, 429, 429]);
  });
});

describe('wx-article-transform', () => {
  it('pasted HTML is sanitized (script, on* handlers, javascript: URLs removed) and becomes my own material with my card', async () => {
    const html =
      '<h1>标题一</h1><p onclick="steal()">正文<a href="javascript:alert(1)">链接</a></p><script>alert(1)</script><img src="/static/covers/a1.svg" onerror="x()"><a href="JAVASCRIPT:void(0)">b</a>';
    const r = await mm(t, sid1, 'POST', '/resource/wx-article-transform', { html });
    expect(r.status).toBe(200);
    const m = r.body.data;
    expect(m.html).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(m.html).toContain('正文');
    expect(m.html).toContain('从业资格编号');
    expect([m.title, m.own, m.project]).toEqual(['标题一', true, '我的素材']);
    expect((await mm(t, sid2, 'GET', '/chance/file/detail', { fileId: m.material_id })).status).toBe(404);
    const [row] = await t.database.db.select().from(mktMaterials).where(eq(mktMaterials.id, m.material_id));
    expect(row!.ownerAdviserId).toBe(1);
  });
  it('a known sample link is read from the local store; an unknown one asks for the text', async () => {
    const r = await mm(t, sid1, 'POST', '/resource/wx-article-transform', {
      url: 'https://mp.weixin.qq.com/s/pension-account-guide',
    });
    expect(r.body.data.title).toBe('个人养老金账户的五个问题');
    expect(r.body.data.html).not.toMatch(/onerror/);
    const unknown = await mm(t, sid1, 'POST', '/resource/wx-article-transform', {
      url: 'https://mp.weixin.qq.com/s/unknown',
    });
    expect(unknown.status).toBe(400);
  });
});
