/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { sql } from 'drizzle-orm';
import { ErrorCode } from '../../src/api/contract/codes';
import { InvitationErrorCode as E, REWARD_KINDS } from '../../src/api/contract/invitation-constants';
import { createTestApp, type TestApp } from '../test-support/app';
import { mgmClient } from '../test-support/invitation';
import { sessionTokenFor } from '../test-support/session';

let t: TestApp;
let c: ReturnType<typeof mgmClient>;
// One app for the file (each test uses its own inviter, phones, devices and addresses).
beforeAll(async () => {
  t = await createTestApp();
  c = mgmClient(t.app, t.database, t.clock.now);
});
afterAll(() => t.close());

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
let phoneSeq = 0;
/** A fresh mainland number per call. */
const phone = () => `1380000${String(1000 + (phoneSeq += 1)).slice(-4)}`;

/** A signed-in user's token (getToken hands out none without proof of who is asking). */
async function userToken(uuid: string): Promise<string> {
  return sessionTokenFor(t.database, uuid, t.clock.now());
}
/** Sign-in: a user token exchanged for an mgmtoken by userBaseInfo. */
async function mgmTokenOf(uuid: string, deviceId?: string): Promise<string> {
  const res = await c.call<{ mgmtoken: string }>('/invite/userBaseInfo', deviceId ? { deviceId } : {}, { token: await userToken(uuid) });
  return res.data!.mgmtoken;
}
let inviterSeq = 5;
/** A fresh inviter: the next seeded customer, signed in; their mgmtoken and share code. */
async function newInviter(): Promise<{ mgmtoken: string; shareCode: string }> {
  inviterSeq += 1;
  const res = await c.call<{ mgmtoken: string; shareCode: string }>('/invite/userBaseInfo', {}, { token: await userToken(`u${inviterSeq}`) });
  return res.data!;
}
async function friends(mgmtoken: string) {
  return (await c.call<{ list: Array<{ state: string; phone: string | null; flags: string[]; voidReason: string | null }> }>('/invite/friendList', {}, { mgmtoken })).data!.list;
}

describe('register: RSA, password rules, clear refusals', () => {
  test('RSA round trip: a password encrypted with the getRSA key registers; garbage is refused', async () => {
    const p = phone();
    const ok = await c.register(p);
    expect([ok.status, ok.code]).toEqual([200, 0]);
    expect(ok.data!.mgmtoken).toMatch(/^[\w-]{20,}$/);
    await c.call('/invite/sendCode', { region: '86', phone: phone() });
    const bad = await c.call('/invite/register', { region: '86', phone: phone(), code: '123456', password: 'QUJDREVGR0hJSktMTU5PUA==', deviceId: 'dev-garbage', agree: true });
    expect(bad.status).toBe(400);
  });

  test.each(['12345', '123456', 'abcdefg', '!!!!!!!', 'a1'.repeat(11)])('spec §5 refuses %s on the server', async (password) => {
    const res = await c.register(phone(), { password });
    expect([res.status, res.code]).toEqual([400, E.passwordWeak]);
  });

  test.each(['abc123', 'ABC!@#', '12345!', '密码abc123'])('accepts %s', async (password) => {
    expect((await c.register(phone(), { password })).code).toBe(0);
  });

  test('no agreement, unknown region, unknown link: each its own message', async () => {
    const p = phone();
    await c.call('/invite/sendCode', { region: '86', phone: p });
    const base = { region: '86', phone: p, code: (await c.smsCode(p))!, password: await c.encrypt('abc123'), deviceId: 'dev-x-1234' };
    expect((await c.call('/invite/register', { ...base, agree: false })).code).toBe(E.agreementRequired);
    expect((await c.call('/invite/register', { ...base, region: '99', agree: true })).code).toBe(E.phoneInvalid);
    expect((await c.call('/invite/register', { ...base, shareCode: 'ZZZZZZZZ', agree: true })).code).toBe(E.shareCodeUnknown);
    expect((await c.call('/invite/register', { ...base, memberId: 4, agree: true })).status).toBe(400);
  });

  test('one registration per phone and per WeChat identity', async () => {
    const p = phone();
    expect((await c.register(p)).code).toBe(0);
    t.clock.advance(2 * MIN);
    expect((await c.register(p, { deviceId: 'dev-other-1' })).code).toBe(E.phoneRegistered);
    const wechat = await userToken('u15');
    expect((await c.register(phone(), { token: wechat })).code).toBe(0);
    expect((await c.register(phone(), { token: wechat, deviceId: 'dev-other-2' })).code).toBe(E.wechatRegistered);
  });
});

