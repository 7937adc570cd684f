/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { and, eq, inArray } from 'drizzle-orm';

import { AdviserWorkEvent as E } from '../../src/api/contract/adviser-work-constants';
import { businessDayStart } from '../../src/api/contract/dates';
import { buildOwnEvent } from '../../src/features/tracking/own/fields';
import { trackingIdentityFrom } from '../../src/features/tracking/own/identity';
import { mktCards, mktCustomers, mktHoldings, mktProducts, mktSignals, ownTrackingEvents } from '../db/schema';
import { createUsersRepository } from '../repositories/users';
import { createTestApp, type TestApp } from '../test-support/app';
import { mm } from '../test-support/market-map';
import { OPEN_OR_SNOOZED } from '../test-support/open-cards';
import { signedHeaders } from '../test-support/sign';

let t: TestApp;
let sid1: string;
let sid2: string;
const DAY = 86_400_000;
/** Seed materials (server/db/seed/materials.ts) by position; adviser 1's customers set up per rule. */
const M = { general: 1, r3: 4 };
const C = { reader: 20, silent: 21, c2: 22, unassessed: 24 };

beforeAll(async () => {
  t = await createTestApp();
  const users = createUsersRepository(t.database.db);
  sid1 = (await users.createSession(1, t.clock.now())).token;
  sid2 = (await users.createSession(2, t.clock.now())).token;
  const later = new Date(t.clock.now().getTime() + 200 * DAY);
  const set = (id: number, v: Partial<typeof mktCustomers.$inferInsert>) =>
    t.database.db.update(mktCustomers).set(v).where(eq(mktCustomers.id, id));
  await set(C.reader, { riskLevel: 'C5', riskExpiresAt: later, qualified: true, name: '欧阳明华' });
  await set(C.silent, { riskLevel: 'C4', riskExpiresAt: later, qualified: false });
  await set(C.c2, { riskLevel: 'C2', riskExpiresAt: later, qualified: false });
  await set(C.unassessed, { riskLevel: null, riskExpiresAt: null });
}, 120_000);
afterAll(() => t.close());

let n = 0;
const send = (fileId: number, ids: number[]) =>
  mm(t, sid1, 'POST', '/chance/file/forward', {
    fileId,
    customer_ids: ids,
    channel: 'wecom_chat',
    idempotency_key: `radar-key-${++n}-${Date.now()}`,
  });
