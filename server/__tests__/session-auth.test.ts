/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { localEnvironment } from '../../config/environments';
import { AUTH_CODE_TTL_MS, AuthErrorCode } from '../../src/api/contract/auth-constants';
import { ErrorCode } from '../../src/api/contract/codes';
import { jsSdkSignature, localTicket } from '../security/jssdk';
import { encryptField } from '../security/rsa';
import { createTestApp, type TestApp } from '../test-support/app';
import { mgmClient } from '../test-support/invitation';
import { signRequest } from '../test-support/sign';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { corpId, agentId } = localEnvironment.workChat;
const wechatAppId = localEnvironment.webChat.appId;
type Body = {
  error?: { code: number; message: string };
  code?: number;
  msg?: string;
  data: Record<string, unknown> | null;
};

async function post(url: string, body: unknown, ip = '10.0.0.1') {
  const res = await t.app.inject({
    ...signRequest({ method: 'POST', url, body }, { scheme: 'basic', now: t.clock.now() }),
    remoteAddress: ip,
  });
  return { status: res.statusCode, body: res.json() as Body, retryAfter: res.headers['retry-after'] };
}

/** A local authorization page (the list to pick from, or the pick), opened on this machine. */
const localAuth = (slug: 'wecom' | 'wechat', page: 'authorize' | 'pick', query: Record<string, string>) =>
  t.app.inject({
    method: 'GET',
    url: `/__local-auth/${slug}/connect/oauth2/${page}`,
    query,
    headers: { host: 'localhost' },
  });

/** Walks the local authorization page as a browser would; returns the code it hands back. */
async function authorize(
  slug: 'wecom' | 'wechat',
  user: string,
  appid = slug === 'wecom' ? corpId : wechatAppId,
): Promise<string> {
  const query = {
    appid,
    redirect_uri: '/marketMapIndex?from=menu',
    response_type: 'code',
    scope: 'snsapi_base',
    state: 'st1',
    ...(slug === 'wecom' ? { agentid: agentId } : {}),
  };
  const pageRes = await localAuth(slug, 'authorize', query);
  expect(pageRes.statusCode).toBe(200);
  expect(pageRes.body).toContain(`data-user="${user}"`);
  const pick = await localAuth(slug, 'pick', { ...query, user });
  expect(pick.statusCode).toBe(302);
  const back = new URL(pick.headers.location as string, 'http://localhost');
  expect(back.pathname).toBe('/marketMapIndex');
  expect(back.searchParams.get('from')).toBe('menu');
  expect(back.searchParams.get('state')).toBe('st1');
  return back.searchParams.get('code') as string;
}

describe('local authorization pages', () => {
  test('the WeCom page lists advisers only, the WeChat page customers only', async () => {
    const wecom = await localAuth('wecom', 'authorize', { appid: corpId, redirect_uri: '/x', agentid: agentId });
    expect(wecom.body).toContain('data-user="u1"');
    expect(wecom.body).not.toContain('data-user="u4"');
    const wechat = await localAuth('wechat', 'authorize', { appid: wechatAppId, redirect_uri: '/x' });
    expect(wechat.body).toContain('data-user="u4"');
    expect(wechat.body).not.toContain('data-user="u1"');
  });

  test('refuses another site as redirect_uri, a wrong app id and a customer on the WeCom page', async () => {
    const base = { appid: corpId, agentid: agentId, redirect_uri: 'https://evil.example/steal' };
    const evil = await localAuth('wecom', 'authorize', base);
    expect(evil.statusCode).toBe(400);
    expect(evil.body).toContain('不是本站地址');
    const wrongApp = await localAuth('wecom', 'authorize', { ...base, appid: 'nope', redirect_uri: '/x' });
    expect(wrongApp.statusCode).toBe(400);
    const customer = await localAuth('wecom', 'pick', { ...base, redirect_uri: '/x', user: 'u4' });
    expect(customer.statusCode).toBe(400);
  });
});

