/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { eq } from 'drizzle-orm';

import { ErrorCode } from '../../src/api/contract/codes';
import { InvitationErrorCode as E } from '../../src/api/contract/invitation-constants';
import { mgmMembers, users } from '../db/schema';
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
let phoneSeq = 0;
/** A fresh mainland number per call. */
const phone = () => `1380000${String(1000 + (phoneSeq += 1)).slice(-4)}`;

/** A signed-in user's token (getToken hands out none without proof of who is asking). */
async function userToken(uuid: string): Promise<string> {
  return sessionTokenFor(t.database, uuid, t.clock.now());
}
/** Joining (or, for a member, signing in again): a user token exchanged for an mgmtoken by the 加入 call. */
async function mgmTokenOf(uuid: string, deviceId?: string): Promise<string> {
  const res = await c.call<{ mgmtoken: string }>('/invite/join', deviceId ? { deviceId } : {}, {
    token: await userToken(uuid),
  });
  return res.data!.mgmtoken;
}
describe('register: RSA, password rules, clear refusals', () => {
  test('RSA round trip: a password encrypted with the getRSA key registers; garbage is refused', async () => {
    const p = phone();
    const ok = await c.register(p);
    expect([ok.status, ok.code]).toEqual([200, 0]);
    expect(ok.data!.mgmtoken).toMatch(/^[\w-]{20,}$/);
    await c.call('/invite/sendCode', { region: '86', phone: phone() });
    const bad = await c.call('/invite/register', {
      region: '86',
      phone: phone(),
      code: '123456',
      password: 'QUJDREVGR0hJSktMTU5PUA==',
      deviceId: 'dev-garbage',
      agree: true,
    });
    expect(bad.status).toBe(400);
  });

  test.each(['12345', '123456', 'abcdefg', '!!!!!!!', 'a1'.repeat(11)])(
    'the rule in docs/rules/validation.md refuses %s on the server',
    async (password) => {
      const res = await c.register(phone(), { password });
      expect([res.status, res.code]).toEqual([400, E.passwordWeak]);
    },
  );

  test.each(['abc123', 'ABC!@#', '12345!', '密码abc123'])('accepts %s', async (password) => {
    expect((await c.register(phone(), { password })).code).toBe(0);
  });

  test('no agreement, unknown region, unknown link: each its own message', async () => {
    const p = phone();
    await c.call('/invite/sendCode', { region: '86', phone: p });
    const base = {
      region: '86',
      phone: p,
      code: (await c.smsCode(p))!,
      password: await c.encrypt('abc123'),
      deviceId: 'dev-x-1234',
    };
    expect((await c.call('/invite/register', { ...base, agree: false })).code).toBe(E.agreementRequired);
    expect((await c.call('/invite/register', { ...base, region: '99', agree: true })).code).toBe(E.phoneInvalid);
    expect((await c.call('/invite/register', { ...base, shareCode: 'ZZZZZZZZ', agree: true })).code).toBe(
      E.shareCodeUnknown,
    );
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

// Attribution, fraud rules, SMS limits and reward states run on both drivers: invitation.pglite / invitation.pg.

describe('identity only from the mgmtoken; review is staff only', () => {
  test('member calls without a valid mgmtoken are 401 210001; a user token signs in once', async () => {
    for (const path of ['/invite/friendList', '/invite/giftList']) {
      expect((await c.call(path, {})).code).toBe(ErrorCode.sessionInvalid);
      expect((await c.call(path, {}, { mgmtoken: 'x'.repeat(32) })).status).toBe(401);
      expect((await c.call(path, { memberId: 1 }, { mgmtoken: await mgmTokenOf('u4') })).status).toBe(400);
    }
    expect((await c.call('/invite/userBaseInfo', {})).status).toBe(401);
    const info = await c.call<{ shareCode: string; phone: string }>(
      '/invite/userBaseInfo',
      {},
      { mgmtoken: await mgmTokenOf('u4') },
    );
    expect(info.data).toMatchObject({ shareCode: 'SEEDU4AA', phone: '139****0004' });
  });

  test.each([
    '/review/userList',
    '/review/checkSign',
    '/review/queryName',
    '/review/checkBind',
    '/review/bind',
    '/review/confirm',
    '/review/queryBindLog',
  ])(
    '%s: 401 without sign-in, 403 for a customer and for an adviser without the reviewer role, 200 for a reviewer',
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
      expect((await c.call(path, b, { token: await userToken('u1') })).status).toBe(403);
      expect((await c.call(path, b, { token: await userToken('u17') })).status).toBe(200);
    },
  );
});

describe('membership by choice', () => {
  const membersOf = async (uuid: string) => {
    const [u] = await t.database.db.select().from(users).where(eq(users.uuid, uuid));
    return t.database.db.select().from(mgmMembers).where(eq(mgmMembers.userId, u!.id));
  };

  test('opening the program (userBaseInfo) enrols no one: a signed-in non-member is told so, and stays one', async () => {
    expect(await membersOf('u8')).toHaveLength(0);
    const token = await userToken('u8');
    for (let i = 0; i < 2; i += 1) {
      const opened = await c.call('/invite/userBaseInfo', { deviceId: 'record-open-u8' }, { token });
      expect([opened.status, opened.code, opened.data]).toEqual([404, E.notMember, null]);
    }
    expect(await membersOf('u8')).toHaveLength(0);
  });

  test('加入 (join) makes the member once, and the mgmtoken it answers reads the program; joining again signs in', async () => {
    expect(await membersOf('u10')).toHaveLength(0);
    const token = await userToken('u10');
    const joined = await c.call<{ mgmtoken: string; shareCode: string }>('/invite/join', {}, { token });
    expect([joined.status, joined.code]).toEqual([200, 0]);
    expect(joined.data!.shareCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(await membersOf('u10')).toHaveLength(1);
    const me = await c.call<{ shareCode: string }>('/invite/userBaseInfo', {}, { mgmtoken: joined.data!.mgmtoken });
    expect(me.data!.shareCode).toBe(joined.data!.shareCode);
    // Now a member: opening with the user token signs in rather than refusing.
    const opened = await c.call<{ mgmtoken: string }>('/invite/userBaseInfo', {}, { token });
    expect([opened.status, typeof opened.data!.mgmtoken]).toEqual([200, 'string']);
    const again = await c.call<{ shareCode: string }>('/invite/join', {}, { token });
    expect(again.data!.shareCode).toBe(joined.data!.shareCode);
    expect(await membersOf('u10')).toHaveLength(1);
  });

  test('join without a sign-in is 401, so the client sends the visitor to sign in', async () => {
    const res = await c.call('/invite/join', {});
    expect([res.status, res.code]).toEqual([401, ErrorCode.sessionInvalid]);
  });
});

describe('one list for 我的 and /record', () => {
  type Friend = { id: number; phone: string | null; state: string; registeredAt: number | null };
  const list = async (mgmtoken: string, pageSize: number) =>
    (await c.call<{ list: Friend[]; total: number }>('/invite/friendList', { page: 1, pageSize }, { mgmtoken })).data!;

  test('我的 (the first 3) shows the first rows /record shows: registered friends before links only opened', async () => {
    const u4 = await mgmTokenOf('u4');
    // Two visitors open u4's link after the seeded friends registered: they must not push a friend off 我的.
    await c.open('SEEDU4AA', 'one-list-visitor-1');
    await c.open('SEEDU4AA', 'one-list-visitor-2');
    const record = await list(u4, 20);
    const mine = await list(u4, 3);
    expect(mine.total).toBe(record.total);
    expect(mine.list).toEqual(record.list.slice(0, 3));
    expect(mine.list.every((f) => f.phone !== null && f.registeredAt !== null)).toBe(true);
    const firstOpenOnly = record.list.findIndex((f) => f.registeredAt === null);
    expect(record.list.slice(firstOpenOnly).every((f) => f.registeredAt === null)).toBe(true);
    expect(record.list.filter((f) => f.phone === null).length).toBeGreaterThanOrEqual(2);
  });
});