describe('SMS limits', () => {
  test('60 s between sends, 5 an hour per phone', async () => {
    const p = phone();
    expect((await c.call('/invite/sendCode', { region: '86', phone: p })).code).toBe(0);
    const soon = await c.call('/invite/sendCode', { region: '86', phone: p });
    expect([soon.status, soon.code]).toEqual([429, E.smsTooSoon]);
    expect(soon.message).toMatch(/60秒/);
    for (let i = 0; i < 4; i += 1) {
      t.clock.advance(61_000);
      expect((await c.call('/invite/sendCode', { region: '86', phone: p })).code).toBe(0);
    }
    t.clock.advance(61_000);
    expect((await c.call('/invite/sendCode', { region: '86', phone: p })).code).toBe(E.smsPhoneHourly);
    t.clock.advance(60 * MIN);
    expect((await c.call('/invite/sendCode', { region: '86', phone: p })).code).toBe(0);
  });

  test('20 a day per address', async () => {
    for (let i = 0; i < 20; i += 1) expect((await c.call('/invite/sendCode', { region: '86', phone: phone() }, { ip: '10.9.9.9' })).code).toBe(0);
    expect((await c.call('/invite/sendCode', { region: '86', phone: phone() }, { ip: '10.9.9.9' })).code).toBe(E.smsIpDaily);
    expect((await c.call('/invite/sendCode', { region: '86', phone: phone() }, { ip: '10.9.9.8' })).code).toBe(0);
  });

  test('a code lives 5 minutes; 5 wrong tries void it', async () => {
    const p = phone();
    await c.call('/invite/sendCode', { region: '86', phone: p });
    const code = (await c.smsCode(p))!;
    const wrong = code === '000000' ? '111111' : '000000';
    const body = { region: '86', phone: p, password: await c.encrypt('abc123'), deviceId: 'dev-tries-1', agree: true };
    for (let i = 1; i <= 4; i += 1) expect((await c.call('/invite/register', { ...body, code: wrong })).message).toBe(`验证码错误，还可尝试${5 - i}次`);
    expect((await c.call('/invite/register', { ...body, code: wrong })).code).toBe(E.smsCodeVoided);
    expect((await c.call('/invite/register', { ...body, code })).code).toBe(E.smsCodeVoided);
    t.clock.advance(61_000);
    await c.call('/invite/sendCode', { region: '86', phone: p });
    t.clock.advance(5 * MIN);
    expect((await c.call('/invite/register', { ...body, code: (await c.smsCode(p))! })).code).toBe(E.smsCodeExpired);
  });
});

describe('attribution: first touch over 30 days', () => {
  test('a later link does not steal the visitor', async () => {
    const a = await newInviter();
    const b = await newInviter();
    expect((await c.open(a.shareCode, 'dev-visitor-1')).data).toMatchObject({ alreadyInvited: false, inviterName: expect.stringMatching(/\*/) });
    t.clock.advance(10 * DAY);
    expect((await c.open(b.shareCode, 'dev-visitor-1')).data!.alreadyInvited).toBe(true);
    const p = phone();
    const res = await c.register(p, { shareCode: b.shareCode, deviceId: 'dev-visitor-1' });
    expect(res.code).toBe(0);
    expect((await friends(a.mgmtoken))[0]).toMatchObject({ state: 'registered', phone: `${p.slice(0, 3)}****${p.slice(-4)}` });
    expect((await friends(b.mgmtoken)).length).toBe(0);
    // After registering, opening another link changes nothing.
    expect((await c.open(b.shareCode, 'dev-visitor-1')).data!.alreadyInvited).toBe(true);
    expect((await friends(b.mgmtoken)).length).toBe(0);
  });

  test('after 30 days the first touch lapses and a new link counts', async () => {
    const a = await newInviter();
    const b = await newInviter();
    await c.open(a.shareCode, 'dev-visitor-2');
    t.clock.advance(31 * DAY);
    expect((await c.open(b.shareCode, 'dev-visitor-2')).data!.alreadyInvited).toBe(false);
    expect((await c.register(phone(), { shareCode: b.shareCode, deviceId: 'dev-visitor-2' })).code).toBe(0);
    // mgmtokens live 30 days: sign in again after the jump.
    expect((await friends(await mgmTokenOf(`u${inviterSeq}`)))[0]!.state).toBe('registered');
    expect((await friends(await mgmTokenOf(`u${inviterSeq - 1}`))).find((f) => f.state === 'voided' && f.voidReason === 'expired')).toBeDefined();
  });
});