describe('work-wechat-login', () => {
  const URL_ = '/market_map_url/auth/work-wechat-login';

  test('a fresh code gives sid and fp_code; the sid is a session getToken-style guards accept', async () => {
    const code = await authorize('wecom', 'u1');
    const { status, body } = await post(URL_, { code });
    expect(status).toBe(200);
    expect(body.data).toEqual({ sid: expect.stringMatching(/^[\w-]{20,}$/), fp_code: 'u1' });
    const fa = await t.app.inject(
      signRequest(
        {
          method: 'POST',
          url: '/smart-live/smart-service/api/internal/id/query_fa_info',
          body: {},
          headers: { authorization: `Bearer ${body.data?.sid as string}` },
        },
        { scheme: 'basic', now: t.clock.now() },
      ),
    );
    expect(fa.statusCode).toBe(200);
  });

  test('a code is single-use (40163) and expires after 5 minutes (40029)', async () => {
    const code = await authorize('wecom', 'u2');
    expect((await post(URL_, { code })).body.error?.code).toBe(0);
    const again = await post(URL_, { code });
    expect(again.body.error?.code).toBe(ErrorCode.wechatCodeUsed);
    expect(again.body.data).toBeNull();
    const late = await authorize('wecom', 'u2');
    t.clock.advance(AUTH_CODE_TTL_MS + 1);
    expect((await post(URL_, { code: late })).body.error?.code).toBe(ErrorCode.wechatCodeInvalid);
  });

  test('a malformed code is a 400 with the reason; a forged signature (web-chat exchange) is refused', async () => {
    const bad = await post(URL_, { code: 'x"; drop' });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe(ErrorCode.badRequest);
    const exchange = '/noah-common/wx-ecology-java/api/wxEcology/auth/getToken';
    const forged = signRequest(
      { method: 'POST', url: exchange, body: { wxCode: 'a'.repeat(32), appId: wechatAppId, type: 2 } },
      { scheme: 'basic', now: t.clock.now(), secret: 'guess' },
    );
    const res = await t.app.inject(forged);
    expect(res.statusCode).toBe(401);
    expect((res.json() as Body).error?.code).toBe(ErrorCode.signatureInvalid);
  });

  test('a WeChat code does not sign in at WeCom', async () => {
    const code = await authorize('wechat', 'u4');
    expect((await post(URL_, { code })).body.error?.code).toBe(ErrorCode.wechatCodeInvalid);
  });
});

describe('web-chat code exchange (noah-common)', () => {
  const URL_ = '/noah-common/wx-ecology-java/api/wxEcology/auth/getToken';

  test('code 0 with token and isBind; the same code again is 40163', async () => {
    const wxCode = await authorize('wechat', 'u4');
    const first = await post(URL_, { wxCode, appId: wechatAppId, type: 2 });
    expect(first.body).toMatchObject({ code: 0, data: { token: expect.any(String), isBind: 1 } });
    expect((await post(URL_, { wxCode, appId: wechatAppId, type: 2 })).body).toMatchObject({
      code: ErrorCode.wechatCodeUsed,
      data: null,
    });
  });

  test('a wrong app id is 40029 and does not burn the code', async () => {
    const wxCode = await authorize('wechat', 'u5');
    expect((await post(URL_, { wxCode, appId: 'wx-other', type: 2 })).body.code).toBe(ErrorCode.wechatCodeInvalid);
    expect((await post(URL_, { wxCode, appId: wechatAppId, type: 2 })).body.code).toBe(0);
  });
});

