/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { AuthErrorCode, SMS_CODE_MAX_ATTEMPTS } from '../../src/api/contract/auth-constants';
import { ErrorCode } from '../../src/api/contract/codes';
import { encryptField } from '../security/rsa';
import { createTestApp, type TestApp } from '../test-support/app';
import { signRequest } from '../test-support/sign';

let t: TestApp;
let pubKey = '';
beforeAll(async () => {
  t = await createTestApp();
  pubKey = (await post('/live-api/cs-live-app/api/common/get_rsa', {})).body.data?.pubKey as string;
});
afterAll(() => t.close());

type Body = { error: { code: number; message: string }; data: Record<string, unknown> | null };
const enc = (s: string) => encryptField(s, pubKey);

async function post(url: string, body: unknown, ip = '10.1.0.1') {
  const res = await t.app.inject({
    ...signRequest({ method: 'POST', url, body }, { scheme: 'basic', now: t.clock.now() }),
    remoteAddress: ip,
  });
  return { status: res.statusCode, headers: res.headers, body: res.json() as Body };
}
const unsigned = async (url: string, body: unknown) => {
  const res = await t.app.inject({ method: 'POST', url, payload: body as object });
  return { status: res.statusCode, body: res.json() as Body };
};
async function latestCode(phone: string): Promise<string> {
  const page = await t.app.inject({ method: 'GET', url: '/__local-auth/sms' });
  return new RegExp(`data-phone="${phone}">[^<]*</span> <b data-code="(\\d{6})"`).exec(page.body)?.[1] as string;
}

const REGION = '/smart-live/smart-service/api/common/phone_region';
const OPCONFIG = '/live-api/cs-live-app/api/common/opconfig';
const CHECK = '/smart-live/smart-service/api/id/auth/checkCode';
const SEND_WEB = '/smart-live/smart-service/api/common/send_phone_code';
const SEND_APP = '/live-api/cs-live-app/api/common/sendPhoneCode';
const LOGIN_WEB = '/smart-live/smart-service/api/id/auth/info_mobile_login';
const OPEN_WEALTH = '/live-api/cs-live-app/api/id/auth/info_open_wealth';
const GENERAL_ID = '/live-api/cs-live-app/api/live/interact/general_id';

