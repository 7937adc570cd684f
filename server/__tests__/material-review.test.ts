/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { and, eq, like } from 'drizzle-orm';

import { FOUR_EYES_REASONS } from '../../src/api/contract/compliance-trail';
import { MATERIAL_REVIEW_VALID_DAYS } from '../../src/api/contract/material-review';
import type { StaffRole } from '../../src/api/contract/roles';
import { complianceEvents, mktMaterials, users } from '../db/schema';
import { createUsersRepository } from '../repositories/users';
import { createTestApp, type TestApp } from '../test-support/app';
import { mm } from '../test-support/market-map';
import { sessionTokenFor } from '../test-support/session';
import { signRequest } from '../test-support/sign';

/*
 * Materials reviewed before use (docs/compliance.md): a review number comes only from a reviewer's
 * approval on 审核台; a return carries 修改意见 back to the author, who edits and resubmits; the author
 * and whoever gains from the material may not approve it; an unapproved or expired review stops sending.
 */
let t: TestApp;
let sid1: string;
const DAY = 86_400_000;
const S = '/smart-live/smart-service/api/review/materials';
beforeAll(async () => {
  t = await createTestApp();
  sid1 = (await createUsersRepository(t.database.db).createSession(1, t.clock.now())).token;
}, 120_000);
afterAll(() => t.close());

/** Moves the clock (a year on) with a fresh workbench session, as the adviser would sign in again. */
async function at(when: Date) {
  t.clock.set(when);
  sid1 = (await createUsersRepository(t.database.db).createSession(1, when)).token;
}
const token = (uuid: string) => sessionTokenFor(t.database, uuid, t.clock.now());
const setRoles = (uuid: string, staffRoles: StaffRole[]) =>
  t.database.db.update(users).set({ staffRoles }).where(eq(users.uuid, uuid));
const idOf = async (uuid: string) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.uuid, uuid)))[0]!.id;

async function desk(method: 'GET' | 'POST', path: string, as: string, o: { body?: unknown; query?: object } = {}) {
  const res = await t.app.inject(
    signRequest(
      {
        method,
        url: `${S}${path}`,
        body: o.body,
        query: o.query as Record<string, string>,
        headers: { authorization: `Bearer ${await token(as)}` },
      },
      { scheme: 'basic', now: t.clock.now() },
    ),
  );
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads its fields
  return { status: res.statusCode, json: res.json() as { error: { message: string }; data: any } };
}
const queue = async (as: string) =>
  (await desk('GET', '', as, { query: { limit: '50' } })).json.data.list as Array<{
    material_id: number;
    title: string;
    four_eyes: string | null;
    products: Array<{ code: string; risk_level: string }>;
    html: string | null;
    author: { name: string } | null;
    last_comment: string | null;
    disclosures: string[];
  }>;
const decide = (as: string, material_id: number, decision: 'approve' | 'return', comment?: string) =>
  desk('POST', '/decide', as, { body: { material_id, decision, ...(comment !== undefined ? { comment } : {}) } });
const trail = async (id: number) =>
  (
    await t.database.db
      .select()
      .from(complianceEvents)
      .where(and(eq(complianceEvents.kind, 'review'), eq(complianceEvents.subject, `material:${id}`)))
      .orderBy(complianceEvents.id)
  ).map((e) => [e.actorId, e.decision, e.reason, (e.detail as { action?: string }).action]);
const seeded = async (titlePrefix: string) =>
  (
    await t.database.db
      .select()
      .from(mktMaterials)
      .where(like(mktMaterials.title, `${titlePrefix}%`))
  )[0]!;
/** What the adviser's recipients list says of the first customer: the send's own verdict. */
const verdict = async (fileId: number) =>
  (await mm(t, sid1, 'GET', '/chance/file/recipients', { fileId })).body.data.list[0].suitability;

