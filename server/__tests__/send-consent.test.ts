/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { and, asc, count, eq, like } from 'drizzle-orm';

import { COMPLIANCE_DECISION_LABELS, COMPLIANCE_REASON_LABELS } from '../../src/api/contract/compliance-trail';
import { SEND_FAILURES } from '../../src/api/contract/market-map-send';
import { complianceEvents, mktCustomers, mktForwards, mktReachContacts } from '../db/schema';
import { csvLine } from '../plugins/services/compliance';
import { createUsersRepository } from '../repositories/users';
import { createTestApp, type TestApp } from '../test-support/app';
import { mm } from '../test-support/market-map';

// 发消息 asks before it sends (docs/workbench.md "Consent before a send"): the chooser's read writes nothing and
// spends nothing; the adviser's confirmed choice writes once, with what was shown and chosen; WeCom's answer decides.

let t: TestApp;
let sid1: string;
let customerId = 0;
let suggested = 0;
let shown: number[] = [];

/** Everything a send could leave behind: forwards, trail rows, contacts. */
async function footprint() {
  const db = t.database.db;
  const [[f], [e], [r]] = await Promise.all([
    db.select({ n: count() }).from(mktForwards),
    db.select({ n: count() }).from(complianceEvents),
    db.select({ n: count() }).from(mktReachContacts),
  ]);
  return { forwards: f!.n, events: e!.n, contacts: r!.n };
}

const options = (q: Record<string, unknown>) => mm(t, sid1, 'GET', '/chance/reach/send-options', q);

beforeAll(async () => {
  t = await createTestApp();
  const users = createUsersRepository(t.database.db);
  sid1 = (await users.createSession(1, t.clock.now())).token;
  const mine = await t.database.db
    .select({ id: mktCustomers.id })
    .from(mktCustomers)
    .where(eq(mktCustomers.adviserId, 1))
    .orderBy(asc(mktCustomers.id))
    .limit(40);
  // The first of u1's customers to whom something may go today (some have no current risk assessment).
  for (const c of mine) {
    const res = await options({ customer_id: c.id });
    if (res.body.data?.suggested_id && res.body.data.budget.remaining > 0) {
      customerId = c.id;
      suggested = res.body.data.suggested_id;
      shown = res.body.data.options.map((o: { material_id: number }) => o.material_id);
      break;
    }
  }
  expect(customerId).toBeGreaterThan(0);
}, 120_000);
afterAll(() => t.close());

describe('the chooser’s question', () => {
  it('offers the suggestion first with why, its verdict and what the customer receives, and writes nothing', async () => {
    const before = await footprint();
    const res = await options({ customer_id: customerId });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.options[0].material_id).toBe(data.suggested_id);
    expect(data.options[0].verdict).toEqual({ ok: true });
    expect(data.options[0].why).toMatch(/[\u4e00-\u9fff]/);
    for (const o of data.options) {
      expect(typeof o.title).toBe('string');
      // A material naming a product carries the disclosures the customer's page shows.
      expect(o.disclosures.length > 0).toBe(o.products.length > 0);
      if (!o.verdict.ok) expect(o.verdict.reason).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(data.budget).toEqual({ limit: 1, used: 0, remaining: 1 });
    expect(await footprint()).toEqual(before);
  });

  it('puts a preferred material (a retry) first and says why', async () => {
    const other = shown.find((id) => id !== suggested);
    if (other === undefined) return;
    const res = await options({ customer_id: customerId, prefer: other });
    expect(res.body.data.suggested_id).toBe(other);
    expect(res.body.data.options[0].why).toBe('上次发送未送达，可重新发送');
  });

  it('answers 400 without exactly one target and 404 for a customer not mine', async () => {
    expect((await options({})).status).toBe(400);
    const [theirs] = await t.database.db
      .select({ id: mktCustomers.id })
      .from(mktCustomers)
      .where(eq(mktCustomers.adviserId, 2))
      .limit(1);
    expect((await options({ customer_id: theirs!.id })).status).toBe(404);
  });
});

