/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { ErrorCode } from '../../src/api/contract/envelope';
import { SIGNATURE_WINDOW_SECONDS } from '../../src/api/contract/signature';
import { sessions } from '../db/schema';
import { tokenHash } from '../security/token-hash';
import { createTestApp, type TestApp } from '../test-support/app';
import { sessionTokenFor } from '../test-support/session';
import { freshNonce, type SignOptions, signRequest } from '../test-support/sign';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The marketing map acts for the sid's adviser: the default test sid names adviser u1.
  await t.database.db.insert(sessions).values({
    token: tokenHash('sid-local-adviser'),
    userId: 1,
    createdAt: t.clock.now(),
    expiresAt: new Date(t.clock.now().getTime() + 3_600_000),
  });
});
afterAll(() => t.close());

const LIST = '/smart-live/smart-service/api/live/getLivesByCategoryId';
const listBody = { category_id: 32, employee_id: 'E0001', page_size: 2 };
const STATE = '/live-api/cs-live-app/api/live/getLiveState/1';
const CATEGORIES = '/market_map_url/chance/categories';
const TOKEN = '/smart-live/smart-service/api/id/getToken';

type Variant = { name: string; req: Parameters<typeof signRequest>[0]; scheme: SignOptions['scheme'] };
const variants: Variant[] = [
  { name: 'content (POST body)', scheme: 'content', req: { method: 'POST', url: LIST, body: listBody } },
  // getToken answers only with proof of identity: u4's sid, filled in before the tests.
  {
    name: 'content (GET query)',
    scheme: 'content',
    req: { method: 'GET', url: TOKEN, query: { user_id: 'u4' }, headers: {} },
  },
  { name: 'basic', scheme: 'basic', req: { method: 'GET', url: STATE } },
  { name: 'marketMap', scheme: 'marketMap', req: { method: 'GET', url: CATEGORIES } },
];

let adviserSid = '';
beforeAll(async () => {
  variants[1]!.req.headers!.accountid = await sessionTokenFor(t.database, 'u4', t.clock.now());
  adviserSid = await sessionTokenFor(t.database, 'u1', t.clock.now());
});

async function send(v: Variant, o: Partial<SignOptions> = {}, tamper?: (h: Record<string, string>) => void) {
  const r = signRequest(v.req, {
    scheme: v.scheme,
    now: t.clock.now(),
    ...(v.scheme === 'marketMap' ? { accountId: adviserSid } : {}),
    ...o,
  });
  tamper?.(r.headers);
  const res = await t.app.inject(r);
  return { status: res.statusCode, body: res.json() as { error: { code: number; message: string }; data: unknown } };
}

describe.each(variants)('$name signature', (v) => {
  test('accepted when fresh and correct', async () => {
    const { status, body } = await send(v);
    expect(body.error.code).toBe(ErrorCode.ok);
    expect(status).toBe(200);
  });

  test('refused when signed with the wrong secret (100402)', async () => {
    const { status, body } = await send(v, { secret: 'not-the-secret' });
    expect([status, body.error.code]).toEqual([401, ErrorCode.signatureInvalid]);
  });

  test('refused when stale (100403)', async () => {
    const ts = Math.floor(t.clock.now().getTime() / 1000) - SIGNATURE_WINDOW_SECONDS - 1;
    const { status, body } = await send(v, { timestamp: ts });
    expect([status, body.error.code]).toEqual([401, ErrorCode.signatureExpired]);
    expect(body.error.message).toMatch(/stale/);
  });

  test('refused when from the future (100403)', async () => {
    const ts = Math.floor(t.clock.now().getTime() / 1000) + SIGNATURE_WINDOW_SECONDS + 1;
    const { status, body } = await send(v, { timestamp: ts });
    expect([status, body.error.code]).toEqual([401, ErrorCode.signatureExpired]);
    expect(body.error.message).toMatch(/future/);
  });

  test('accepted at the edge of the window', async () => {
    const ts = Math.floor(t.clock.now().getTime() / 1000) - SIGNATURE_WINDOW_SECONDS;
    expect((await send(v, { timestamp: ts })).body.error.code).toBe(ErrorCode.ok);
  });

  test('refused when the nonce is replayed (100404)', async () => {
    const nonce = freshNonce();
    expect((await send(v, { nonce })).body.error.code).toBe(ErrorCode.ok);
    const again = await send(v, { nonce });
    expect([again.status, again.body.error.code]).toEqual([401, ErrorCode.signatureReplayed]);
  });

  test.each(['signature', 'timestamp', 'nonce', v.scheme === 'marketMap' ? 'accountid' : 'appkey'])(
    'refused without the %s header (100401)',
    async (name) => {
      const { status, body } = await send(v, {}, (h) => delete h[name]);
      expect([status, body.error.code]).toEqual([401, ErrorCode.signatureMissing]);
      expect(body.error.message).toContain(name);
    },
  );
});

describe('signature details', () => {
  test('a nonce refused for a bad signature is not spent', async () => {
    const v = variants[2]!;
    const nonce = freshNonce();
    expect((await send(v, { nonce, secret: 'wrong' })).body.error.code).toBe(ErrorCode.signatureInvalid);
    expect((await send(v, { nonce })).body.error.code).toBe(ErrorCode.ok);
  });

  test('a nonce can be reused once its window has passed', async () => {
    const v = variants[2]!;
    const nonce = freshNonce();
    expect((await send(v, { nonce })).body.error.code).toBe(ErrorCode.ok);
    t.clock.advance((SIGNATURE_WINDOW_SECONDS + 5) * 1000);
    expect((await send(v, { nonce })).body.error.code).toBe(ErrorCode.ok);
  });

  test.each(['smile', 'gopher'])('appkey %s is accepted', async (appKey) => {
    expect((await send(variants[2]!, { appKey })).body.error.code).toBe(ErrorCode.ok);
  });

  test('an unknown appkey is refused (100402)', async () => {
    const { status, body } = await send(variants[2]!, { appKey: 'evil' });
    expect([status, body.error.code]).toEqual([401, ErrorCode.signatureInvalid]);
    expect(body.error.message).toMatch(/wna, smile, gopher/);
  });

  test('content signature covers the body: changing it after signing is refused', async () => {
    const r = signRequest({ method: 'POST', url: LIST, body: listBody }, { scheme: 'content', now: t.clock.now() });
    const res = await t.app.inject({ ...r, payload: JSON.stringify({ ...listBody, employee_id: 'E0002' }) });
    expect([res.statusCode, res.json().error.code]).toEqual([401, ErrorCode.signatureInvalid]);
  });

  test('content signature covers the query', async () => {
    const r = signRequest(
      { method: 'GET', url: TOKEN, query: { user_id: 'u4' } },
      { scheme: 'content', now: t.clock.now() },
    );
    const res = await t.app.inject({ ...r, query: { user_id: 'u1' } });
    expect(res.json().error.code).toBe(ErrorCode.signatureInvalid);
  });

  test('a basic signature does not pass where the content one is required', async () => {
    const r = signRequest({ method: 'POST', url: LIST, body: listBody }, { scheme: 'basic', now: t.clock.now() });
    expect((await t.app.inject(r)).json().error.code).toBe(ErrorCode.signatureInvalid);
  });

  test('a non-numeric timestamp is refused (100402)', async () => {
    const { body } = await send(variants[2]!, {}, (h) => (h.timestamp = 'yesterday'));
    expect(body.error.code).toBe(ErrorCode.signatureInvalid);
  });
});