describe('审核台 素材: the queue, four eyes and the seeded decisions', () => {
  test('the seed’s review numbers are reviewers’ approvals on the trail, not bare data', async () => {
    const library = await t.database.db.select().from(mktMaterials).where(eq(mktMaterials.reviewState, 'approved'));
    expect(library.length).toBeGreaterThan(10);
    const [chen, xu] = [await idOf('u3'), await idOf('u17')];
    for (const m of library) {
      expect(m.reviewNo).toMatch(/^合规审核 NY-\d{4}-\d{4}$/);
      const approved = (await trail(m.id)).filter((r) => r[1] === 'approved');
      expect(approved).toHaveLength(1);
      expect([chen, xu]).toContain(approved[0]![0]);
    }
    expect(new Set(library.map((m) => m.reviewNo)).size).toBe(library.length);
  });

  test('the database refuses a bare review number: none without an approval and its expiry, none missing on one', async () => {
    const note = await seeded('王建国的转载');
    const set = (v: Partial<typeof mktMaterials.$inferInsert>) =>
      t.database.db.update(mktMaterials).set(v).where(eq(mktMaterials.id, note.id));
    await expect(set({ reviewNo: '合规审核 NY-2026-9999' })).rejects.toThrow();
    await expect(set({ reviewState: 'approved', reviewNo: '合规审核 NY-2026-9999' })).rejects.toThrow();
    await expect(set({ reviewState: 'approved', reviewExpiresAt: t.clock.now() })).rejects.toThrow();
    expect((await seeded('王建国的转载')).reviewState).toBe('pending');
  });

  test('陈志强 sees his own note as 需他人审核 and is refused (403, recorded); 许文清 sees it as the customer would and approves it', async () => {
    const note = await seeded('陈志强：');
    const mine = (await queue('u3')).find((m) => m.material_id === note.id)!;
    expect(mine.four_eyes).toBe(FOUR_EYES_REASONS.own_material);
    expect(mine.products).toEqual([
      expect.objectContaining({ code: '110017', risk_level: expect.stringMatching(/^R\d$/) }),
    ]);
    expect(mine.disclosures).toContain('基金有风险，投资需谨慎');
    expect(mine.html).toContain('读懂季报');
    const own = await decide('u3', note.id, 'approve');
    expect([own.status, own.json.error.message]).toEqual([403, FOUR_EYES_REASONS.own_material]);
    // An adviser without the role is no reviewer at all.
    expect((await decide('u1', note.id, 'approve')).status).toBe(403);
    expect((await desk('GET', '', 'u1')).status).toBe(403);

    const other = (await queue('u17')).find((m) => m.material_id === note.id)!;
    expect([other.four_eyes, other.author?.name]).toEqual([null, '陈志强']);
    const approved = await decide('u17', note.id, 'approve');
    expect(approved.json.data).toMatchObject({ state: 'approved', review_no: expect.stringMatching(/^合规审核 NY-/) });
    expect(approved.json.data.review_expires_at).toBe(t.clock.now().getTime() + MATERIAL_REVIEW_VALID_DAYS * DAY);
    expect((await decide('u17', note.id, 'approve')).status).toBe(409);
    const [chen, xu, u1] = [await idOf('u3'), await idOf('u17'), await idOf('u1')];
    expect(await trail(note.id)).toEqual([
      [chen, 'submitted', null, 'submit'],
      [chen, 'refused', 'own_material', 'approve'],
      [u1, 'refused', 'not_reviewer', 'approve'],
      [xu, 'approved', null, 'approve'],
    ]);
  });
});