describe('the confirmed send', () => {
  it('records once with what was shown and chosen, and a failed WeCom send gives the contact back', async () => {
    const before = await footprint();
    const offer = { shown, suggested, chosen: `material:${suggested}` };
    const body = {
      fileId: suggested,
      customer_ids: [customerId],
      channel: 'wecom_chat',
      idempotency_key: 'consent-test-0001',
      offer,
    };
    const first = await mm(t, sid1, 'POST', '/chance/file/forward', body);
    expect(first.status).toBe(200);
    const forwardId = first.body.data.sent[0].forward_id as number;
    // The same confirm again (a retried request) writes nothing more.
    const again = await mm(t, sid1, 'POST', '/chance/file/forward', body);
    expect(again.body.data.sent[0].forward_id).toBe(forwardId);
    const after = await footprint();
    expect(after.forwards - before.forwards).toBe(1);
    expect(after.events - before.events).toBe(2);
    const rows = await t.database.db
      .select()
      .from(complianceEvents)
      .where(eq(complianceEvents.subject, `forward:${forwardId}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.decision).toBe('pending');
    expect(rows[0]!.detail).toMatchObject({ offer });
    // Pending, the contact is held.
    expect((await options({ customer_id: customerId })).body.data.budget.used).toBe(1);

    const rec = await mm(t, sid1, 'POST', '/chance/file/share-record', {
      forward_ids: [forwardId],
      api: 'sendChatMessage',
      ok: false,
      reason: 'SDK_TIMEOUT',
    });
    expect(rec.status).toBe(200);
    const [f] = await t.database.db.select().from(mktForwards).where(eq(mktForwards.id, forwardId));
    expect(f!.sharedVia).toBe('sendChatMessage.SDK_TIMEOUT:fail');
    const [failed] = await t.database.db
      .select()
      .from(complianceEvents)
      .where(and(eq(complianceEvents.subject, `forward:${forwardId}`), eq(complianceEvents.decision, 'failed')));
    expect(failed!.reason).toBe('SDK_TIMEOUT');
    expect((await options({ customer_id: customerId })).body.data.budget.used).toBe(0);
  });

  it('sends a plain text only through the content policy, pending until WeCom answers', async () => {
    const refused = await mm(t, sid1, 'POST', '/chance/reach/message', {
      customer_id: customerId,
      text: '这只产品保本保收益，年化8%',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('消息');
    const ok = await mm(t, sid1, 'POST', '/chance/reach/message', {
      customer_id: customerId,
      text: '您好，明天上午方便通个电话吗？',
      offer: { shown, suggested, chosen: 'text' },
    });
    expect(ok.status).toBe(200);
    const subject = `message:${ok.body.data.contact_id}`;
    const res = await mm(t, sid1, 'POST', '/chance/reach/message-result', {
      contact_id: ok.body.data.contact_id,
      ok: false,
      reason: 'SEND_CANCELLED',
    });
    expect(res.status).toBe(200);
    const rows = await t.database.db
      .select()
      .from(complianceEvents)
      .where(like(complianceEvents.subject, subject))
      .orderBy(asc(complianceEvents.id));
    expect(rows.map((r) => [r.decision, r.reason])).toEqual([
      ['pending', null],
      ['failed', 'SEND_CANCELLED'],
    ]);
    expect(rows[0]!.detail).toMatchObject({ text: '您好，明天上午方便通个电话吗？', offer: { chosen: 'text' } });
  });
});

describe('the trail in words', () => {
  it('says a failed send’s state and reason in Chinese, with the codes in columns of their own', () => {
    const at = new Date('2026-11-26T01:00:00Z');
    const line = csvLine({
      e: {
        id: 1,
        kind: 'forward',
        actorId: 1,
        adviserId: 1,
        customerId: 4,
        productId: null,
        subject: 'forward:9',
        decision: 'failed',
        reason: 'SDK_TIMEOUT',
        detail: {},
        at,
        seq: 41,
        hash: 'ab12',
      },
      actorName: '王建国',
      adviserName: '王建国',
      customerName: '张*',
      productName: null,
    } as Parameters<typeof csvLine>[0]);
    expect(line).toBe(
      '2026-11-26 09:00:00,素材转发,王建国,王建国,张*,,forward:9,未送达,企业微信未响应，已停止发送,,failed,SDK_TIMEOUT,41,ab12',
    );
    expect(COMPLIANCE_DECISION_LABELS.pending).toBe('待企业微信确认');
    for (const code of Object.keys(SEND_FAILURES)) expect(COMPLIANCE_REASON_LABELS[code]).toMatch(/[\u4e00-\u9fff]/);
  });
});
