/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { eq } from 'drizzle-orm';

import { FINAL_DECISION_TEXT, FOUR_EYES_REASONS } from '../../src/api/contract/compliance-trail';
import type { StaffRole } from '../../src/api/contract/roles';
import { mgmBindLogs, mgmMembers, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test-support/app';
import { mgmClient } from '../test-support/invitation';
import { sessionTokenFor } from '../test-support/session';
import { signRequest } from '../test-support/sign';

/*
 * Who may review comes from the session's employee record, and the four-eyes rule: nobody decides
 * what benefits them (the inviter, the adviser being bound) or what they wrote (the answer's author).
 * Every attempt, allowed or refused, is in the compliance trail.
 */
let t: TestApp;
let c: ReturnType<typeof mgmClient>;
beforeAll(async () => {
  t = await createTestApp();
  c = mgmClient(t.app, t.database, t.clock.now);
  // An operations clerk: signs in through WeCom, neither a financial adviser nor a reviewer.
  await t.database.db.insert(users).values({
    uuid: 'clerk1',
    employeeId: 'E0901',
    realName: '赵运营',
    avatar: '/static/avatars/a1.svg',
    role: 'adviser',
    isFinancialAdvisor: false,
    title: '运营专员',
    department: '客户运营部',
    staffRoles: [],
    createdAt: t.clock.now(),
  });
});
afterAll(() => t.close());

const token = (uuid: string) => sessionTokenFor(t.database, uuid, t.clock.now());
const setRoles = (uuid: string, staffRoles: StaffRole[]) =>
  t.database.db.update(users).set({ staffRoles }).where(eq(users.uuid, uuid));
const userId = async (uuid: string) => (await c.repos.users.findByUuid(uuid))!.id;
const trail = async (subject: string) =>
  (await c.repos.compliance.list({ kind: 'review', limit: 100 }))
    .filter((e) => e.subject === subject)
    .reverse()
    .map((e) => ({ actor: e.actorId, decision: e.decision, reason: e.reason, action: e.detail.action }));

let phoneSeq = 0;
const phone = () => `1371234${String(1000 + (phoneSeq += 1)).slice(-4)}`;

/** A staff member who joined the invitation program invites a new phone, which registers and verifies its identity. */
async function invitedBy(uuid: string) {
  const inviter = (
    await c.call<{ mgmtoken: string; shareCode: string }>('/invite/join', {}, { token: await token(uuid) })
  ).data!;
  const reg = await c.register(phone(), { shareCode: inviter.shareCode });
  expect(reg.code).toBe(0);
  const verified = await c.call(
    '/invite/userBaseInfo',
    { identity: { realName: '张三丰', idNumber: '11010519491231002X' } },
    { mgmtoken: reg.data!.mgmtoken },
  );
  expect(verified.data).toMatchObject({ verified: true });
  return { inviter, memberId: reg.data!.member.memberId };
}
const gifts = async (mgmtoken: string) =>
  (
    await c.call<{ list: Array<{ kind: string; state: string }>; grantedPoints: number; pendingPoints: number }>(
      '/invite/giftList',
      {},
      { mgmtoken },
    )
  ).data!;

describe('invitation bindings: reviewers only, never one’s own', () => {
  afterEach(() => Promise.all([setRoles('u1', []), setRoles('u2', [])]));

  test('an adviser who invited cannot bind or confirm his invitee, with or without the reviewer role; another reviewer can; the trail has every attempt', async () => {
    const { inviter, memberId } = await invitedBy('u1');
    const subject = `member:${memberId}`;
    expect((await gifts(inviter.mgmtoken)).list.map((g) => g.state)).toEqual(['pending', 'pending']);

    // Before: any WeCom employee could call review/*. Now the role is on the employee record.
    const asAdviser = await token('u1');
    const noRole = await c.call('/review/bind', { memberId, employeeId: 'E0001' }, { token: asAdviser });
    expect([noRole.status, noRole.message]).toEqual([403, '仅审核员（合规/运营审核）可以操作']);
    expect((await c.call('/review/userList', {}, { token: asAdviser })).status).toBe(403);

    // Even as a reviewer he may not decide what rewards him.
    await setRoles('u1', ['reviewer']);
    const bind = await c.call('/review/bind', { memberId, employeeId: 'E0001' }, { token: asAdviser });
    expect([bind.status, bind.message]).toEqual([403, FOUR_EYES_REASONS.own_invitation]);
    const confirm = await c.call('/review/confirm', { memberId, decision: 'approve' }, { token: asAdviser });
    expect([confirm.status, confirm.message]).toEqual([403, FOUR_EYES_REASONS.own_invitation]);
    const list = await c.call<{ list: Array<{ memberId: number; fourEyes: string | null }> }>(
      '/review/userList',
      { pageSize: 50 },
      { token: asAdviser },
    );
    expect(list.data!.list.find((m) => m.memberId === memberId)?.fourEyes).toBe(FOUR_EYES_REASONS.own_invitation);
    const check = await c.call<{ ok: boolean; reasons: string[] }>(
      '/review/checkBind',
      { memberId, employeeId: 'E0001' },
      { token: asAdviser },
    );
    expect(check.data).toMatchObject({ ok: false, reasons: [FOUR_EYES_REASONS.own_invitation] });
    expect((await gifts(inviter.mgmtoken)).list.map((g) => g.state)).toEqual(['pending', 'pending']);

    // An operations clerk signs in through WeCom too, and is no reviewer.
    const clerk = await c.call('/review/confirm', { memberId, decision: 'approve' }, { token: await token('clerk1') });
    expect(clerk.status).toBe(403);

    // Another reviewer (许文清) binds him to the inviting adviser and confirms: the rewards are granted.
    const reviewer = await token('u17');
    expect(
      (
        await c.call<{ list: Array<{ memberId: number; fourEyes: string | null }> }>(
          '/review/userList',
          { pageSize: 50 },
          { token: reviewer },
        )
      ).data!.list.find((m) => m.memberId === memberId)?.fourEyes,
    ).toBeNull();
    expect((await c.call('/review/bind', { memberId, employeeId: 'E0001' }, { token: reviewer })).code).toBe(0);
    expect(
      (await c.call('/review/confirm', { memberId, decision: 'approve', note: '资料齐全' }, { token: reviewer })).data,
    ).toMatchObject({ invitationState: 'granted' });
    expect((await gifts(inviter.mgmtoken)).list.map((g) => g.state)).toEqual(['granted', 'granted']);

    const [u1, u17, clerkId] = [await userId('u1'), await userId('u17'), await userId('clerk1')];
    expect(await trail(subject)).toEqual([
      { actor: u1, decision: 'refused', reason: 'not_reviewer', action: 'bind' },
      { actor: u1, decision: 'refused', reason: 'own_invitation', action: 'bind' },
      { actor: u1, decision: 'refused', reason: 'own_invitation', action: 'approve' },
      { actor: clerkId, decision: 'refused', reason: 'not_reviewer', action: 'approve' },
      { actor: u17, decision: 'bound', reason: null, action: 'bind' },
      { actor: u17, decision: 'approved', reason: '资料齐全', action: 'approve' },
    ]);
    const approved = (await c.repos.compliance.list({ kind: 'review', adviserId: u1, limit: 100 })).find(
      (e) => e.subject === subject && e.decision === 'approved',
    );
    expect(approved).toMatchObject({ actorId: u17, adviserId: u1 });
  });

  test('re-binding another adviser’s member to oneself is refused; so is confirming a member bound to oneself', async () => {
    // Invited by a customer, bound to 王建国 by a reviewer.
    const { memberId } = await invitedBy('u9');
    expect((await c.call('/review/bind', { memberId, employeeId: 'E0001' }, { token: await token('u17') })).code).toBe(
      0,
    );

    await setRoles('u2', ['reviewer']);
    const steal = await c.call('/review/bind', { memberId, employeeId: 'E0002' }, { token: await token('u2') });
    expect([steal.status, steal.message]).toEqual([403, FOUR_EYES_REASONS.own_binding]);
    await setRoles('u1', ['reviewer']);
    const own = await c.call('/review/confirm', { memberId, decision: 'approve' }, { token: await token('u1') });
    expect([own.status, own.message]).toEqual([403, FOUR_EYES_REASONS.own_binding]);
    // A reviewer with nothing at stake may re-bind to 李晓梅.
    expect((await c.call('/review/bind', { memberId, employeeId: 'E0002' }, { token: await token('u3') })).code).toBe(
      0,
    );
    expect((await trail(`member:${memberId}`)).map((e) => [e.decision, e.reason])).toEqual([
      ['bound', null],
      ['refused', 'own_binding'],
      ['refused', 'own_binding'],
      ['bound', null],
    ]);
  });

  test('binding targets are financial advisers only: queryName lists none else, bind refuses the rest', async () => {
    const reviewer = await token('u17');
    const found = await c.call<{ list: Array<{ employeeId: string; isFinancialAdvisor: boolean }> }>(
      '/review/queryName',
      { keyword: 'E000' },
      { token: reviewer },
    );
    expect(found.data!.list.map((a) => a.employeeId)).toEqual(['E0001', 'E0002']);
    const { memberId } = await invitedBy('u10');
    const clerkTarget = await c.call('/review/bind', { memberId, employeeId: 'E0003' }, { token: reviewer });
    expect([clerkTarget.status, clerkTarget.message]).toEqual([400, '该员工不是理财师，不能服务客户']);
  });
});

describe('final decisions stay final: only a second reviewer reverses them, with a reason', () => {
  afterEach(() => setRoles('u2', []));
  const adviserOf = async (memberId: number) => {
    const [m] = await t.database.db.select().from(mgmMembers).where(eq(mgmMembers.id, memberId));
    return { adviserId: m!.adviserId, bindState: m!.bindState };
  };
  /** This invitation's two rewards (registration, identity): the inviter's newest. */
  const latest = async (mgmtoken: string) => (await gifts(mgmtoken)).list.slice(0, 2).map((g) => g.state);
  type Done = { memberId: number; finalDecision: { decidedBy: string | null; reverseBlock: string | null } | null };
  const doneAs = async (uuid: string, memberId: number) =>
    (
      await c.call<{ list: Done[] }>('/review/userList', { status: 'done', pageSize: 50 }, { token: await token(uuid) })
    ).data!.list.find((m) => m.memberId === memberId)?.finalDecision;

  test('before: u17 rejected a confirmed binding, re-bound and approved, and the rewards stayed; now the ordinary steps are refused and the reversal reopens the review, rewards following', async () => {
    const { inviter, memberId } = await invitedBy('u9');
    const [u2, u1, u3, u17] = [await userId('u2'), await userId('u1'), await userId('u3'), await userId('u17')];
    const asU3 = await token('u3');
    const asU17 = await token('u17');
    expect((await c.call('/review/bind', { memberId, employeeId: 'E0002' }, { token: asU3 })).code).toBe(0);
    expect((await c.call('/review/confirm', { memberId, decision: 'approve' }, { token: asU3 })).data).toMatchObject({
      bindState: 'confirmed',
      invitationState: 'granted',
    });
    expect(await latest(inviter.mgmtoken)).toEqual(['granted', 'granted']);

    // The before-scenario: each ordinary step on the confirmed binding is refused (409) and on the trail.
    for (const [path, body] of [
      ['/review/confirm', { memberId, decision: 'reject', note: '改绑' }],
      ['/review/bind', { memberId, employeeId: 'E0001' }],
      ['/review/confirm', { memberId, decision: 'approve' }],
    ] as const) {
      const res = await c.call(path, body, { token: asU17 });
      expect([res.status, res.message]).toEqual([409, FINAL_DECISION_TEXT]);
    }
    expect(await adviserOf(memberId)).toEqual({ adviserId: u2, bindState: 'confirmed' });
    expect(await latest(inviter.mgmtoken)).toEqual(['granted', 'granted']);

    // The desk shows who decided and who may reverse.
    expect(await doneAs('u3', memberId)).toEqual({
      decidedBy: '陈志强',
      at: expect.any(Number),
      reverseBlock: FOUR_EYES_REASONS.not_second_reviewer,
    });
    expect(await doneAs('u17', memberId)).toMatchObject({ decidedBy: '陈志强', reverseBlock: null });

    // Not the one who confirmed it; not the adviser it binds; not without a reason.
    const own = await c.call('/review/reverse', { memberId, reason: '我看错了' }, { token: asU3 });
    expect([own.status, own.message]).toEqual([403, FOUR_EYES_REASONS.not_second_reviewer]);
    await setRoles('u2', ['reviewer']);
    const bound = await c.call('/review/reverse', { memberId, reason: '改派' }, { token: await token('u2') });
    expect([bound.status, bound.message]).toEqual([403, FOUR_EYES_REASONS.own_binding]);
    const blank = await c.call('/review/reverse', { memberId, reason: '  ' }, { token: asU17 });
    expect([blank.status, blank.message]).toEqual([400, '请填写撤销原因']);
    expect(await latest(inviter.mgmtoken)).toEqual(['granted', 'granted']);

    // The second reviewer reverses: back into review, the grant revoked until the next decision.
    const reversed = await c.call(
      '/review/reverse',
      { memberId, reason: '客户申请更换理财师，需重新核对' },
      { token: asU17 },
    );
    expect(reversed.data).toEqual({ memberId, bindState: 'bound', invitationState: 'verified' });
    expect(await latest(inviter.mgmtoken)).toEqual(['pending', 'pending']);
    expect((await c.call('/review/reverse', { memberId, reason: '再撤一次' }, { token: asU17 })).status).toBe(409);

    // Now the ordinary steps decide again, and the rewards follow the final state.
    expect((await c.call('/review/bind', { memberId, employeeId: 'E0001' }, { token: asU17 })).code).toBe(0);
    expect((await c.call('/review/confirm', { memberId, decision: 'approve' }, { token: asU17 })).data).toMatchObject({
      invitationState: 'granted',
    });
    expect(await adviserOf(memberId)).toEqual({ adviserId: u1, bindState: 'confirmed' });
    expect(await latest(inviter.mgmtoken)).toEqual(['granted', 'granted']);

    expect(await trail(`member:${memberId}`)).toEqual([
      { actor: u3, decision: 'bound', reason: null, action: 'bind' },
      { actor: u3, decision: 'approved', reason: null, action: 'approve' },
      { actor: u17, decision: 'refused', reason: 'final_decision', action: 'reject' },
      { actor: u17, decision: 'refused', reason: 'final_decision', action: 'bind' },
      { actor: u17, decision: 'refused', reason: 'final_decision', action: 'approve' },
      { actor: u3, decision: 'refused', reason: 'not_second_reviewer', action: 'reverse' },
      { actor: u2, decision: 'refused', reason: 'own_binding', action: 'reverse' },
      { actor: u17, decision: 'reversed', reason: '客户申请更换理财师，需重新核对', action: 'reverse' },
      { actor: u17, decision: 'bound', reason: null, action: 'bind' },
      { actor: u17, decision: 'approved', reason: null, action: 'approve' },
    ]);
    const log = await t.database.db.select().from(mgmBindLogs).where(eq(mgmBindLogs.memberId, memberId));
    expect(log.map((l) => [l.action, l.staffId])).toEqual([
      ['bind', u3],
      ['approve', u3],
      ['reverse', u17],
      ['bind', u17],
      ['approve', u17],
    ]);
  });

  test('a rejection is final too: reversing it lifts the voiding, and the next approval grants the rewards', async () => {
    const { inviter, memberId } = await invitedBy('u9');
    const asU3 = await token('u3');
    expect((await c.call('/review/bind', { memberId, employeeId: 'E0002' }, { token: asU3 })).code).toBe(0);
    expect(
      (await c.call('/review/confirm', { memberId, decision: 'reject', note: '资料不全' }, { token: asU3 })).data,
    ).toMatchObject({ bindState: 'rejected', invitationState: 'voided' });
    expect(await latest(inviter.mgmtoken)).toEqual(['voided', 'voided']);
    const again = await c.call('/review/confirm', { memberId, decision: 'approve' }, { token: await token('u17') });
    expect([again.status, again.message]).toEqual([409, FINAL_DECISION_TEXT]);

    const reversed = await c.call(
      '/review/reverse',
      { memberId, reason: '客户已补齐资料' },
      { token: await token('u17') },
    );
    expect(reversed.data).toEqual({ memberId, bindState: 'bound', invitationState: 'verified' });
    expect(await latest(inviter.mgmtoken)).toEqual(['pending', 'pending']);
    expect((await c.call('/review/confirm', { memberId, decision: 'approve' }, { token: asU3 })).data).toMatchObject({
      invitationState: 'granted',
    });
    expect(await latest(inviter.mgmtoken)).toEqual(['granted', 'granted']);
  });
});

describe('answers: reviewers publish, never their own', () => {
  const S = '/smart-live/smart-service/api/store';
  async function call(
    method: 'GET' | 'POST',
    url: string,
    as: string,
    o: { body?: unknown; query?: Record<string, string> } = {},
  ) {
    const res = await t.app.inject(
      signRequest(
        {
          method,
          url: `${S}/${url}`,
          body: o.body,
          query: o.query,
          headers: { authorization: `Bearer ${await token(as)}` },
        },
        { scheme: 'basic', now: t.clock.now() },
      ),
    );
    return { status: res.statusCode, json: res.json() as { error: { code: number; message: string }; data: any } }; // eslint-disable-line @typescript-eslint/no-explicit-any -- each test reads its fields
  }
  afterEach(() => setRoles('u1', []));

  test('the author (王建国 writes for 周立衡) is refused with the reason and shown as blocked; 许文清 publishes; both in the trail', async () => {
    const questionId = (await call('GET', 'expert/questions', 'u1')).json.data.list[0].question.id as number;
    const saved = await call('POST', 'answer_save', 'u1', {
      body: { question_id: questionId, content: '先看期限与风险承受能力，市场有风险，投资需谨慎。', submit: true },
    });
    expect(saved.json.data.state).toBe('in_review');
    const answerId = saved.json.data.answer_id as number;

    await setRoles('u1', ['reviewer']);
    const listed = await call('GET', 'review/answers', 'u1', { query: { limit: '50' } });
    expect(listed.json.data.list.find((a: { answer_id: number }) => a.answer_id === answerId).four_eyes).toBe(
      FOUR_EYES_REASONS.own_answer,
    );
    const self = await call('POST', 'review/decide', 'u1', { body: { answer_id: answerId, decision: 'publish' } });
    expect([self.status, self.json.error.message]).toEqual([403, FOUR_EYES_REASONS.own_answer]);
    const clerk = await call('POST', 'review/decide', 'clerk1', { body: { answer_id: answerId, decision: 'publish' } });
    expect(clerk.status).toBe(403);

    // 许文清 has the role on her employee record only (no other reviewer list exists).
    const other = await call('GET', 'review/answers', 'u17', { query: { limit: '50' } });
    expect(other.json.data.list.find((a: { answer_id: number }) => a.answer_id === answerId).four_eyes).toBeNull();
    expect((await call('GET', 'review/role', 'u17')).json.data).toEqual({ reviewer: true, expert_id: null });
    const published = await call('POST', 'review/decide', 'u17', {
      body: { answer_id: answerId, decision: 'publish' },
    });
    expect(published.json.data.state).toBe('published');

    const [u1, u17, clerkId] = [await userId('u1'), await userId('u17'), await userId('clerk1')];
    expect(await trail(`answer:${answerId}`)).toEqual([
      { actor: u1, decision: 'refused', reason: 'own_answer', action: 'publish' },
      { actor: clerkId, decision: 'refused', reason: 'not_reviewer', action: 'publish' },
      { actor: u17, decision: 'published', reason: null, action: 'publish' },
    ]);
  });

  test('the expert’s inbox: open questions, and his returned answer with the reviewer’s reason', async () => {
    const inbox = (await call('GET', 'expert/questions', 'u2', { query: { limit: '5' } })).json.data;
    expect(inbox.list).toHaveLength(5);
    const questionId = inbox.list[0].question.id as number;
    const saved = await call('POST', 'answer_save', 'u2', {
      body: { question_id: questionId, content: '建议结合自身风险承受能力配置。', submit: true },
    });
    const answerId = saved.json.data.answer_id as number;
    expect(
      (
        await call('POST', 'review/decide', 'u3', {
          body: { answer_id: answerId, decision: 'return', reason: '请补充风险提示' },
        })
      ).json.data.state,
    ).toBe('returned');
    const returned = (await call('GET', 'expert/answers', 'u2', { query: { state: 'returned' } })).json.data.list;
    expect(returned.find((a: { answer_id: number }) => a.answer_id === answerId)).toMatchObject({
      return_reason: '请补充风险提示',
    });
    const again = (await call('GET', 'expert/questions', 'u2', { query: { limit: '50' } })).json.data.list;
    expect(again.find((q: { question: { id: number } }) => q.question.id === questionId).my_answer).toMatchObject({
      answer_id: answerId,
      state: 'returned',
    });
    // Customers and staff who write for no expert have no inbox.
    expect((await call('GET', 'expert/questions', 'u5')).status).toBe(403);
    expect((await call('GET', 'expert/questions', 'u3')).status).toBe(403);
  });
});
