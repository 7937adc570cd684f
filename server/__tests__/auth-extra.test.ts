/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { createDecipheriv } from 'node:crypto';
import { eq } from 'drizzle-orm';

import { localEnvironment } from '../../config/environments';
import { ErrorCode } from '../../src/api/contract/codes';
import { LOGIN_TOKEN_TTL_MS } from '../../src/api/contract/helpers-constants';
import { mktCustomers, users } from '../db/schema';
import { localScheme } from '../plugins/services/auth-extra';
import { createTestApp, type TestApp } from '../test-support/app';
import { sessionTokenFor } from '../test-support/session';
import { signRequest } from '../test-support/sign';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LS = '/smart-live/smart-service';
const LA = '/live-api/cs-live-app';
const GID = '/noah-common/wx-ecology-java/api/wxEcology/user/userInfoByGid';
type Body = {
  error?: { code: number; message: string };
  code?: number;
  msg?: string;
  data: Record<string, unknown> | null;
};

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await t.app.inject(
    signRequest({ method: 'POST', url, body, headers }, { scheme: 'basic', now: t.clock.now() }),
  );
  return { status: res.statusCode, body: res.json() as Body };
}

async function tokenOf(userId: string): Promise<string> {
  return sessionTokenFor(t.database, userId, t.clock.now());
}

describe('generate_scheme', () => {
  test('the same page always gets the same weixin:// link; other pages other links', async () => {
    const a = await post(`${LS}/api/common/generate_scheme`, { path: 'pages/live/index', query: 'id=7' });
    expect(a.status).toBe(200);
    expect(a.body.data?.openlink).toBe(
      localScheme(localEnvironment.miniProgram.customerAppId, 'pages/live/index', 'id=7'),
    );
    expect(a.body.data?.openlink).toMatch(/^weixin:\/\/dl\/business\/\?t=[\w-]{12}$/);
    const again = await post(`${LS}/api/common/generate_scheme`, { path: 'pages/live/index', query: 'id=7' });
    expect(again.body.data?.openlink).toBe(a.body.data?.openlink);
    const other = await post(`${LS}/api/common/generate_scheme`, { path: 'pages/index/index' });
    expect(other.body.data?.openlink).not.toBe(a.body.data?.openlink);
  });

  test('a malformed path or a forged signature is refused', async () => {
    expect((await post(`${LS}/api/common/generate_scheme`, { path: 'javascript:alert(1)' })).status).toBe(400);
    const req = signRequest(
      { method: 'POST', url: `${LS}/api/common/generate_scheme`, body: { path: 'pages/index/index' } },
      { scheme: 'basic', now: t.clock.now() },
    );
    const forged = await t.app.inject({ ...req, headers: { ...req.headers, signature: 'f'.repeat(32) } });
    expect(forged.statusCode).toBe(401);
  });
});

describe('make_login_token → sync_login_by_token', () => {
  test('a signed-in user hands the sign-in on once; a second use and an expired token are refused', async () => {
    const token = await tokenOf('u4');
    const made = await post(`${LA}/api/id/make_login_token`, {}, { authorization: token });
    expect(made.status).toBe(200);
    expect(made.body.data?.expires_in).toBe(LOGIN_TOKEN_TTL_MS / 1000);
    const loginToken = made.body.data?.login_token as string;
    const synced = await post(`${LA}/api/id/sync_login_by_token`, { login_token: loginToken });
    expect(synced.body.data).toMatchObject({ user_id: 'u4' });
    expect(synced.body.data?.token).not.toBe(token);
    const replay = await post(`${LA}/api/id/sync_login_by_token`, { login_token: loginToken });
    expect(replay.status).toBe(401);
    expect(replay.body.error?.code).toBe(ErrorCode.sessionInvalid);

    const late = (await post(`${LA}/api/id/make_login_token`, {}, { authorization: token })).body.data
      ?.login_token as string;
    t.clock.advance(LOGIN_TOKEN_TTL_MS + 1000);
    expect((await post(`${LA}/api/id/sync_login_by_token`, { login_token: late })).body.error?.code).toBe(
      ErrorCode.sessionInvalid,
    );
  });

  test('make_login_token needs a sign-in', async () => {
    expect((await post(`${LA}/api/id/make_login_token`, {})).body.error?.code).toBe(ErrorCode.sessionInvalid);
  });
});

