/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { and, eq, isNotNull } from 'drizzle-orm';

import { ShareErrorCode } from '../../src/api/contract/market-map-products-constants';
import { complianceEvents, mktCustomers, mktProducts } from '../db/schema';
import { shareKey, signShareCode } from '../marketing/share-code';
import { approveMaterial } from '../repositories/material-review';
import { createUsersRepository } from '../repositories/users';
import { createTestApp, type TestApp } from '../test-support/app';
import { mm } from '../test-support/market-map';
import { sessionTokenFor } from '../test-support/session';

/**
 * Every path a product reaches a customer goes through the one decision of material forwarding: share
 * links per customer, forwarding-assistant articles naming a product, the contact budget spent only on a
 * confirmed send; every decision in compliance_events.
 */
let t: TestApp;
let sid1: string;
let sid2: string;
const DAY = 86_400_000;
const MIN = 60_000;
let r4: number; // 沪深300指数增强C: R4 in the product master
const C = { c1: 0, c5: 0, c4: 0, c3: 0, other: 0 };
let c5User = 0;
let otherUser = '';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const users = createUsersRepository(db);
  const now = t.clock.now();
  sid1 = (await users.createSession(1, now)).token;
  sid2 = (await users.createSession(2, now)).token;
  [{ id: r4 }] = (await db.select({ id: mktProducts.id }).from(mktProducts).where(eq(mktProducts.code, '000961'))) as [
    { id: number },
  ];
  const later = new Date(now.getTime() + 200 * DAY);
  // Two of adviser 1's customers with an app account (for the share page's viewer), two without.
  const withApp = await db
    .select()
    .from(mktCustomers)
    .where(and(eq(mktCustomers.adviserId, 1), isNotNull(mktCustomers.userId)))
    .orderBy(mktCustomers.id)
    .limit(2);
  const plain = await db
    .select()
    .from(mktCustomers)
    .where(eq(mktCustomers.adviserId, 1))
    .orderBy(mktCustomers.id)
    .offset(30)
    .limit(3);
  [C.c5, C.other] = withApp.map((c) => c.id) as [number, number];
  c5User = withApp[0]!.userId!;
  otherUser = `u${withApp[1]!.userId!}`;
  [C.c1, C.c4, C.c3] = plain.map((c) => c.id) as [number, number, number];
  const set = (id: number, v: Partial<typeof mktCustomers.$inferInsert>) =>
    db.update(mktCustomers).set(v).where(eq(mktCustomers.id, id));
  await set(C.c1, { riskLevel: 'C1', riskExpiresAt: later });
  await set(C.c5, { riskLevel: 'C5', riskExpiresAt: later });
  await set(C.c4, { riskLevel: 'C4', riskExpiresAt: later });
  await set(C.c3, { riskLevel: 'C3', riskExpiresAt: later });
  await set(C.other, { riskLevel: 'C5', riskExpiresAt: later });
}, 120_000);
afterAll(() => t.close());

const trail = (kind: 'suitability' | 'forward' | 'share_link', customerId: number) =>
  t.database.db
    .select()
    .from(complianceEvents)
    .where(and(eq(complianceEvents.kind, kind), eq(complianceEvents.customerId, customerId)))
    .orderBy(complianceEvents.id);
const makeLink = (sid: string, customerId: number, productId = r4) =>
  mm(t, sid, 'POST', '/share/product', { product_id: productId, page: 'rate', customer_id: customerId });
/** Every page of a recipients list (50 a page). */
async function everyone(path: string, query: Record<string, unknown>) {
  const all = [];
  let cursor: string | undefined;
  do {
    const r = await mm(t, sid1, 'GET', path, { ...query, limit: 50, ...(cursor ? { cursor } : {}) });
    all.push(...r.body.data.list);
    cursor = r.body.data.next_cursor ?? undefined;
  } while (cursor);
  return all;
}
const budgetOf = async (customerId: number) => {
  const list = await everyone('/share/product/recipients', { product_id: r4 });
  const found = list.find((x: { customer: { customer_id: number } }) => x.customer.customer_id === customerId);
  return found as {
    suitability: { ok: boolean; reason_code?: string; reason?: string };
    budget: { remaining: number; used: number };
  };
};
const openPage = async (code: string, asUser?: string) => {
  const headers: Record<string, string> = asUser
    ? { authorization: `Bearer ${await sessionTokenFor(t.database, asUser, t.clock.now())}` }
    : {};
  return t.app.inject({ method: 'GET', url: '/market_map_url/share/product-page', query: { code }, headers });
};