describe('fraud rules', () => {
  test('self-referral refused: same phone, same device, same WeChat identity', async () => {
    await mgmTokenOf('u4', 'dev-u4-phone');
    expect((await c.register('13900000004', { shareCode: 'SEEDU4AA' })).code).toBe(E.selfReferral);
    expect((await c.register(phone(), { shareCode: 'SEEDU4AA', deviceId: 'dev-u4-phone' })).code).toBe(E.selfReferral);
    expect((await c.register(phone(), { shareCode: 'SEEDU4AA', token: await userToken('u4') })).code).toBe(E.selfReferral);
  });

  test('the 4th registration from one address in a day is flagged ip_daily', async () => {
    const a = await newInviter();
    const flagged: boolean[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await c.register(phone(), { shareCode: a.shareCode, ip: '10.7.7.7' });
      expect(res.code).toBe(0);
      flagged.push(res.data!.flagged);
      t.clock.advance(2 * MIN);
    }
    expect(flagged).toEqual([false, false, false, true]);
    expect((await friends(a.mgmtoken))[0]!.flags).toEqual(['ip_daily']);
    t.clock.advance(DAY);
    expect((await c.register(phone(), { shareCode: a.shareCode, ip: '10.7.7.7' })).data!.flagged).toBe(false);
  });

  test('the 11th registration for one inviter in an hour is flagged inviter_hourly', async () => {
    const a = await newInviter();
    const flagged: boolean[] = [];
    for (let i = 0; i < 11; i += 1) {
      flagged.push((await c.register(phone(), { shareCode: a.shareCode, ip: `10.8.0.${i + 1}` })).data!.flagged);
      t.clock.advance(MIN);
    }
    expect(flagged.filter(Boolean).length).toBe(1);
    expect(flagged[10]).toBe(true);
    expect((await friends(a.mgmtoken))[0]!.flags).toEqual(['inviter_hourly']);
  });
});