describe('the permission pair', () => {
  test('a customer must confirm once; the confirmation is kept', async () => {
    const token = await tokenOf('u5');
    const before = await post(`${LA}/api/permission/self-auth-context`, {}, { authorization: token });
    expect(before.body.data).toEqual({ required: true, confirmed: false, confirmed_at: null });
    const confirmed = await post(`${LA}/api/permission/self-auth`, { confirm: true }, { authorization: token });
    expect(confirmed.body.data).toMatchObject({ required: true, confirmed: true });
    const after = await post(`${LA}/api/permission/self-auth-context`, {}, { authorization: token });
    expect(after.body.data).toEqual(confirmed.body.data);
  });

  test('an adviser never needs to; a body without confirm:true is refused', async () => {
    const token = await tokenOf('u1');
    expect((await post(`${LA}/api/permission/self-auth-context`, {}, { authorization: token })).body.data).toEqual({
      required: false,
      confirmed: true,
      confirmed_at: null,
    });
    expect((await post(`${LA}/api/permission/self-auth`, { confirm: false }, { authorization: token })).status).toBe(
      400,
    );
  });
});

describe('userInfoByGid', () => {
  const decrypt = (b64: string) => {
    const d = createDecipheriv('aes-128-ecb', Buffer.from(localEnvironment.secrets.aesKey, 'utf8'), null);
    return JSON.parse(Buffer.concat([d.update(b64, 'base64'), d.final()]).toString('utf8')) as unknown;
  };
  const get = async (gid: string, token?: string) => {
    const res = await t.app.inject(
      signRequest(
        { method: 'GET', url: GID, query: { gid }, headers: token ? { authorization: token } : {} },
        { scheme: 'basic', now: t.clock.now() },
      ),
    );
    return { status: res.statusCode, body: res.json() as Body };
  };

  test("answers the caller's own profile AES-encrypted with the environment key", async () => {
    const res = await get('u1', await tokenOf('u1'));
    expect(res.body.code).toBe(0);
    expect(decrypt(res.body.data?.encrypt_data as string)).toMatchObject({ gid: 'u1', role: 'adviser' });
  });

  test("an adviser reads their own customer; another user's name is unknown to everyone else", async () => {
    const customerOf = async (adviserId: number) =>
      (
        await t.database.db
          .select({ uuid: users.uuid })
          .from(mktCustomers)
          .innerJoin(users, eq(users.id, mktCustomers.userId))
          .where(eq(mktCustomers.adviserId, adviserId))
          .limit(1)
      )[0];
    const [mine, theirs] = [await customerOf(1), await customerOf(2)];
    const own = await get(mine!.uuid, await tokenOf('u1'));
    expect([own.body.code, (decrypt(own.body.data?.encrypt_data as string) as { gid: string }).gid]).toEqual([
      0,
      mine!.uuid,
    ]);
    // Another adviser's customer, an adviser read by a customer, one customer read by another: as if unknown.
    expect(await get(theirs!.uuid, await tokenOf('u1'))).toEqual({
      status: 200,
      body: { code: ErrorCode.notFound, msg: '用户不存在', data: null },
    });
    expect((await get('u1', await tokenOf('u4'))).body.code).toBe(ErrorCode.notFound);
    expect((await get(mine!.uuid === 'u5' ? 'u6' : 'u5', await tokenOf('u4'))).body.code).toBe(ErrorCode.notFound);
  });

  test('unknown gid → not found; no sign-in → session invalid', async () => {
    expect((await get('nobody', await tokenOf('u4'))).body.code).toBe(ErrorCode.notFound);
    expect((await get('u1')).body.error?.code).toBe(ErrorCode.sessionInvalid);
  });
});

test('the follow QR code is served from the static host', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/static/follow/qrcode.svg' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('image/svg+xml');
  expect(res.body).toContain('<svg');
});
