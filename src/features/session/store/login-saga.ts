import { call, delay, getContext, put, race, select, take } from 'redux-saga/effects';

import { AuthErrorCode } from '../../../api/contract/auth-constants';
import type { AppWebView, CodeChecked, OpenWealthLogin } from '../../../api/contract/phone-sign-in';
import { ApiError, apiErrorInfo } from '../../../api/errors';
import { rsaEncrypt } from '../../../lib/crypto';
import { detectContext } from '../../../platform/context';
import { readItem, removeItem, StorageKey } from '../../../platform/storage';
import type { AuthApi, PhoneRegion, SentPhoneCode, UserInfo } from '../api';
import { desksOf } from '../desks';
import { loadOfferedRegions } from '../regions';
import { authApi, storeUserInfo } from './flow-sagas';
import {
  loggedOut,
  loginAccountRead,
  loginCodeRejected,
  loginContextRead,
  loginFailed,
  loginRegionsFailed,
  loginRegionsLoaded,
  type loginSubmitted,
  loginSucceeded,
  type passwordLoginSubmitted,
  smsCodeFailed,
  type smsCodeRequested,
  smsCodeSent,
  smsCountdownTicked,
} from './login-slice';
import { selectLogin } from './selectors';
import type { LoginAccount, LoginState } from './types';

import { getHref } from '@/routes';
import type { SagaServices } from '@/store';

const EMPTY = new ApiError({ kind: 'network', detail: 'empty value after a network failure' });

/** The signed-in account as stored (docs/rules/data.md#user-info): /login shows it with a logout instead of the form. */
export function accountFrom(userInfos: string | null, token: string | null): LoginAccount | null {
  if (!token) return null;
  try {
    const info = JSON.parse(userInfos ?? '') as {
      real_name?: unknown;
      phone?: unknown;
      employee?: { is_financial_advisor?: unknown; roles?: unknown } | null;
    };
    const desks = desksOf(info.employee);
    return {
      name: typeof info.real_name === 'string' && info.real_name ? info.real_name : '已登录用户',
      phone: typeof info.phone === 'string' ? info.phone : null,
      ...(desks.length ? { desks } : {}),
    };
  } catch {
    return { name: '已登录用户', phone: null };
  }
}

/**
 * The firm's app web view /login runs in (from=wenoahRnWebview | wexiaoRnWebview, as the platform
 * context reads it, docs/rules/roles.md#contexts), from its own address or from the page it returns to.
 */
export function appWebViewOf(here: string): AppWebView | null {
  const search = (path: string) => (path.includes('?') ? path.slice(path.indexOf('?')) : '');
  const own = detectContext({ userAgent: '', search: search(here), cookie: '' }).appWebView;
  const redirect = new URLSearchParams(search(here)).get('redirect') ?? '';
  return own ?? detectContext({ userAgent: '', search: search(redirect), cookie: '' }).appWebView;
}

/** The account as stored on this device, for 我的. */
export function* readAccount() {
  yield put(loginAccountRead(accountFrom(readItem(StorageKey.userInfos), readItem(StorageKey.token))));
}

export function* loadRegions() {
  const services: SagaServices = yield getContext('services');
  const here: string = yield call([services, services.currentPath]);
  yield put(loginContextRead({ appWebView: appWebViewOf(here) }));
  yield put(loginAccountRead(accountFrom(readItem(StorageKey.userInfos), readItem(StorageKey.token))));
  const api: AuthApi = yield call(authApi);
  try {
    const list: PhoneRegion[] = yield call(loadOfferedRegions, api);
    yield put(loginRegionsLoaded({ list }));
  } catch (error) {
    yield put(loginRegionsFailed(apiErrorInfo(error)));
  }
}

/** Sensitive inputs leave the page RSA-encrypted with the get_rsa key. */
export function* encryptAll(api: AuthApi, values: string[]) {
  const key: string | null = yield call([api, api.publicKey]);
  if (!key) throw EMPTY;
  const out: string[] = [];
  for (const value of values) out.push((yield call(rsaEncrypt, key, value)) as string);
  return out;
}

function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return '加密失败，请刷新页面后重试';
}

/** Sends the code, then counts the resend button down one second at a time. */
export function* sendSmsCode(action: ReturnType<typeof smsCodeRequested>) {
  const login: LoginState = yield select(selectLogin);
  if (login.sms.status !== 'sending' || !login.regionCode) return;
  const api: AuthApi = yield call(authApi);
  let sent: SentPhoneCode | null;
  try {
    const [phone]: string[] = yield call(encryptAll, api, [action.payload.phone]);
    // Inside the firm's app its own code send; elsewhere the live service's (one code store behind both).
    sent = login.appWebView
      ? yield call([api, api.appSendPhoneCode], login.regionCode, phone as string)
      : yield call([api, api.sendPhoneCode], login.regionCode, phone as string);
    if (!sent) throw EMPTY;
  } catch (error) {
    yield put(smsCodeFailed({ message: messageOf(error) }));
    return;
  }
  yield put(smsCodeSent({ resendIn: sent.resend_in }));
  // Signed in: the resend button is gone, so the countdown stops rather than tick for a minute.
  yield race([call(countDown, sent.resend_in), take(loginSucceeded.type)]);
}