describe('share signing and share-page sign-in', () => {
  const URL_ = '/smart-live/smart-service/api/id/auth/wechat/share';

  test('the signature is sha1 over ticket, nonce, timestamp and the url without its fragment', async () => {
    const { body } = await post(URL_, { url: 'http://localhost/wechatH5?a=1#frag' });
    const d = body.data as { appId: string; timestamp: number; nonceStr: string; signature: string; token: null };
    expect(d.appId).toBe(wechatAppId);
    expect(d.token).toBeNull();
    expect(d.signature).toBe(
      jsSdkSignature(localTicket(wechatAppId, 'jsapi'), d.nonceStr, d.timestamp, 'http://localhost/wechatH5?a=1'),
    );
    expect(d.signature).toMatch(/^[0-9a-f]{40}$/);
  });

  test('a good code saves a token; a used one answers -1', async () => {
    const code = await authorize('wechat', 'u6');
    expect((await post(URL_, { url: 'http://localhost/x', code })).body.data?.token).toEqual(expect.any(String));
    expect((await post(URL_, { url: 'http://localhost/x', code })).body.error?.code).toBe(ErrorCode.shareAuthRestart);
  });

  test('WeCom config and agent config are signed for the page', async () => {
    const { body } = await post('/smart-live/smart-service/api/live/wework/js_sdk_config', {
      url: 'http://localhost/marketMapIndex',
    });
    const d = body.data as {
      config: { nonceStr: string; timestamp: number; signature: string };
      agentConfig: { agentId: string; nonceStr: string; timestamp: number; signature: string };
    };
    expect(d.config.signature).toBe(
      jsSdkSignature(
        localTicket(corpId, 'jsapi'),
        d.config.nonceStr,
        d.config.timestamp,
        'http://localhost/marketMapIndex',
      ),
    );
    expect(d.agentConfig.agentId).toBe(agentId);
    expect(d.agentConfig.signature).toBe(
      jsSdkSignature(
        localTicket(corpId, 'agent'),
        d.agentConfig.nonceStr,
        d.agentConfig.timestamp,
        'http://localhost/marketMapIndex',
      ),
    );
  });
});

