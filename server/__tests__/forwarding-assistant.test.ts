/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { eq } from 'drizzle-orm';

import { mktCustomers, users } from '../db/schema';
import { dropPageChrome } from '../materials/page-chrome';
import { approveMaterial } from '../repositories/material-review';
import { createUsersRepository } from '../repositories/users';
import { createTestApp, type TestApp } from '../test-support/app';
import { mm } from '../test-support/market-map';

// 转发助手 (docs/workbench.md "Materials, forwarding and read tracking"): the adviser's own card, the article's own
// images, no page chrome; and its output meets the content policy and suitability like any material.
let t: TestApp;
let sid1: string;
let certificate: string;
beforeAll(async () => {
  t = await createTestApp();
  sid1 = (await createUsersRepository(t.database.db).createSession(1, t.clock.now())).token;
  const [me] = await t.database.db.select().from(users).where(eq(users.id, 1));
  certificate = me!.certificateNo!;
});
afterAll(() => t.close());

const transform = (body: Record<string, unknown>) => mm(t, sid1, 'POST', '/resource/wx-article-transform', body);
const text = (html: string) => html.replace(/<[^>]+>/g, '');

test('a sample link: the adviser\'s certificate from the employee record, the article\'s own figure, no "分享"', async () => {
  expect(certificate).toMatch(/^F0310\d{9}$/);
  const r = await transform({ url: 'https://mp.weixin.qq.com/s/noah-asset-allocation-2025' });
  expect(r.status).toBe(200);
  const html: string = r.body.data.html;
  // The number the product share pages show (users.certificate_no), not one made up from the employee id.
  expect(html).toContain(`从业资格编号 ${certificate}`);
  expect(html).not.toContain('F0000001');
  expect(html).toMatch(/<img[^>]+src="\/static\/articles\/asset-allocation\.svg"/);
  expect(html).not.toContain('/static/covers/');
  expect(text(html)).not.toContain('分享');
  const figure = await t.app.inject({ method: 'GET', url: '/static/articles/asset-allocation.svg' });
  expect([figure.statusCode, figure.headers['content-type']]).toEqual([200, 'image/svg+xml; charset=utf-8']);
  expect(figure.body).toContain('资产配置');
  expect(figure.body).not.toContain('LIVE');
  expect((await t.app.inject({ method: 'GET', url: '/static/articles/nope.svg' })).statusCode).toBe(404);
});

test('a customer reading a forwarded material sees the same certificate on the adviser card', async () => {
  const m = (await transform({ html: '<h1>市场周报</h1><p>本周市场震荡，注意分散配置。</p>' })).body.data;
  // Approved on 审核台 by u17 许文清 (id 17), as every repost must be before it goes out.
  await approveMaterial(t.database.db, m.material_id, 17, t.clock.now());
  const [c] = await t.database.db
    .select()
    .from(mktCustomers)
    .where(eq(mktCustomers.adviserId, 1))
    .orderBy(mktCustomers.id)
    .limit(1);
  const sent = await mm(t, sid1, 'POST', '/chance/file/forward', {
    fileId: m.material_id,
    customer_ids: [c!.id],
    channel: 'wecom_chat',
    idempotency_key: 'fa-certificate-0001',
  });
  const token: string = sent.body.data.sent[0].token;
  const page = await t.app.inject({ method: 'GET', url: `/market_map_url/share/material?token=${token}` });
  expect(page.json().data.adviser.qualification_no).toBe(certificate);
});

test('its output meets the content policy (a promise is refused) and suitability (an R4 article is not for a C1 customer)', async () => {
  const promise = await transform({ html: '<p>保本保收益，年化稳赚 8%</p>' });
  expect(promise.status).toBeGreaterThanOrEqual(400);
  expect(JSON.stringify(promise.body)).toMatch(/内容|承诺|保本/);
  // Naming an R4 product links it; once a reviewer approves it, it is sent like the library's materials.
  const named = (await transform({ html: '<p>关注 000961 的长期机会</p>' })).body.data;
  await approveMaterial(t.database.db, named.material_id, 17, t.clock.now());
  const mine = await t.database.db
    .select()
    .from(mktCustomers)
    .where(eq(mktCustomers.adviserId, 1))
    .orderBy(mktCustomers.id)
    .limit(2);
  const later = new Date(t.clock.now().getTime() + 200 * 86_400_000);
  await t.database.db
    .update(mktCustomers)
    .set({ riskLevel: 'C1', riskExpiresAt: later })
    .where(eq(mktCustomers.id, mine[0]!.id));
  await t.database.db
    .update(mktCustomers)
    .set({ riskLevel: 'C5', riskExpiresAt: later })
    .where(eq(mktCustomers.id, mine[1]!.id));
  const sent = await mm(t, sid1, 'POST', '/chance/file/forward', {
    fileId: named.material_id,
    customer_ids: [mine[0]!.id, mine[1]!.id],
    channel: 'wecom_chat',
    idempotency_key: 'fa-suitability-0001',
  });
  expect(sent.status).toBe(200);
  expect(sent.body.data.refused.map((r: { reason_code: string }) => r.reason_code)).toEqual(['RISK_LEVEL_TOO_LOW']);
  expect(sent.body.data.sent).toHaveLength(1);
});

test('page chrome: share / like links go, words of the article stay', () => {
  expect(dropPageChrome('<p>正文</p><p><a>分享</a></p><p><a href="javascript:void(0)">在看</a> 尾</p>')).toBe(
    '<p>正文</p><p> 尾</p>',
  );
  // A real link named 分享 (to an address) and the word inside a sentence are content.
  expect(dropPageChrome('<p><a href="https://x.example/s">分享</a>会的回放</p>')).toContain('分享');
  expect(dropPageChrome('<p>欢迎分享给朋友</p>')).toBe('<p>欢迎分享给朋友</p>');
});