const share = (url: string, payload?: unknown) =>
  t.app.inject({
    method: payload === undefined ? 'GET' : 'POST',
    url: `/market_map_url${url}`,
    // The customer opens the tracked link in WeChat's browser.
    headers: { 'user-agent': 'Mozilla/5.0 MicroMessenger/8.0' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('reading radar', () => {
  it('per material: who opened, when, seconds and depth, forwarded when and how; masked; the read stacks on the card', async () => {
    const sent = await send(M.r3, [C.reader, C.silent]);
    expect(sent.body.data.sent).toHaveLength(2);
    // 已送达 counts only what WeCom confirmed: nothing yet, then both.
    const unconfirmed = await mm(t, sid1, 'GET', '/chance/file/radar', { fileId: M.r3 });
    expect(unconfirmed.body.data.summary.forwards).toBe(0);
    await mm(t, sid1, 'POST', '/chance/file/share-record', {
      forward_ids: sent.body.data.sent.map((s: { forward_id: number }) => s.forward_id),
      api: 'sendChatMessage',
      ok: true,
    });
    const token: string = sent.body.data.sent.find((s: { customer_id: number }) => s.customer_id === C.reader).token;
    const cardBefore = await openCard(C.reader);
    t.clock.advance(60_000);
    await share(`/share/material?token=${token}&open_key=radar-open-1`);
    t.clock.advance(40_000);
    await share('/share/read', {
      token,
      open_key: 'radar-open-1',
      in_wechat: true,
      beacons: [{ seconds: 35, depth: 0.7 }],
    });
    const radar = await mm(t, sid1, 'GET', '/chance/file/radar', { fileId: M.r3 });
    expect(radar.status).toBe(200);
    const { list, summary } = radar.body.data;
    expect(summary).toMatchObject({ forwards: 2, opened: 1, opens: 1, avg_seconds: 35 });
    // Opened first, then the unopened.
    expect(list.map((r: { customer_id: number }) => r.customer_id)).toEqual([C.reader, C.silent]);
    expect(list[0]).toMatchObject({
      display_name: '欧**华',
      opens: 1,
      seconds: 35,
      max_scroll: 0.7,
      in_wechat: true,
      channel: 'wecom_chat',
      last_opened_at: Math.floor((t.clock.now().getTime() - 40_000) / 1000),
    });
    expect(list[0].forwarded_at).toBeLessThan(list[0].last_opened_at);
    expect(list[1]).toMatchObject({ opens: 0, seconds: 0, last_opened_at: null });
    expect(radar.raw.body).not.toContain('欧阳明华');
    // The read became a reason on the customer's one open card.
    const cardAfter = await openCard(C.reader);
    expect(cardAfter.id).toBe(cardBefore?.id ?? cardAfter.id);
    const reasons = await t.database.db.select().from(mktSignals).where(eq(mktSignals.cardId, cardAfter.id));
    expect(reasons.some((r) => r.title.includes('阅读') && r.title.includes('35 秒'))).toBe(true);
  });

  it('per customer: the materials I sent them and how each was read', async () => {
    const r = await mm(t, sid1, 'GET', '/clue/radar', { customer_id: C.reader });
    expect(r.status).toBe(200);
    expect(r.body.data.list[0]).toMatchObject({ material_id: M.r3, seconds: 35, opens: 1 });
    const none = await mm(t, sid1, 'GET', '/clue/radar', { customer_id: C.c2 });
    expect(none.body.data).toMatchObject({ list: [], total: 0, summary: { forwards: 0, opened: 0 } });
  });

  it('another adviser sees none of my forwards and none of my customers', async () => {
    const theirs = await mm(t, sid2, 'GET', '/chance/file/radar', { fileId: M.r3 });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.list.map((x: { customer_id: number }) => x.customer_id)).not.toContain(C.reader);
    expect((await mm(t, sid2, 'GET', '/clue/radar', { customer_id: C.reader })).status).toBe(404);
    expect((await mm(t, sid1, 'GET', '/chance/file/radar', { fileId: 2_000_000 })).status).toBe(404);
  });
});

async function openCard(customerId: number) {
  const [c] = await t.database.db
    .select()
    .from(mktCards)
    .where(and(eq(mktCards.customerId, customerId), inArray(mktCards.state, OPEN_OR_SNOOZED)));
  return c!;
}

/** A card of this customer with exactly these reasons (the engine's own cards are replaced for the rule under test). */
async function cardWith(customerId: number, reasons: Array<{ categoryId: number; productId: number | null }>) {
  const db = t.database.db;
  await db.delete(mktCards).where(eq(mktCards.customerId, customerId));
  const now = t.clock.now();
  const [card] = await db
    .insert(mktCards)
    .values({
      adviserId: 1,
      customerId,
      state: 'new',
      categoryId: reasons[0]!.categoryId,
      score: 50,
      scoreParts: { amount: 0, recency: 0, behaviour: 0, tier: 0, feedback: 0 },
      priority: 'warm',
      reasonCount: reasons.length,
      createdAt: now,
      updatedAt: now,
      releasedAt: now,
    })
    .returning();
  await db.insert(mktSignals).values(
    reasons.map((r, i) => ({
      adviserId: 1,
      customerId,
      categoryId: r.categoryId,
      factKey: `radar-test:${card!.id}:${i}`,
      title: '测试',
      productId: r.productId,
      occurredAt: now,
      cardId: card!.id,
    })),
  );
  return card!.id;
}

describe('next best product', () => {
  it('a money-flow card suggests one suitable product the customer does not hold, with a compliant material', async () => {
    for (const customerId of [C.c2, C.silent, C.reader]) {
      const cardId = await cardWith(customerId, [{ categoryId: 1, productId: null }]);
      const r = await mm(t, sid1, 'GET', '/chance-card/next-product', { card_id: cardId });
      expect(r.status).toBe(200);
      const s = r.body.data.suggestion;
      expect(s).not.toBeNull();
      const [c] = await t.database.db.select().from(mktCustomers).where(eq(mktCustomers.id, customerId));
      expect(Number(s.product.risk_level[1])).toBeLessThanOrEqual(Number(c!.riskLevel![1]));
      if (!c!.qualified) expect([s.product.qualified_only, s.product.kind === 'private_fund']).toEqual([false, false]);
      const held = await t.database.db
        .select({ id: mktHoldings.productId })
        .from(mktHoldings)
        .where(eq(mktHoldings.customerId, customerId));
      expect(held.map((h) => h.id)).not.toContain(s.product.product_id);
      expect(['fills_gap', 'fits_risk']).toContain(s.reason_code);
      // The material offered passes the very check the send makes.
      if (s.material) {
        const rec = await mm(t, sid1, 'GET', '/chance/file/recipients', {
          fileId: s.material.material_id,
          customer_id: customerId,
        });
        expect(rec.body.data.list[0].suitability).toEqual({ ok: true });
      }
    }
  });

  it('a maturity card replaces the maturing holding; behaviour cards and unassessed customers get none', async () => {
    const [maturing] = await t.database.db
      .select()
      .from(mktProducts)
      .where(and(eq(mktProducts.riskLevel, 'R2'), eq(mktProducts.qualifiedOnly, false)))
      .limit(1);
    const cardId = await cardWith(C.silent, [{ categoryId: 4, productId: maturing!.id }]);
    const r = await mm(t, sid1, 'GET', '/chance-card/next-product', { card_id: cardId });
    expect(r.body.data.suggestion).toMatchObject({ reason_code: 'replaces_maturing' });
    expect(Number(r.body.data.suggestion.product.risk_level[1])).toBeLessThanOrEqual(2);
    const behaviour = await cardWith(C.silent, [{ categoryId: 5, productId: null }]);
    expect((await mm(t, sid1, 'GET', '/chance-card/next-product', { card_id: behaviour })).body.data).toMatchObject({
      suggestion: null,
      none_reason: '资金动向、产品到期和意向商机才推荐产品',
    });
    const unassessed = await cardWith(C.unassessed, [{ categoryId: 1, productId: null }]);
    expect(
      (await mm(t, sid1, 'GET', '/chance-card/next-product', { card_id: unassessed })).body.data.suggestion,
    ).toBeNull();
    expect((await mm(t, sid2, 'GET', '/chance-card/next-product', { card_id: cardId })).status).toBe(404);
  });
});

describe('own tracking of the adviser work, at the intake', () => {
  const identity = trackingIdentityFrom({
    userinfos: JSON.stringify({ employee_id: 'E0001', employee: { is_financial_advisor: 1 } }),
    uuids: null,
    search: '',
    cookie: '',
  });
  const post = async (name: string, data: Record<string, unknown>, token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/smart-live/smart-service/advisor/event.php',
      headers: {
        ...signedHeaders({ scheme: 'basic', now: t.clock.now() }),
        appid: 'live',
        authorization: `Bearer ${token}`,
      },
      payload: buildOwnEvent(identity, name, data, t.clock.now().getTime()),
    });

  it('events the client builds arrive as advisor rows with every spec field, and the data table counts them by day', async () => {
    const users = createUsersRepository(t.database.db);
    // Just before the business day turns (UTC+8 midnight): this one belongs to yesterday.
    const dayStart = businessDayStart(new Date(t.clock.now().getTime() + DAY));
    t.clock.set(new Date(dayStart.getTime() - 1000));
    const token = (await users.createSession(1, t.clock.now())).token;
    expect((await post(E.cardOpened, { card_id: 1, page: 'oppDetail' }, token)).statusCode).toBe(200);
    t.clock.set(dayStart);
    sid1 = (await users.createSession(1, t.clock.now())).token;
    const token2 = (await users.createSession(1, t.clock.now())).token;
    for (const [name, data] of [
      [E.cardShown, { card_ids: [1, 2], count: 2 }],
      [E.cardOpened, { card_id: 1, page: 'oppDetail' }],
      [E.cardHandled, { card_id: 1, outcome: 'interested', follow_up: null }],
      [E.cardIgnored, { card_id: 2, reason: 'no_need', with_text: false }],
      [E.callStarted, { clue_id: 4 }],
      [E.searched, { keyword_length: 2, customers: 1, products: 0, cards: 0 }],
    ] as const)
      expect((await post(name, data, token2)).statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(ownTrackingEvents)
      .where(and(eq(ownTrackingEvents.variant, 'advisor'), eq(ownTrackingEvents.name, E.cardHandled)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userid).toBe('E0001');
    expect(rows[0]!.payload).toMatchObject({
      project_utype: 4,
      channel_source: 43,
      is_analyst: 1,
      version: '1.0.0',
      event_data: { outcome: 'interested' },
    });
    const stats = await mm(t, sid1, 'GET', '/chance-card/work-stats');
    expect(stats.body.data.counts).toMatchObject({
      [E.cardShown]: 1,
      [E.cardOpened]: 1,
      [E.cardHandled]: 1,
      [E.cardIgnored]: 1,
      [E.callStarted]: 1,
      [E.searched]: 1,
      [E.cardSnoozed]: 0,
    });
    expect(stats.body.data.total).toBe(6);
    // Another adviser's table counts only their own work.
    const users2 = (await mm(t, sid2, 'GET', '/chance-card/work-stats')).body.data;
    expect(users2.total).toBe(0);
  });
});