describe('SMS sign-in', () => {
  let pubKey = '';
  beforeAll(async () => {
    const key = await post('/live-api/cs-live-app/api/common/get_rsa', {});
    pubKey = key.body.data?.pubKey as string;
    expect(pubKey).toContain('BEGIN PUBLIC KEY');
  });
  const enc = (s: string) => encryptField(s, pubKey);
  const SEND = '/smart-live/smart-service/api/common/send_phone_code';
  const LOGIN = '/smart-live/smart-service/api/id/auth/info_mobile_login';
  const latestCode = async (phone: string) => {
    const page = await t.app.inject({ method: 'GET', url: '/__local-auth/sms' });
    const m = new RegExp(
      `data-phone="${phone}"></span>|data-phone="${phone}">[^<]*</span> <b data-code="(\\d{6})"`,
    ).exec(page.body);
    return m?.[1] as string;
  };

  test('the key stays the same across calls (kept in the database)', async () => {
    expect((await post('/live-api/cs-live-app/api/common/get_rsa', {})).body.data?.pubKey).toBe(pubKey);
  });

  test('opconfig names the offered phone regions (their lengths come from phone_region)', async () => {
    const res = await t.app.inject(
      signRequest(
        { method: 'GET', url: '/live-api/cs-live-app/api/common/opconfig', query: { key: 'liveCommonPhoneRegion' } },
        { scheme: 'basic', now: t.clock.now() },
      ),
    );
    expect(res.json()).toMatchObject({
      data: { key: 'liveCommonPhoneRegion', value: { codes: expect.arrayContaining(['86']) } },
    });
  });

  test('send a code, a wrong code is refused, the right one signs in once', async () => {
    expect((await post(SEND, { region: '86', phone: enc('13912345678') })).body.data).toEqual({
      resend_in: 60,
      expires_in: 300,
    });
    const code = await latestCode('86-13912345678');
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await post(LOGIN, {
      region: '86',
      phone: enc('13912345678'),
      code: enc(code === '000000' ? '111111' : '000000'),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toEqual({ code: AuthErrorCode.smsCodeWrong, message: '验证码错误，请重新输入' });
    const good = await post(LOGIN, { region: '86', phone: enc('13912345678'), code: enc(code) });
    expect(good.body.data).toMatchObject({ token: expect.any(String), real_name: '用户5678', employee: null });
    const replay = await post(LOGIN, { region: '86', phone: enc('13912345678'), code: enc(code) });
    expect(replay.body.error?.code).toBe(AuthErrorCode.smsCodeExpired);
    // The same phone signs into the same account next time (a minute later: sends to a phone are 60 s apart).
    t.clock.advance(60_000);
    await post(SEND, { region: '86', phone: enc('13912345678') });
    const again = await post(LOGIN, {
      region: '86',
      phone: enc('13912345678'),
      code: enc(await latestCode('86-13912345678')),
    });
    expect(again.body.data?.user_id).toBe(good.body.data?.user_id);
  });

  test('an over-long phone number and plain (unencrypted) text are clear 400s', async () => {
    const long = await post(SEND, { region: '86', phone: enc('139123456789') });
    expect(long.body.error).toEqual({ code: AuthErrorCode.phoneInvalid, message: '请输入11位手机号' });
    const plain = await post(SEND, { region: '86', phone: 'MTM5MTIzNDU2Nzg5MDEyMzQ1Njc4' });
    expect(plain.body.error?.code).toBe(AuthErrorCode.decryptFailed);
  });

  test('sign-in codes follow the one SMS rule: 60 s apart, 5 an hour per phone, each refusal a 429 with Retry-After', async () => {
    const phone = enc('13700000001');
    // Each send from a fresh address: only the phone's limits apply.
    expect((await post(SEND, { region: '86', phone }, '10.0.1.1')).status).toBe(200);
    t.clock.advance(59_000);
    const soon = await post(SEND, { region: '86', phone }, '10.0.1.2');
    expect([soon.status, soon.retryAfter, soon.body.error]).toEqual([
      429,
      '1',
      { code: AuthErrorCode.smsRateLimited, message: '请1秒后再获取验证码' },
    ]);
    for (let i = 0; i < 4; i += 1) {
      t.clock.advance(i === 0 ? 1_000 : 60_000);
      expect((await post(SEND, { region: '86', phone }, `10.0.1.${3 + i}`)).status).toBe(200);
    }
    // Five sent in the last 4 minutes: the sixth waits until the first is an hour old.
    t.clock.advance(60_000);
    const sixth = await post(SEND, { region: '86', phone }, '10.0.1.9');
    expect([sixth.status, sixth.retryAfter, sixth.body.error?.message]).toEqual([
      429,
      String(55 * 60),
      '该手机号1小时内获取验证码已达5次，请稍后再试',
    ]);
    t.clock.advance(55 * 60_000 - 1_000);
    expect((await post(SEND, { region: '86', phone }, '10.0.1.10')).status).toBe(429);
    t.clock.advance(1_000);
    expect((await post(SEND, { region: '86', phone }, '10.0.1.11')).status).toBe(200);
  });

  test('sign-in codes: 20 a day per address across phones; the 21st is a 429 until the first is a day old', async () => {
    for (let i = 0; i < 20; i += 1)
      expect(
        (await post(SEND, { region: '86', phone: enc(`1370001${String(i).padStart(4, '0')}`) }, '10.0.2.1')).status,
      ).toBe(200);
    const over = await post(SEND, { region: '86', phone: enc('13700019999') }, '10.0.2.1');
    expect([over.status, over.retryAfter, over.body.error?.message]).toEqual([
      429,
      String(24 * 3600),
      '当前网络今日获取验证码次数已达上限，请明天再试',
    ]);
    t.clock.advance(24 * 3600_000);
    expect((await post(SEND, { region: '86', phone: enc('13700019999') }, '10.0.2.1')).status).toBe(200);
  });

  test('a sign-in code lives 5 minutes and 5 wrong tries void it, the right code too', async () => {
    const phone = enc('13700000031');
    await post(SEND, { region: '86', phone }, '10.0.3.1');
    const code = await latestCode('86-13700000031');
    const wrong = enc(code === '000000' ? '111111' : '000000');
    for (let i = 0; i < 4; i += 1)
      expect((await post(LOGIN, { region: '86', phone, code: wrong })).body.error?.code).toBe(
        AuthErrorCode.smsCodeWrong,
      );
    expect((await post(LOGIN, { region: '86', phone, code: wrong })).body.error).toEqual({
      code: AuthErrorCode.smsCodeExpired,
      message: '验证码错误次数过多已作废，请重新获取',
    });
    expect((await post(LOGIN, { region: '86', phone, code: enc(code) })).body.error?.code).toBe(
      AuthErrorCode.smsCodeExpired,
    );
    t.clock.advance(60_000);
    await post(SEND, { region: '86', phone }, '10.0.3.1');
    const fresh = await latestCode('86-13700000031');
    t.clock.advance(5 * 60_000);
    expect((await post(LOGIN, { region: '86', phone, code: enc(fresh) })).body.error).toEqual({
      code: AuthErrorCode.smsCodeExpired,
      message: '验证码已失效，请重新获取',
    });
  });
});

describe('password sign-in and sign-out', () => {
  let pubKey = '';
  beforeAll(async () => {
    pubKey = (await post('/live-api/cs-live-app/api/common/get_rsa', {})).body.data?.pubKey as string;
  });
  const enc = (s: string) => encryptField(s, pubKey);
  const PASSWORD_LOGIN = '/smart-live/smart-service/api/id/auth/info_password_login';

  test('a member signs in with the password chosen at registration; a wrong one or an unknown phone get one same answer', async () => {
    const mgm = mgmClient(t.app, t.database, () => t.clock.now());
    expect((await mgm.register('13655550001', { password: 'river2026' })).status).toBe(200);
    const good = await post(PASSWORD_LOGIN, { region: '86', phone: enc('13655550001'), password: enc('river2026') });
    expect(good.status).toBe(200);
    expect(good.body.data).toMatchObject({ token: expect.any(String), real_name: expect.any(String) });
    const wrong = await post(PASSWORD_LOGIN, { region: '86', phone: enc('13655550001'), password: enc('river2027') });
    const unknown = await post(PASSWORD_LOGIN, { region: '86', phone: enc('13655550999'), password: enc('river2026') });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toEqual({
      code: AuthErrorCode.passwordWrong,
      message: '手机号或密码错误；没有设置密码可用验证码登录',
    });
    expect(unknown.body.error).toEqual(wrong.body.error);
    // A password sent in the clear is refused before anything is checked.
    const plain = await post(PASSWORD_LOGIN, { region: '86', phone: enc('13655550001'), password: 'river2026' });
    expect(plain.status).toBe(400);
    expect(plain.body.data).toBeNull();
  });

  test('signing out ends the session on the server: the token is refused afterwards', async () => {
    const mgm = mgmClient(t.app, t.database, () => t.clock.now());
    await mgm.register('13655550002', { password: 'river2026' });
    const token = (await post(PASSWORD_LOGIN, { region: '86', phone: enc('13655550002'), password: enc('river2026') }))
      .body.data?.token as string;
    const who = async () =>
      t.app.inject(
        signRequest(
          {
            method: 'GET',
            url: '/smart-live/smart-service/api/id/getToken',
            query: { user_id: 'x' },
            headers: { authorization: `Bearer ${token}` },
          },
          { scheme: 'content', now: t.clock.now() },
        ),
      );
    expect((await who()).statusCode).toBe(403);
    const out = await t.app.inject(
      signRequest(
        {
          method: 'POST',
          url: '/smart-live/smart-service/api/id/logout',
          body: {},
          headers: { authorization: `Bearer ${token}` },
        },
        { scheme: 'basic', now: t.clock.now() },
      ),
    );
    expect(out.json()).toMatchObject({ data: { ended: true } });
    expect((await who()).statusCode).toBe(401);
  });
});