describe('share links are made per customer, through the forward decision', () => {
  test('the picker shows the verdict before anything is made: an R4 fund is unsuitable for C1 with the reason', async () => {
    expect(await budgetOf(C.c1)).toMatchObject({
      suitability: { ok: false, reason_code: 'RISK_LEVEL_TOO_LOW', reason: '客户风险等级低于产品风险等级' },
    });
    expect((await budgetOf(C.c4)).suitability).toEqual({ ok: true });
    expect((await budgetOf(C.c3)).suitability).toMatchObject({ ok: false, reason_code: 'RISK_LEVEL_TOO_LOW' });
  });

  test('no link for an R4 fund to a C1 customer: refused with the reason and audited', async () => {
    const r = await makeLink(sid1, C.c1);
    expect([r.status, r.body.error.code, r.body.error.message]).toEqual([
      409,
      ShareErrorCode.refused,
      '客户风险等级低于产品风险等级',
    ]);
    const [row] = await trail('suitability', C.c1);
    expect(row).toMatchObject({
      adviserId: 1,
      actorId: 1,
      productId: r4,
      decision: 'refused',
      reason: 'RISK_LEVEL_TOO_LOW',
      subject: `share_product:${r4}`,
    });
    expect(row!.detail).toMatchObject({ riskLevel: 'C1', page: 'rate' });
    expect(await trail('share_link', C.c1)).toHaveLength(0);
  });

  test('a suitable customer gets a link, audited; only that customer, signed in, sees the performance', async () => {
    const r = await makeLink(sid1, C.c5);
    expect(r.status).toBe(200);
    expect(r.body.data.customer.customer_id).toBe(C.c5);
    expect(r.body.data.desc).toContain('R4 中高风险');
    expect((await trail('suitability', C.c5)).map((e) => e.decision)).toEqual(['allowed']);
    expect((await trail('share_link', C.c5)).map((e) => [e.decision, e.productId, e.adviserId])).toEqual([
      ['pending', r4, 1],
    ]);
    const code = r.body.data.code as string;

    const anonymous = (await openPage(code)).json().data;
    expect(anonymous).toMatchObject({
      view: 'public',
      series: [],
      dividends: [],
      benchmark: null,
      product: { code: '000961', risk_level: 'R4' },
    });
    expect(anonymous.disclosures).toEqual([
      '产品风险等级：R4（中高风险），请确认与您的风险承受能力相匹配',
      '基金有风险，投资需谨慎',
      '过往业绩不代表未来表现',
    ]);
    const someoneElse = (await openPage(code, otherUser)).json().data;
    expect(someoneElse.view).toBe('public');
    expect(someoneElse.series).toEqual([]);
    const theCustomer = (await openPage(code, `u${c5User}`)).json().data;
    expect(theCustomer.view).toBe('personal');
    expect(theCustomer.series.length).toBeGreaterThan(100);
    // The adviser who made it is someone else too.
    const adviserView = await t.app.inject({
      method: 'GET',
      url: '/market_map_url/share/product-page',
      query: { code },
      headers: { authorization: `Bearer ${sid1}` },
    });
    expect(adviserView.json().data.view).toBe('public');
    // A stale token is a guest, not an error: the page is public.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/market_map_url/share/product-page',
          query: { code },
          headers: { authorization: 'Bearer nope' },
        })
      ).json().data.view,
    ).toBe('public');
  });

  test('a code made before links named a customer opens only the public view', async () => {
    const now = t.clock.now();
    const old = signShareCode(await shareKey(t.database.db, now), {
      adviserId: 1,
      productId: r4,
      page: 'rate',
      exp: Math.floor(now.getTime() / 1000) + DAY / 1000,
      shareId: null,
    });
    expect((await openPage(old, `u${c5User}`)).json().data).toMatchObject({ view: 'public', series: [] });
  });

  test("another adviser cannot make a link for my customer, nor record my link's send", async () => {
    expect((await makeLink(sid2, C.c4)).status).toBe(404);
    const [mine] = await trail('share_link', C.c5);
    const shareId = Number(mine!.subject.split(':')[1]);
    expect(
      (await mm(t, sid2, 'POST', '/share/product/record', { share_id: shareId, api: 'sendChatMessage', ok: true }))
        .status,
    ).toBe(404);
  });
});