describe('rewards: registration, identity, learning; never a purchase', () => {
  test('pending at registration, eligible after identity, granted after staff confirm', async () => {
    const a = await newInviter();
    const u5 = a.mgmtoken;
    const reg = await c.register(phone(), { shareCode: a.shareCode });
    const gifts = async () => (await c.call<{ list: Array<{ kind: string; state: string }>; grantedPoints: number }>('/invite/giftList', {}, { mgmtoken: u5 })).data!;
    expect((await gifts()).list).toEqual([expect.objectContaining({ kind: 'registration', state: 'pending' })]);
    const bad = await c.call('/invite/userBaseInfo', { identity: { realName: '张三丰', idNumber: '110101199003071234' } }, { mgmtoken: reg.data!.mgmtoken });
    expect(bad.code).toBe(E.identityInvalid);
    const verified = await c.call<{ verified: boolean }>('/invite/userBaseInfo', { identity: { realName: '张三丰', idNumber: '11010519491231002X' } }, { mgmtoken: reg.data!.mgmtoken });
    expect(verified.data!.verified).toBe(true);
    expect((await friends(u5))[0]).toMatchObject({ state: 'eligible' });
    const staff = await userToken('u3');
    const memberId = reg.data!.member.memberId;
    expect((await c.call('/review/confirm', { memberId, decision: 'approve' }, { token: staff })).code).toBe(E.bindRefused);
    expect((await c.call('/review/checkBind', { memberId, employeeId: 'E0003' }, { token: staff })).data).toMatchObject({ ok: false });
    expect((await c.call('/review/bind', { memberId, employeeId: 'E0001' }, { token: staff })).code).toBe(0);
    expect((await c.call('/review/confirm', { memberId, decision: 'approve' }, { token: staff })).data).toMatchObject({ invitationState: 'granted' });
    const after = await gifts();
    expect(after.list.map((g) => g.state)).toEqual(['granted', 'granted']);
    expect(after.grantedPoints).toBe(300);
    const log = await c.call<{ list: Array<{ action: string }> }>('/review/queryBindLog', { memberId }, { token: staff });
    expect(log.data!.list.map((l) => l.action)).toEqual(['approve', 'bind']);
  });

  test('a rejected review voids the invitation and its rewards with the reason', async () => {
    const a = await newInviter();
    const u5 = a.mgmtoken;
    const reg = await c.register(phone(), { shareCode: a.shareCode });
    const staff = await userToken('u1');
    await c.call('/review/confirm', { memberId: reg.data!.member.memberId, decision: 'reject', note: '疑似刷单' }, { token: staff });
    expect((await friends(u5))[0]).toMatchObject({ state: 'voided', voidReason: 'review_rejected' });
    const gifts = (await c.call<{ list: Array<{ state: string; voidReason: string }> }>('/invite/giftList', {}, { mgmtoken: u5 })).data!.list;
    expect(gifts).toEqual([expect.objectContaining({ state: 'voided', voidReason: 'review_rejected' })]);
  });

  test('no purchase reward exists: not a kind, refused by the database, no route about orders', async () => {
    expect(REWARD_KINDS).not.toContain('purchase');
    await expect(
      t.database.db.execute(sql`INSERT INTO mgm_rewards (member_id, kind, points, state, created_at) VALUES (1, 'purchase', 100, 'pending', now())`),
    ).rejects.toThrow();
    expect(t.app.printRoutes()).not.toMatch(/purchase|order|buy|trade/i);
  });
});

describe('identity only from the mgmtoken; review is staff only', () => {
  test('member calls without a valid mgmtoken are 401 210001; a user token signs in once', async () => {
    for (const path of ['/invite/friendList', '/invite/giftList']) {
      expect((await c.call(path, {})).code).toBe(ErrorCode.sessionInvalid);
      expect((await c.call(path, {}, { mgmtoken: 'x'.repeat(32) })).status).toBe(401);
      expect((await c.call(path, { memberId: 1 }, { mgmtoken: await mgmTokenOf('u4') })).status).toBe(400);
    }
    expect((await c.call('/invite/userBaseInfo', {})).status).toBe(401);
    const info = await c.call<{ shareCode: string; phone: string }>('/invite/userBaseInfo', {}, { mgmtoken: await mgmTokenOf('u4') });
    expect(info.data).toMatchObject({ shareCode: 'SEEDU4AA', phone: '139****0004' });
  });

  test.each(['/review/userList', '/review/checkSign', '/review/queryName', '/review/checkBind', '/review/bind', '/review/confirm', '/review/queryBindLog'])(
    '%s: 401 without sign-in, 403 for a customer, 200 for staff',
    async (path) => {
      const body: Record<string, Record<string, unknown>> = {
        '/review/checkSign': { memberId: 3 },
        '/review/queryName': { keyword: '王' },
        '/review/checkBind': { memberId: 3, employeeId: 'E0001' },
        '/review/bind': { memberId: 3, employeeId: 'E0001' },
        '/review/confirm': { memberId: 3, decision: 'reject' },
      };
      const b = body[path] ?? {};
      expect((await c.call(path, b)).status).toBe(401);
      expect((await c.call(path, b, { token: await userToken('u6') })).status).toBe(403);
      expect((await c.call(path, b, { token: await userToken('u1') })).status).toBe(200);
    },
  );
});