describe('every new call checks its signature and its body', () => {
  test.each([
    [REGION, {}],
    [CHECK, { region: '86', phone: 'x'.repeat(20), code: 'x'.repeat(20) }],
    [SEND_APP, { region: '86', phone: 'x'.repeat(20) }],
    [OPEN_WEALTH, { region: '86', phone: 'x'.repeat(20), code: 'x'.repeat(20), from: 'wenoahRnWebview' }],
    [GENERAL_ID, {}],
  ])('%s: unsigned is a 401', async (url, body) => {
    const res = await unsigned(url, body);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe(ErrorCode.signatureMissing);
  });

  test.each([
    [REGION, { extra: 1 }],
    [CHECK, { region: '86', phone: 'x'.repeat(20) }],
    [CHECK, { region: 'cn', phone: 'x'.repeat(20), code: 'x'.repeat(20) }],
    [SEND_APP, { region: '86' }],
    [OPEN_WEALTH, { region: '86', phone: 'x'.repeat(20), code: 'x'.repeat(20), from: 'safari' }],
    [OPEN_WEALTH, { region: '86', phone: 'x'.repeat(20), code: 'x'.repeat(20) }],
    [GENERAL_ID, { visitor: 'me' }],
  ])('%s: a body outside the contract is a 400', async (url, body) => {
    const res = await post(url, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(ErrorCode.badRequest);
  });
});

describe('phone_region and opconfig liveCommonPhoneRegion', () => {
  test('phone_region lists every region the gateway reaches with its lengths; opconfig picks the offered ones in order', async () => {
    const list = (await post(REGION, {})).body.data?.list as {
      code: string;
      name: string;
      minLength: number;
      maxLength: number;
    }[];
    expect(list).toEqual(
      expect.arrayContaining([
        { name: '中国大陆', code: '86', minLength: 11, maxLength: 11 },
        { name: '中国台湾', code: '886', minLength: 9, maxLength: 10 },
      ]),
    );
    const config = await t.app.inject(
      signRequest(
        { method: 'GET', url: OPCONFIG, query: { key: 'liveCommonPhoneRegion' } },
        { scheme: 'basic', now: t.clock.now() },
      ),
    );
    const codes = (config.json() as { data: { key: string; value: { codes: string[] } } }).data;
    expect(codes).toEqual({ key: 'liveCommonPhoneRegion', value: { codes: ['86', '852', '853', '886', '1'] } });
    // Every offered region is one phone_region knows (else the picker could offer a region no code reaches).
    for (const code of codes.value.codes) expect(list.map((r) => r.code)).toContain(code);
  });
});

describe('sendPhoneCode (the app) shares send_phone_code’s rules and store', () => {
  test('a code sent by the app signs in on the web; a bad number is the same clear 400', async () => {
    expect((await post(SEND_APP, { region: '86', phone: enc('13822220001') })).body.data).toEqual({
      resend_in: 60,
      expires_in: 300,
    });
    const code = await latestCode('86-13822220001');
    expect(code).toMatch(/^\d{6}$/);
    const login = await post(LOGIN_WEB, { region: '86', phone: enc('13822220001'), code: enc(code) });
    expect(login.body.data).toMatchObject({ real_name: '用户0001' });
    const long = await post(SEND_APP, { region: '86', phone: enc('138222200011') });
    expect(long.body.error).toEqual({ code: AuthErrorCode.phoneInvalid, message: '请输入11位手机号' });
    expect((await post(SEND_APP, { region: '999', phone: enc('12345678') })).body.error.code).toBe(
      AuthErrorCode.phoneInvalid,
    );
  });

  test('one rule for both doors: a second send within 60 s is refused by either, with Retry-After; at 60 s it goes', async () => {
    const phone = enc('13822220002');
    expect((await post(SEND_APP, { region: '86', phone }, '10.1.1.1')).status).toBe(200);
    t.clock.advance(59_000);
    const early = await post(SEND_WEB, { region: '86', phone }, '10.1.1.2');
    expect(early.status).toBe(429);
    expect(early.headers['retry-after']).toBe('1');
    expect(early.body.error.code).toBe(AuthErrorCode.smsRateLimited);
    expect((await post(SEND_APP, { region: '86', phone }, '10.1.1.3')).status).toBe(429);
    t.clock.advance(1_000);
    expect((await post(SEND_WEB, { region: '86', phone }, '10.1.1.4')).status).toBe(200);
  });
});

describe('checkCode', () => {
  test('a good code is confirmed and stays usable for the sign-in; afterwards it is spent', async () => {
    await post(SEND_WEB, { region: '86', phone: enc('13822220003') }, '10.1.2.1');
    const code = await latestCode('86-13822220003');
    const checked = await post(CHECK, { region: '86', phone: enc('13822220003'), code: enc(code) });
    expect(checked.body.data).toEqual({ valid: true, expires_in: 300 });
    expect((await post(LOGIN_WEB, { region: '86', phone: enc('13822220003'), code: enc(code) })).status).toBe(200);
    const after = await post(CHECK, { region: '86', phone: enc('13822220003'), code: enc(code) });
    expect(after.body.error).toEqual({ code: AuthErrorCode.smsCodeExpired, message: '验证码已失效，请重新获取' });
  });

  test('wrong codes count toward the 5 tries: after them even the right code is refused', async () => {
    await post(SEND_WEB, { region: '86', phone: enc('13822220004') }, '10.1.2.2');
    const code = await latestCode('86-13822220004');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < SMS_CODE_MAX_ATTEMPTS - 1; i += 1) {
      const res = await post(CHECK, { region: '86', phone: enc('13822220004'), code: enc(wrong) });
      expect([res.status, res.body.error]).toEqual([
        400,
        { code: AuthErrorCode.smsCodeWrong, message: '验证码错误，请重新输入' },
      ]);
    }
    // The fifth wrong try voids the code, and says so.
    const fifth = await post(CHECK, { region: '86', phone: enc('13822220004'), code: enc(wrong) });
    expect([fifth.status, fifth.body.error]).toEqual([
      400,
      { code: AuthErrorCode.smsCodeExpired, message: '验证码错误次数过多已作废，请重新获取' },
    ]);
    expect((await post(CHECK, { region: '86', phone: enc('13822220004'), code: enc(code) })).body.error.code).toBe(
      AuthErrorCode.smsCodeExpired,
    );
    expect((await post(LOGIN_WEB, { region: '86', phone: enc('13822220004'), code: enc(code) })).body.error.code).toBe(
      AuthErrorCode.smsCodeExpired,
    );
  });

  test('no code sent, an expired one (5 minutes) and a code in the clear', async () => {
    expect((await post(CHECK, { region: '86', phone: enc('13822220005'), code: enc('123456') })).body.error.code).toBe(
      AuthErrorCode.smsCodeExpired,
    );
    await post(SEND_WEB, { region: '86', phone: enc('13822220005') }, '10.1.2.3');
    const code = await latestCode('86-13822220005');
    t.clock.advance(299_000);
    expect((await post(CHECK, { region: '86', phone: enc('13822220005'), code: enc(code) })).body.data).toEqual({
      valid: true,
      expires_in: 1,
    });
    t.clock.advance(1_000);
    expect((await post(CHECK, { region: '86', phone: enc('13822220005'), code: enc(code) })).body.error.code).toBe(
      AuthErrorCode.smsCodeExpired,
    );
    const plain = await post(CHECK, { region: '86', phone: enc('13822220005'), code: 'MTIzNDU2Nzg5MDEyMzQ1Ng==' });
    expect(plain.body.error.code).toBe(AuthErrorCode.decryptFailed);
  });
});