describe('the contact budget is spent only when WeCom confirms the send', () => {
  test('share link: pending holds the contact; a cancelled send gives it back; a confirmed one spends it', async () => {
    expect((await budgetOf(C.c4)).budget.remaining).toBe(1);
    const first = await makeLink(sid1, C.c4);
    expect((await budgetOf(C.c4)).budget.remaining).toBe(0);
    // A second link while the first send is on the adviser's screen: refused with the budget's reason.
    const twice = await makeLink(sid1, C.c4);
    expect([twice.status, twice.body.error.message]).toEqual([409, '今日已联系该客户 1 次，已达上限 1 次']);
    expect(
      (
        await mm(t, sid1, 'POST', '/share/product/record', {
          share_id: first.body.data.share_id,
          api: 'shareToExternalContact',
          ok: false,
        })
      ).status,
    ).toBe(200);
    expect((await budgetOf(C.c4)).budget.remaining).toBe(1);
    // The first answer stands: a replayed "ok" does not turn the cancelled send into a spent one.
    await mm(t, sid1, 'POST', '/share/product/record', {
      share_id: first.body.data.share_id,
      api: 'shareToExternalContact',
      ok: true,
    });
    expect((await budgetOf(C.c4)).budget.remaining).toBe(1);
    const second = await makeLink(sid1, C.c4);
    await mm(t, sid1, 'POST', '/share/product/record', {
      share_id: second.body.data.share_id,
      api: 'sendChatMessage',
      ok: true,
    });
    expect((await budgetOf(C.c4)).budget).toMatchObject({ remaining: 0, used: 1 });
    expect((await trail('share_link', C.c4)).map((e) => e.decision)).toEqual(['pending', 'failed', 'pending', 'sent']);
  });

  test('an unconfirmed send holds the contact for 30 minutes, then gives it back', async () => {
    const [c] = await t.database.db
      .select()
      .from(mktCustomers)
      .where(eq(mktCustomers.adviserId, 1))
      .orderBy(mktCustomers.id)
      .offset(40)
      .limit(1);
    await t.database.db
      .update(mktCustomers)
      .set({ riskLevel: 'C5', riskExpiresAt: new Date(t.clock.now().getTime() + 100 * DAY) })
      .where(eq(mktCustomers.id, c!.id));
    expect((await makeLink(sid1, c!.id)).status).toBe(200);
    t.clock.advance(30 * MIN - 1000);
    expect((await budgetOf(c!.id)).budget.remaining).toBe(0);
    t.clock.advance(1000);
    expect((await budgetOf(c!.id)).budget.remaining).toBe(1);
  });

  test('material forward: a failed WeCom send gives the contact back, a confirmed one spends it; both in the trail', async () => {
    const send = (idem: string) =>
      mm(t, sid1, 'POST', '/chance/file/forward', {
        fileId: 1,
        customer_ids: [C.c3],
        channel: 'wecom_chat',
        idempotency_key: `budget-key-${idem}`,
      });
    const a = await send('budget-a');
    expect(a.body.data.sent).toHaveLength(1);
    expect((await send('budget-b')).body.data.refused[0].reason_code).toBe('CONTACT_BUDGET_EXHAUSTED');
    await mm(t, sid1, 'POST', '/chance/file/share-record', {
      forward_ids: [a.body.data.sent[0].forward_id],
      api: 'shareToExternalContact',
      ok: false,
    });
    const c = await send('budget-c');
    expect(c.body.data.sent).toHaveLength(1);
    await mm(t, sid1, 'POST', '/chance/file/share-record', {
      forward_ids: [c.body.data.sent[0].forward_id],
      api: 'sendChatMessage',
      ok: true,
    });
    expect((await send('budget-d')).body.data.refused[0].reason_code).toBe('CONTACT_BUDGET_EXHAUSTED');
    expect((await trail('forward', C.c3)).map((e) => e.decision)).toEqual(['pending', 'failed', 'pending', 'sent']);
    expect((await trail('suitability', C.c3)).map((e) => [e.decision, e.reason])).toEqual([
      ['allowed', null],
      ['refused', 'CONTACT_BUDGET_EXHAUSTED'],
      ['allowed', null],
      ['refused', 'CONTACT_BUDGET_EXHAUSTED'],
    ]);
  });
});