export function* countDown(resendIn: number) {
  for (let remaining = resendIn - 1; remaining >= 0; remaining -= 1) {
    yield delay(1000);
    yield put(smsCountdownTicked({ remaining }));
  }
}

/** Only a path of this app: never another site, never /login itself. */
export function safeReturnPath(redirect: string | null): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || /^\/login(\/|\?|$)/i.test(redirect))
    return getHref('home');
  return redirect;
}

/** Codes checkCode answers for a code that will not sign in: the code field's message, not the form's. */
const CODE_REFUSED: readonly number[] = [AuthErrorCode.smsCodeWrong, AuthErrorCode.smsCodeExpired];

/** The user info of an info_open_wealth answer, stored like any other sign-in's (docs/rules/data.md#user-info). */
const userInfoOf = ({ app: _app, opened: _opened, ...info }: OpenWealthLogin): UserInfo => info;

/** Stores the user info an answer carries, then back where the user came from. */
function* signedIn(info: UserInfo | null) {
  if (!info) throw EMPTY;
  yield call(storeUserInfo, info);
}

export function* submitLogin(action: ReturnType<typeof loginSubmitted>) {
  const login: LoginState = yield select(selectLogin);
  if (login.submit.status !== 'submitting' || !login.regionCode) return;
  const api: AuthApi = yield call(authApi);
  try {
    const [phone, code]: string[] = yield call(encryptAll, api, [action.payload.phone, action.payload.code]);
    // The code is checked first (not used up): a wrong or expired one is the code field's message.
    try {
      const checked: CodeChecked | null = yield call(
        [api, api.checkCode],
        login.regionCode,
        phone as string,
        code as string,
      );
      if (!checked) throw EMPTY;
    } catch (error) {
      if (error instanceof ApiError && error.code !== null && CODE_REFUSED.includes(error.code)) {
        yield put(loginCodeRejected({ message: error.message }));
        return;
      }
      throw error;
    }
    if (login.appWebView) {
      // Inside the wealth app: its own sign-in, which opens the account on a first visit.
      const opened: OpenWealthLogin | null = yield call(
        [api, api.openWealthLogin],
        login.regionCode,
        phone as string,
        code as string,
        login.appWebView,
      );
      yield call(signedIn, opened ? userInfoOf(opened) : null);
    } else {
      const info: UserInfo | null = yield call(
        [api, api.mobileLogin],
        login.regionCode,
        phone as string,
        code as string,
      );
      yield call(signedIn, info);
    }
  } catch (error) {
    yield put(loginFailed({ message: messageOf(error) }));
    return;
  }
  yield call(finishLogin);
}

/** Password sign-in (the password chosen at registration; phone and password both RSA-encrypted): the user info stored, back where the user was. */
export function* submitPasswordLogin(action: ReturnType<typeof passwordLoginSubmitted>) {
  const login: LoginState = yield select(selectLogin);
  if (login.submit.status !== 'submitting' || !login.regionCode) return;
  const api: AuthApi = yield call(authApi);
  try {
    const [phone, secret]: string[] = yield call(encryptAll, api, [action.payload.phone, action.payload.password]);
    const info: UserInfo | null = yield call(
      [api, api.passwordLogin],
      login.regionCode,
      phone as string,
      secret as string,
    );
    yield call(signedIn, info);
  } catch (error) {
    yield put(loginFailed({ message: messageOf(error) }));
    return;
  }
  yield call(finishLogin);
}

/** "登录成功", then back to where the user came from. */
function* finishLogin() {
  const services: SagaServices = yield getContext('services');
  yield put(loginSucceeded());
  const here: string = yield call([services, services.currentPath]);
  const redirect = new URLSearchParams(here.split('?')[1] ?? '').get('redirect');
  yield call([services, services.navigate], safeReturnPath(redirect), { replace: true });
}

/** Everything a sign-in wrote on this device. */
const SIGNED_IN_KEYS = [
  StorageKey.token,
  StorageKey.userToken,
  StorageKey.userInfos,
  StorageKey.wechatToken,
  StorageKey.wechatIsBind,
  StorageKey.mgmToken,
] as const;

/** Signs out: the server ends the session (best effort: offline still signs out here), then this device forgets it. */
export function* logout() {
  const api: AuthApi = yield call(authApi);
  try {
    yield call([api, api.logout]);
  } catch {
    // The token is forgotten below either way; an unreachable server lets it expire.
  }
  for (const key of SIGNED_IN_KEYS) yield call(removeItem, key);
  yield put(loggedOut());
}