/** The wealth app's web view signs in with a phone (86) and a code, naming the application it runs in. */
const openWealth = (phone: string, code: string, from: string) =>
  post(OPEN_WEALTH, { region: '86', phone: enc(phone), code: enc(code), from });

describe('info_open_wealth (sign-in from the wealth app’s web view)', () => {
  test('a new phone opens an account for the web view’s application; next time it is the same account, not opened again', async () => {
    await post(SEND_APP, { region: '86', phone: enc('13822220006') }, '10.1.3.1');
    const first = await openWealth('13822220006', await latestCode('86-13822220006'), 'wexiaoRnWebview');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      token: expect.any(String),
      real_name: '用户0006',
      employee: null,
      app: 'smile',
      opened: true,
    });
    // The next code may be sent 60 s after the first (the one SMS rule).
    t.clock.advance(60_000);
    await post(SEND_APP, { region: '86', phone: enc('13822220006') }, '10.1.3.1');
    const again = await openWealth('13822220006', await latestCode('86-13822220006'), 'wenoahRnWebview');
    expect(again.body.data).toMatchObject({ user_id: first.body.data?.user_id, app: 'wna', opened: false });
  });

  test('a wrong code is refused and nothing is opened; a code is used once', async () => {
    await post(SEND_APP, { region: '86', phone: enc('13822220007') }, '10.1.3.2');
    const code = await latestCode('86-13822220007');
    const wrong = await openWealth('13822220007', code === '000000' ? '111111' : '000000', 'wenoahRnWebview');
    expect([wrong.status, wrong.body.error.code, wrong.body.data]).toEqual([400, AuthErrorCode.smsCodeWrong, null]);
    expect((await openWealth('13822220007', code, 'wenoahRnWebview')).status).toBe(200);
    expect((await openWealth('13822220007', code, 'wenoahRnWebview')).body.error.code).toBe(
      AuthErrorCode.smsCodeExpired,
    );
  });
});

describe('general_id', () => {
  test('each call a new visitor id in the contract’s form, sorting by issue time', async () => {
    const a = (await post(GENERAL_ID, {})).body.data as { general_id: string; issued_at: number };
    t.clock.advance(1_000);
    const b = (await post(GENERAL_ID, {})).body.data as { general_id: string; issued_at: number };
    expect(a.general_id).toMatch(/^g[0-9a-z]{26}$/);
    expect(b.general_id).not.toBe(a.general_id);
    expect(b.general_id > a.general_id).toBe(true);
    expect(b.issued_at - a.issued_at).toBe(1);
  });
});