describe('forwarding-assistant articles that name a product', () => {
  // No promise in it (the content policy refuses those on its own): this is about the product it names.
  const PITCH = '<h2>星辰量化中性1号私募：稳健之选</h2><p>量化中性策略，适合长期配置。</p>';
  test('are linked to the product automatically and cannot be sent before a reviewer approves them', async () => {
    const r = await mm(t, sid1, 'POST', '/resource/wx-article-transform', { html: PITCH });
    expect(r.status).toBe(200);
    const m = r.body.data;
    expect(m.products.map((p: { code: string }) => p.code)).toEqual(['SX1288']);
    expect(m.review_no).toBe('');
    const list = await everyone('/chance/file/recipients', { fileId: m.material_id });
    expect(list.length).toBe(360);
    const suitable = list.filter((x: { suitability: { ok: boolean } }) => x.suitability.ok);
    expect(suitable).toHaveLength(0);
    const sent = await mm(t, sid1, 'POST', '/chance/file/forward', {
      fileId: m.material_id,
      customer_ids: [C.c5],
      channel: 'wecom_chat',
      idempotency_key: 'pitch-forward-0001',
    });
    expect(sent.body.data.sent).toHaveLength(0);
    expect(sent.body.data.refused[0]).toMatchObject({
      reason_code: 'REVIEW_PENDING',
      reason: '素材尚未通过合规审核，不能发送',
    });
  });

  test('a code standing alone names a product; inside a longer number it does not; an article naming none waits for review too', async () => {
    const byCode = (
      await mm(t, sid1, 'POST', '/resource/wx-article-transform', { html: '<p>关注 000961 的长期机会</p>' })
    ).body.data;
    expect(byCode.products.map((p: { code: string }) => p.code)).toEqual(['000961']);
    const none = (
      await mm(t, sid1, 'POST', '/resource/wx-article-transform', {
        html: '<p>订单号 2024000961 已处理，谈谈资产配置</p>',
      })
    ).body.data;
    expect(none.products).toEqual([]);
    expect([none.review_no, none.review_state]).toEqual(['', 'pending']);
  });
});

describe('a forwarding-assistant article pitching a private fund it does not name', () => {
  const UNNAMED = '<p>我们合作的一只CTA趋势私募产品本周开放申购，近一年收益18.6%，100万起投，私信我预约额度</p>';
  const forward = (fileId: number, customerId: number, key: string) =>
    mm(t, sid1, 'POST', '/chance/file/forward', {
      fileId,
      customer_ids: [customerId],
      channel: 'wecom_chat',
      idempotency_key: key,
    });

  test('cannot be forwarded to anyone: refused with the reason, and the refusal is on the trail', async () => {
    const m = (await mm(t, sid1, 'POST', '/resource/wx-article-transform', { html: UNNAMED })).body.data;
    expect(m.products).toEqual([]);
    // Not the "no product named" label a general repost gets: it waits for its product and a review.
    expect(m.review_no).toBe('');
    for (const [customerId, key] of [
      [C.c1, 'unnamed-pitch-c1'],
      [C.c5, 'unnamed-pitch-c5'],
    ] as const) {
      const sent = await forward(m.material_id, customerId, key);
      expect(sent.body.data.sent).toEqual([]);
      expect(sent.body.data.refused[0]).toMatchObject({
        customer_id: customerId,
        reason_code: 'PRIVATE_FUND_UNNAMED',
        reason: '该内容涉及私募产品宣传，须关联具体产品并通过合规审核后才能发送',
      });
      const [last] = (await trail('suitability', customerId)).slice(-1);
      expect(last).toMatchObject({
        decision: 'refused',
        reason: 'PRIVATE_FUND_UNNAMED',
        subject: `material:${m.material_id}`,
      });
    }
    const list = await everyone('/chance/file/recipients', { fileId: m.material_id });
    expect(list.filter((x: { suitability: { ok: boolean } }) => x.suitability.ok)).toHaveLength(0);
  });

  test('naming the fund links it: after review, suitability decides (a C1 customer is refused)', async () => {
    const named = UNNAMED.replace('一只CTA趋势私募产品', '远望CTA趋势私募');
    const m = (await mm(t, sid1, 'POST', '/resource/wx-article-transform', { html: named })).body.data;
    expect(m.products.map((p: { code: string }) => p.code)).toEqual(['SY2031']);
    expect((await forward(m.material_id, C.c1, 'named-pitch-c1-a')).body.data.refused[0].reason_code).toBe(
      'REVIEW_PENDING',
    );
    // A reviewer (u17 许文清, id 17) approves it on 审核台.
    await approveMaterial(t.database.db, m.material_id, 17, t.clock.now());
    const refused = (await forward(m.material_id, C.c1, 'named-pitch-c1-b')).body.data.refused[0];
    expect(refused.reason_code).toBe('RISK_LEVEL_TOO_LOW');
  });

  test('an article about the kind of fund, not a pitch, goes as a general repost', async () => {
    const m = (
      await mm(t, sid1, 'POST', '/resource/wx-article-transform', {
        html: '<p>私募基金和公募基金有什么区别？本文不涉及具体产品，仅作投资者教育。</p>',
      })
    ).body.data;
    // It waits for a reviewer like any repost; approved, nothing about its content keeps it from anyone.
    expect(m.review_state).toBe('pending');
    await approveMaterial(t.database.db, m.material_id, 17, t.clock.now());
    const list = await everyone('/chance/file/recipients', { fileId: m.material_id });
    expect(list.length).toBe(360);
    expect(list.filter((x: { suitability: { ok: boolean } }) => !x.suitability.ok)).toEqual([]);
  });
});
