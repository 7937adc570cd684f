/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { ErrorCode } from '../../src/api/contract/envelope';
import type { UserInfo } from '../../src/api/contract/user';
import { createUsersRepository, SESSION_TTL_MS } from '../repositories/users';
import { createTestApp, type TestApp } from '../test-support/app';
import { sessionTokenFor } from '../test-support/session';
import { signRequest } from '../test-support/sign';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TOKEN = '/smart-live/smart-service/api/id/getToken';
const FA = '/smart-live/smart-service/api/internal/id/query_fa_info';

/** getToken proven by the user's own sid (the WeCom code exchange's), as the client sends it. */
async function getToken(userId: string, asUser = userId) {
  const accountid = await sessionTokenFor(t.database, asUser, t.clock.now());
  const res = await t.app.inject(
    signRequest(
      { method: 'GET', url: TOKEN, query: { user_id: userId }, headers: { accountid } },
      { scheme: 'content', now: t.clock.now() },
    ),
  );
  return {
    status: res.statusCode,
    body: res.json() as { error: { code: number; message: string }; data: UserInfo | null },
  };
}

async function faInfo(headers: Record<string, string>, body: object = {}) {
  const res = await t.app.inject(
    signRequest({ method: 'POST', url: FA, body, headers }, { scheme: 'basic', now: t.clock.now() }),
  );
  return {
    status: res.statusCode,
    body: res.json() as { error: { code: number; message: string }; data: Record<string, unknown> | null },
  };
}

describe('GET getToken', () => {
  test('an adviser gets a token and the employee record', async () => {
    const { status, body } = await getToken('u1');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      user_id: 'u1',
      employee_id: 'E0001',
      real_name: '王建国',
      group_no: null,
      employee: { employee_id: 'E0001', is_financial_advisor: 1 },
    });
    expect(body.data?.token).toMatch(/^[\w-]{20,}$/);
    expect(body.data?.expires_at).toBe(Math.floor((t.clock.now().getTime() + SESSION_TTL_MS) / 1000));
  });

  test('an employee who is not a financial adviser has the flag at 0', async () => {
    expect((await getToken('u3')).body.data?.employee?.is_financial_advisor).toBe(0);
  });

  test('a customer has a group number and no employee record', async () => {
    const { body } = await getToken('u4');
    expect(body.data).toMatchObject({ employee_id: 'C0004', group_no: 'G01', employee: null });
  });

  test("another user's user_id is a 403; no proof of identity is a 401", async () => {
    const { status, body } = await getToken('u1', 'u4');
    expect([status, body.error.code, body.data]).toEqual([403, ErrorCode.forbidden, null]);
    const bare = await t.app.inject(
      signRequest({ method: 'GET', url: TOKEN, query: { user_id: 'u1' } }, { scheme: 'content', now: t.clock.now() }),
    );
    expect([bare.statusCode, bare.json().error.code]).toEqual([401, ErrorCode.sessionInvalid]);
  });

  test('a missing user_id is a 400 naming the field', async () => {
    const res = await t.app.inject(
      signRequest({ method: 'GET', url: TOKEN, query: {} }, { scheme: 'content', now: t.clock.now() }),
    );
    expect([res.statusCode, res.json().error.code]).toEqual([400, ErrorCode.badRequest]);
    expect(res.json().error.message).toMatch(/querystring\.user_id/);
  });
});

describe('adviser-only query_fa_info', () => {
  test('an adviser sees their own card, with Bearer, raw or token header', async () => {
    const token = (await getToken('u1')).body.data!.token;
    const variants: Record<string, string>[] = [
      { authorization: `Bearer ${token}` },
      { authorization: token },
      { token },
    ];
    for (const headers of variants) {
      const { status, body } = await faInfo(headers);
      expect(status).toBe(200);
      expect(body.data).toMatchObject({
        employee_id: 'E0001',
        name: '王建国',
        is_financial_advisor: 1,
        phone: '138****0001',
      });
    }
  });

  test("an adviser can look up another adviser's card", async () => {
    const token = (await getToken('u1')).body.data!.token;
    expect((await faInfo({ token }, { employee_id: 'E0002' })).body.data).toMatchObject({ name: '李晓梅' });
    const missing = await faInfo({ token }, { employee_id: 'C0004' });
    expect([missing.status, missing.body.error.code]).toEqual([404, ErrorCode.notFound]);
  });

  test('a customer is refused with 100406 (HTTP 403)', async () => {
    const token = (await getToken('u4')).body.data!.token;
    const { status, body } = await faInfo({ token });
    expect([status, body.error.code, body.data]).toEqual([403, ErrorCode.forbidden, null]);
  });

  test('no token: 210001 (HTTP 401)', async () => {
    const { status, body } = await faInfo({});
    expect([status, body.error.code]).toEqual([401, ErrorCode.sessionInvalid]);
  });

  test('an unknown token: 210001', async () => {
    expect((await faInfo({ authorization: 'Bearer not-a-token' })).body.error.code).toBe(ErrorCode.sessionInvalid);
  });

  test('an expired token: 210002, decided by the injected clock', async () => {
    const token = (await getToken('u2')).body.data!.token;
    expect((await faInfo({ token })).body.error.code).toBe(ErrorCode.ok);
    t.clock.advance(SESSION_TTL_MS);
    const { status, body } = await faInfo({ token });
    expect([status, body.error.code]).toEqual([401, ErrorCode.sessionExpired]);
  });

  test('a revoked token: 210003', async () => {
    const token = (await getToken('u2')).body.data!.token;
    await createUsersRepository(t.database.db).revokeSession(token, t.clock.now());
    expect((await faInfo({ token })).body.error.code).toBe(ErrorCode.sessionKicked);
  });

  test('the signature is checked before the token', async () => {
    const res = await t.app.inject({ method: 'POST', url: FA, payload: {}, headers: { token: 'x' } });
    expect(res.json().error.code).toBe(ErrorCode.signatureMissing);
  });

  test('an unexpected body field is a 400 naming it', async () => {
    const token = (await getToken('u1')).body.data!.token;
    const { status, body } = await faInfo({ token }, { employee_id: 'E0001', extra: 1 });
    expect([status, body.error.code]).toEqual([400, ErrorCode.badRequest]);
    expect(body.error.message).toMatch(/body\.extra/);
  });
});