describe('the author’s loop: submit, 修改意见, resubmit, approval, expiry', () => {
  let start: Date;
  beforeEach(() => {
    start = t.clock.now();
  });
  afterEach(async () => {
    await Promise.all([setRoles('u1', []), setRoles('u2', [])]);
    await at(start);
  });

  test('a forwarding-assistant article waits for review; returned with 修改意见 it goes back to its author, who resubmits; approved it is sent until the instant its review expires', async () => {
    const made = await mm(t, sid1, 'POST', '/resource/wx-article-transform', {
      html: '<h2>理性看待短期波动</h2><p>市场短期涨跌难以预测，配置应回到目标与期限。</p>',
    });
    const id = made.body.data.material_id as number;
    expect(made.body.data).toMatchObject({ review_no: '', review_state: 'pending', review_comment: null });
    expect(await verdict(id)).toMatchObject({ ok: false, reason_code: 'REVIEW_PENDING' });

    // The author, given the reviewer role, still may not approve his own.
    await setRoles('u1', ['reviewer']);
    expect((await queue('u1')).find((m) => m.material_id === id)?.four_eyes).toBe(FOUR_EYES_REASONS.own_material);
    expect((await decide('u1', id, 'approve')).status).toBe(403);

    const blank = await decide('u3', id, 'return', '  ');
    expect([blank.status, blank.json.error.message]).toEqual([400, '退回时请填写修改意见']);
    const comment = '请在文末补充风险提示';
    expect((await decide('u3', id, 'return', comment)).json.data).toMatchObject({ state: 'returned', comment });
    const detail = (await mm(t, sid1, 'GET', '/chance/file/detail', { fileId: id })).body.data;
    expect(detail).toMatchObject({ review_state: 'returned', review_comment: comment, review_no: '' });
    expect(await verdict(id)).toMatchObject({ ok: false, reason_code: 'REVIEW_PENDING' });
    // Another adviser's material is not his to resubmit.
    const notMine = await mm(t, sid1, 'POST', '/resource/material-resubmit', {
      fileId: (await seeded('李晓梅的转载：定投')).id,
      title: '改',
    });
    expect(notMine.status).toBe(404);

    const resubmitted = await mm(t, sid1, 'POST', '/resource/material-resubmit', {
      fileId: id,
      html: '<h2>理性看待短期波动</h2><p>市场短期涨跌难以预测，配置应回到目标与期限。基金有风险，投资需谨慎。</p>',
    });
    expect(resubmitted.body.data).toMatchObject({ review_state: 'pending', review_comment: null });
    expect((await mm(t, sid1, 'POST', '/resource/material-resubmit', { fileId: id, title: '再改' })).status).toBe(409);
    const again = (await queue('u17')).find((m) => m.material_id === id)!;
    expect(again.last_comment).toBe(comment);
    expect(again.html).toContain('投资需谨慎');

    const approved = (await decide('u17', id, 'approve')).json.data;
    const expires = approved.review_expires_at as number;
    expect(await verdict(id)).toEqual({ ok: true });

    // The day before and the last millisecond before the expiry it goes out; from that instant it does not.
    await at(new Date(expires - DAY));
    expect(await verdict(id)).toEqual({ ok: true });
    await at(new Date(expires - 1));
    expect(await verdict(id)).toEqual({ ok: true });
    await at(new Date(expires));
    expect(await verdict(id)).toMatchObject({
      ok: false,
      reason_code: 'REVIEW_EXPIRED',
      reason: '素材审核已过期，请重新提交审核',
    });
    const customers = (await mm(t, sid1, 'GET', '/chance/file/recipients', { fileId: id })).body.data.list;
    const sent = await mm(t, sid1, 'POST', '/chance/file/forward', {
      fileId: id,
      customer_ids: [customers[0].customer.customer_id],
      channel: 'wecom_chat',
      idempotency_key: 'review-expired-0001',
    });
    expect(sent.body.data.refused[0]).toMatchObject({ reason_code: 'REVIEW_EXPIRED' });
    // An expired review is resubmitted like a returned one.
    const renewed = await mm(t, sid1, 'POST', '/resource/material-resubmit', { fileId: id, title: '理性看待短期波动' });
    expect(renewed.body.data).toMatchObject({ review_state: 'pending', review_no: '' });

    const [u1, chen, xu] = [await idOf('u1'), await idOf('u3'), await idOf('u17')];
    expect(await trail(id)).toEqual([
      [u1, 'submitted', null, 'submit'],
      [u1, 'refused', 'own_material', 'approve'],
      [chen, 'returned', comment, 'return'],
      [u1, 'submitted', null, 'resubmit'],
      [xu, 'approved', null, 'approve'],
      [u1, 'submitted', null, 'resubmit'],
    ]);
  });

  test('an adviser named in a material gains from it: 李晓梅 may not approve a text that promotes her', async () => {
    const made = await mm(t, sid1, 'POST', '/resource/wx-article-transform', {
      html: '<h2>资深理财顾问李晓梅谈资产配置</h2><p>配置应回到目标、期限与风险承受能力。</p>',
    });
    const id = made.body.data.material_id as number;
    await setRoles('u2', ['reviewer']);
    expect((await queue('u2')).find((m) => m.material_id === id)?.four_eyes).toBe(
      FOUR_EYES_REASONS.material_beneficiary,
    );
    const refused = await decide('u2', id, 'approve');
    expect([refused.status, refused.json.error.message]).toEqual([403, FOUR_EYES_REASONS.material_beneficiary]);
    expect((await decide('u3', id, 'approve')).json.data.state).toBe('approved');
  });
});
