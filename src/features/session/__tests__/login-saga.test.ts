import delayP from '@redux-saga/delay-p';
import type { UnknownAction } from '@reduxjs/toolkit';
import { call, take } from 'redux-saga/effects';
import { type ExpectApi, expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';

import { ApiError } from '../../../api/errors';
import { rsaEncrypt } from '../../../lib/crypto';
import { silentRunVirtually } from '../../../lib/testing/virtual-time';
import { readItem, StorageKey } from '../../../platform/storage';
import { authApi } from '../store/flow-sagas';
import { accountFrom, appWebViewOf, countDown, encryptAll, safeReturnPath, sendSmsCode } from '../store/login-saga';
import {
  loginOpened,
  loginSubmitted,
  loginSucceeded,
  smsCodeRequested,
  smsCodeSent,
  smsCountdownTicked,
} from '../store/login-slice';
import { selectLogin } from '../store/selectors';
import { sessionSaga } from '../store/session-saga';
import { runSession } from '../store/session-workers';
import { adviserInfo, fakeAuth, fakeServices } from './fakes';

import { rootReducer } from '@/store';

const MAINLAND = { name: '中国大陆', code: '86', minLength: 11, maxLength: 11 };
const HONG_KONG = { name: '中国香港', code: '852', minLength: 8, maxLength: 8 };
const SINGAPORE = { name: '新加坡', code: '65', minLength: 8, maxLength: 8 };
/** phone_region's list and opconfig's choice (docs/rules/services.md#live-service, docs/rules/constants.md#lives-and-chat). */
const regions = () => ({
  phoneRegionList: jest.fn().mockResolvedValue({ list: [SINGAPORE, MAINLAND, HONG_KONG] }),
  phoneRegionConfig: jest.fn().mockResolvedValue({ key: 'liveCommonPhoneRegion', value: { codes: ['86', '852'] } }),
});
const checked = () => ({ checkCode: jest.fn().mockResolvedValue({ valid: true, expires_in: 280 }) });
/** The auth service with the regions and the public key every encrypted request starts from. */
const keyedAuth = (more: Parameters<typeof fakeAuth>[0]) =>
  fakeAuth({ ...regions(), publicKey: jest.fn().mockResolvedValue('PEM'), ...more });

function saga(
  auth: ReturnType<typeof fakeAuth>,
  services = fakeServices(auth, 0, '/login?redirect=%2FmarketMapIndex%3Fa%3D1'),
  delays: number[] = [],
) {
  return expectSaga(runSession, [])
    .withReducer(rootReducer)
    .provide([
      [matchers.getContext('services'), services],
      [matchers.call.fn(rsaEncrypt), 'ENCRYPTED'],
      // Time is the test's: every 1000 ms countdown step returns at once, and is recorded.
      {
        call(effect, next) {
          if (effect.fn === delayP) {
            delays.push(effect.args[0] as number);
            return undefined;
          }
          return next();
        },
      },
    ]);
}

/** The page opened, then `action`. */
const afterOpening = (run: ExpectApi, action: UnknownAction) => run.dispatch(loginOpened()).delay(10).dispatch(action);

/** The page opened, then the form sent with a mainland number and `code`. */
const submitted = (run: ExpectApi, code = '123456') =>
  afterOpening(run, loginSubmitted({ phone: '13912345678', code }));

/** The page opened, a code asked for the mainland number, then the form sent with it. */
const sentAndSubmitted = (run: ExpectApi) =>
  afterOpening(run, smsCodeRequested({ phone: '13912345678' }))
    .delay(10)
    .dispatch(loginSubmitted({ phone: '13912345678', code: '123456' }));

beforeEach(() => localStorage.clear());

describe('SMS sign-in saga', () => {
  it('loads regions, sends an encrypted number, counts down 60 × 1000 ms without waiting', async () => {
    const auth = keyedAuth({
      sendPhoneCode: jest.fn().mockResolvedValue({ resend_in: 60, expires_in: 300 }),
    });
    const delays: number[] = [];
    const started = Date.now();
    const { storeState } = await silentRunVirtually(
      afterOpening(saga(auth, undefined, delays), smsCodeRequested({ phone: '13912345678' }))
        .put(smsCountdownTicked({ remaining: 59 }))
        .put(smsCountdownTicked({ remaining: 0 })),
      100,
    );
    expect(Date.now() - started).toBeLessThan(5000);
    expect(auth.sendPhoneCode).toHaveBeenCalledWith('86', 'ENCRYPTED');
    expect(delays).toEqual(Array(60).fill(1000));
    expect(storeState.login.sms).toEqual({ status: 'sent', resendIn: 0, error: null });
  });

  it('an over-long number is refused in the store with a message; nothing is sent', async () => {
    const auth = fakeAuth({ ...regions() });
    const { storeState } = await silentRunVirtually(
      afterOpening(saga(auth), smsCodeRequested({ phone: '139123456789' })),
      50,
    );
    expect(storeState.login.fieldErrors.phone).toBe('请输入11位手机号');
    expect(auth.sendPhoneCode).not.toHaveBeenCalled();
  });

  it('the server refusing a sixth request shows its message', async () => {
    const auth = keyedAuth({
      sendPhoneCode: jest
        .fn()
        .mockRejectedValue(
          new ApiError({ kind: 'business', code: 100429, detail: '验证码发送过于频繁，请1分钟后再试' }),
        ),
    });
    const { storeState } = await silentRunVirtually(
      afterOpening(saga(auth), smsCodeRequested({ phone: '13912345678' })),
      50,
    );
    expect(storeState.login.sms).toEqual({ status: 'failed', resendIn: 0, error: '验证码发送过于频繁，请1分钟后再试' });
  });

  it('signs in with encrypted fields, stores the user info and goes back where the user was', async () => {
    const auth = keyedAuth({
      ...checked(),
      mobileLogin: jest.fn().mockResolvedValue(adviserInfo),
    });
    const services = fakeServices(auth, 0, '/login?redirect=%2FmarketMapIndex%3Fa%3D1');
    const { storeState } = await silentRunVirtually(submitted(saga(auth, services)), 50);
    // The code is checked before the sign-in is sent (checkCode, docs/rules/services.md#live-service).
    expect(auth.checkCode).toHaveBeenCalledWith('86', 'ENCRYPTED', 'ENCRYPTED');
    expect((auth.checkCode as jest.Mock).mock.invocationCallOrder[0]).toBeLessThan(
      (auth.mobileLogin as jest.Mock).mock.invocationCallOrder[0]!,
    );
    expect(auth.mobileLogin).toHaveBeenCalledWith('86', 'ENCRYPTED', 'ENCRYPTED');
    expect(readItem(StorageKey.token)).toBe('tok-u1');
    expect(readItem(StorageKey.userInfos)).toBe(JSON.stringify(adviserInfo));
    expect(services.navigate).toHaveBeenCalledWith('/marketMapIndex?a=1', { replace: true });
    expect(storeState.login.submit.status).toBe('succeeded');
  });

  it.each([
    [100420, '验证码错误，请重新输入'],
    [100421, '验证码已失效，请重新获取'],
  ])(
    'checkCode refusing the code (%s) is the code field’s message: no sign-in is sent, nothing stored',
    async (code, message) => {
      const auth = keyedAuth({
        checkCode: jest.fn().mockRejectedValue(new ApiError({ kind: 'business', code, detail: message })),
        mobileLogin: jest.fn().mockResolvedValue(adviserInfo),
      });
      const services = fakeServices(auth, 0);
      const { storeState } = await silentRunVirtually(submitted(saga(auth, services), '000000'), 50);
      expect(storeState.login.fieldErrors.code).toBe(message);
      expect(storeState.login.submit).toEqual({ status: 'failed', error: null });
      expect(auth.mobileLogin).not.toHaveBeenCalled();
      expect(readItem(StorageKey.token)).toBeNull();
      expect(services.navigate).not.toHaveBeenCalled();
    },
  );

  it('checkCode unreachable (the empty value of docs/rules/errors.md#network-failures) is the form’s network message, not a code error', async () => {
    const auth = keyedAuth({
      checkCode: jest.fn().mockResolvedValue(null),
      mobileLogin: jest.fn(),
    });
    const { storeState } = await silentRunVirtually(submitted(saga(auth)), 50);
    expect(storeState.login.fieldErrors.code).toBeNull();
    expect(storeState.login.submit).toEqual({ status: 'failed', error: '网络连接失败，请检查网络后重试' });
    expect(auth.mobileLogin).not.toHaveBeenCalled();
  });

  it('a wrong code that gets past the check (a race) still shows the sign-in’s message', async () => {
    const auth = keyedAuth({
      ...checked(),
      mobileLogin: jest
        .fn()
        .mockRejectedValue(new ApiError({ kind: 'business', code: 100421, detail: '验证码已失效，请重新获取' })),
    });
    const { storeState } = await silentRunVirtually(submitted(saga(auth)), 50);
    expect(storeState.login.submit).toEqual({ status: 'failed', error: '验证码已失效，请重新获取' });
  });

  it('a malformed code never leaves the page', async () => {
    const auth = fakeAuth({ ...regions() });
    const { storeState } = await silentRunVirtually(
      afterOpening(saga(auth), loginSubmitted({ phone: '13912345678', code: '12ab' })),
      50,
    );
    expect(storeState.login.fieldErrors.code).toBe('验证码为6位数字');
    expect(auth.mobileLogin).not.toHaveBeenCalled();
  });

  it('goes back only to paths of this app', () => {
    expect(safeReturnPath('//evil.example/x')).toBe('/');
    expect(safeReturnPath('https://evil.example')).toBe('/');
    expect(safeReturnPath('/login?redirect=/x')).toBe('/');
    expect(safeReturnPath('/about/1?from=weapp')).toBe('/about/1?from=weapp');
  });

  it('an event dispatched while the session chunk loads is buffered and handled, once', async () => {
    const auth = fakeAuth({ ...regions() });
    const { storeState } = await silentRunVirtually(
      expectSaga(sessionSaga)
        .withReducer(rootReducer)
        .provide([[matchers.getContext('services'), fakeServices(auth, 0, '/login')]])
        .dispatch(loginOpened()),
      200,
    );
    expect(auth.phoneRegionList).toHaveBeenCalledTimes(1);
    expect(storeState.login.regions.status).toBe('loaded');
  });
});

describe('the region list: phone_region ordered by opconfig liveCommonPhoneRegion', () => {
  it('offers the regions opconfig names, in its order, the first picked', async () => {
    const auth = fakeAuth({ ...regions() });
    const { storeState } = await silentRunVirtually(saga(auth).dispatch(loginOpened()), 50);
    expect(auth.phoneRegionConfig).toHaveBeenCalledTimes(1);
    expect(storeState.login.regions).toEqual({ status: 'loaded', list: [MAINLAND, HONG_KONG], error: null });
    expect(storeState.login.regionCode).toBe('86');
  });

  it('without the config (unreachable) every region of phone_region, mainland China first', async () => {
    const auth = fakeAuth({
      ...regions(),
      phoneRegionConfig: jest.fn().mockRejectedValue(new ApiError({ kind: 'network', detail: 'down' })),
    });
    const { storeState } = await silentRunVirtually(saga(auth).dispatch(loginOpened()), 50);
    expect(storeState.login.regions.list).toEqual([MAINLAND, SINGAPORE, HONG_KONG]);
  });

  it('without phone_region the picker fails with a retry (its lengths check the number)', async () => {
    const auth = fakeAuth({ ...regions(), phoneRegionList: jest.fn().mockResolvedValue(null) });
    const { storeState } = await silentRunVirtually(saga(auth).dispatch(loginOpened()), 50);
    expect(storeState.login.regions).toMatchObject({ status: 'failed', list: [] });
  });
});

describe('/login inside the wealth app’s web view (from=wenoahRnWebview | wexiaoRnWebview, docs/rules/roles.md#contexts)', () => {
  const openedInfo = { ...adviserInfo, employee: null, app: 'smile' as const, opened: true };

  it('reads the web view from the address or from the page it returns to', () => {
    expect(appWebViewOf('/login?from=wenoahRnWebview')).toBe('wenoahRnWebview');
    expect(appWebViewOf('/login?redirect=%2Fabout%2F1%3Ffrom%3DwexiaoRnWebview')).toBe('wexiaoRnWebview');
    expect(appWebViewOf('/login?redirect=%2Fabout%2F1%3Ffrom%3Dweapp')).toBeNull();
    expect(appWebViewOf('/login')).toBeNull();
  });

  it('sends the code through the app’s sendPhoneCode, checks it, signs in through info_open_wealth and stores the user info alone', async () => {
    const auth = keyedAuth({
      ...checked(),
      appSendPhoneCode: jest.fn().mockResolvedValue({ resend_in: 60, expires_in: 300 }),
      openWealthLogin: jest.fn().mockResolvedValue(openedInfo),
    });
    const services = fakeServices(auth, 0, '/login?redirect=%2Fabout%2F1%3Ffrom%3DwexiaoRnWebview');
    const { storeState } = await silentRunVirtually(sentAndSubmitted(saga(auth, services)), 100);
    expect(storeState.login.appWebView).toBe('wexiaoRnWebview');
    expect(auth.appSendPhoneCode).toHaveBeenCalledWith('86', 'ENCRYPTED');
    expect(auth.sendPhoneCode).not.toHaveBeenCalled();
    expect(auth.checkCode).toHaveBeenCalledWith('86', 'ENCRYPTED', 'ENCRYPTED');
    expect(auth.openWealthLogin).toHaveBeenCalledWith('86', 'ENCRYPTED', 'ENCRYPTED', 'wexiaoRnWebview');
    expect(auth.mobileLogin).not.toHaveBeenCalled();
    const { app: _app, opened: _opened, ...stored } = openedInfo;
    expect(JSON.parse(readItem(StorageKey.userInfos) ?? '{}')).toEqual(stored);
    expect(services.navigate).toHaveBeenCalledWith('/about/1?from=wexiaoRnWebview', { replace: true });
  });

  it('outside the app the live service’s send and sign-in, never the app’s', async () => {
    const auth = keyedAuth({
      ...checked(),
      sendPhoneCode: jest.fn().mockResolvedValue({ resend_in: 60, expires_in: 300 }),
      mobileLogin: jest.fn().mockResolvedValue(adviserInfo),
    });
    await silentRunVirtually(
      sentAndSubmitted(saga(auth, fakeServices(auth, 0, '/login?redirect=%2Fabout%2F1%3Ffrom%3Dweapp'))),
      100,
    );
    expect([auth.appSendPhoneCode, auth.openWealthLogin].map((f) => (f as jest.Mock).mock.calls.length)).toEqual([
      0, 0,
    ]);
    expect(auth.mobileLogin).toHaveBeenCalledTimes(1);
  });
});

describe('leaving /login and coming back', () => {
  const sendingAuth = () =>
    keyedAuth({
      sendPhoneCode: jest.fn().mockResolvedValue({ resend_in: 60, expires_in: 300 }),
    });

  it('a running countdown survives reopening the page, so the button never waits on an ignored request', async () => {
    const auth = sendingAuth();
    // Only the first three seconds pass during the test; the countdown is still running after.
    let ticks = 0;
    const { storeState } = await silentRunVirtually(
      expectSaga(runSession, [])
        .withReducer(rootReducer)
        .provide([
          [matchers.getContext('services'), fakeServices(auth, 0, '/login')],
          [matchers.call.fn(rsaEncrypt), 'ENCRYPTED'],
          {
            call(effect, next) {
              if (effect.fn === delayP) return (ticks += 1) <= 3 ? undefined : new Promise(() => undefined);
              return next();
            },
          },
        ])
        .dispatch(loginOpened())
        .delay(10)
        .dispatch(smsCodeRequested({ phone: '13912345678' }))
        .delay(10)
        .dispatch(loginOpened())
        .delay(10)
        // Tapped again during the countdown: refused by the reducer, not swallowed by takeLeading.
        .dispatch(smsCodeRequested({ phone: '13912345678' })),
      100,
    );
    expect(storeState.login.sms).toEqual({ status: 'sent', resendIn: 57, error: null });
    expect(auth.sendPhoneCode).toHaveBeenCalledTimes(1);
  });

  it('an idle, failed or finished code state starts fresh on reopening', () => {
    let state = rootReducer(undefined, loginOpened());
    state = rootReducer(state, { type: 'session/smsCodeFailed', payload: { message: '发送失败' } });
    expect(rootReducer(state, loginOpened()).login!.sms).toEqual({ status: 'idle', resendIn: 0, error: null });
  });

  it('signing in ends the countdown: the send saga races it against loginSucceeded', () => {
    const login = {
      ...rootReducer(undefined, loginOpened()).login!,
      regionCode: '86',
      sms: { status: 'sending' as const, resendIn: 0, error: null },
    };
    const api = fakeAuth({});
    const sent = { resend_in: 60, expires_in: 300 };
    testSaga(sendSmsCode, smsCodeRequested({ phone: '13912345678' }))
      .next()
      .select(selectLogin)
      .next(login)
      .call(authApi)
      .next(api)
      .call(encryptAll, api, ['13912345678'])
      .next(['ENCRYPTED'])
      .call([api, api.sendPhoneCode], '86', 'ENCRYPTED')
      .next(sent)
      .put(smsCodeSent({ resendIn: 60 }))
      .next()
      .race([call(countDown, 60), take(loginSucceeded.type)])
      .next({ 1: loginSucceeded() })
      .isDone();
  });
});

describe('the account view’s desk entries', () => {
  const info = (employee: unknown) => JSON.stringify({ real_name: '许文清', employee });
  it('follow the employee record: an adviser writes answers, a reviewer reviews, a compliance officer reads the trail', () => {
    expect(accountFrom(info({ is_financial_advisor: 1, roles: [] }), 't')?.desks).toEqual(['expertAnswers']);
    expect(accountFrom(info({ is_financial_advisor: 0, roles: ['reviewer'] }), 't')?.desks).toEqual(['reviewDesk']);
    expect(accountFrom(info({ is_financial_advisor: 0, roles: ['compliance'] }), 't')?.desks).toEqual([
      'complianceLog',
    ]);
    expect(accountFrom(info({ is_financial_advisor: 1, roles: ['reviewer', 'compliance'] }), 't')?.desks).toEqual([
      'expertAnswers',
      'reviewDesk',
      'complianceLog',
    ]);
  });
  it('none for a customer, a developer or a user info stored before roles existed', () => {
    expect(accountFrom(info(null), 't')?.desks).toBeUndefined();
    expect(accountFrom(info({ is_financial_advisor: 0, roles: ['developer'] }), 't')?.desks).toBeUndefined();
    expect(accountFrom(info({ is_financial_advisor: 0 }), 't')?.desks).toBeUndefined();
  });
});
