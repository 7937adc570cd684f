import { call, getContext, put } from 'redux-saga/effects';

import type { Environment } from '../../../../config/types';
import { WORK_CHAT_SESSION_MS } from '../../../api/contract/auth-constants';
import { currentEnvironment } from '../../../api/environment';
import { ApiError, apiErrorInfo, restartsAuthorization } from '../../../api/errors';
import { currentUrl, replaceWith } from '../../../platform/location';
import { readItem, removeItem, StorageKey, writeItem } from '../../../platform/storage';
import type { AuthApi, UserInfo, WebChatToken, WechatShare, WorkWechatLogin } from '../api';
import { authorizeUrl, returnAddress } from './authorize';
import { sessionAuthorizationStarted, sessionCheckFailed, sessionSignedIn, sessionSignedOut } from './session-slice';
import type { SessionFlow } from './types';

import type { SagaServices } from '@/store';

/** An empty value (docs/rules/errors.md#network-failures: the live client after a network failure) is a network failure here. */
const NO_ANSWER_ERROR = new ApiError({ kind: 'network', detail: 'empty value after a network failure' });

export function* authApi() {
  const services: SagaServices = yield getContext('services');
  if (!services.auth) throw new Error('SagaServices.auth is missing: build services with src/app/services.ts');
  return services.auth;
}

/** Off to the authorization page; the page unloads, so this is the flow's last step. */
export function* reauthorize(flow: SessionFlow, reason: string) {
  const environment: Environment = yield call(currentEnvironment);
  const href: string = yield call(currentUrl);
  yield put(sessionAuthorizationStarted({ flow, reason }));
  yield call(replaceWith, authorizeUrl(environment, flow, returnAddress(href), flow));
}

/** Stores the user-token call's answer: the whole user info, and its token for Authorization. */
export function* storeUserInfo(info: UserInfo) {
  yield call(writeItem, StorageKey.userToken, info.token);
  yield call(writeItem, StorageKey.token, info.token);
  yield call(writeItem, StorageKey.userInfos, JSON.stringify(info));
}

function* fail(flow: SessionFlow, error: unknown) {
  yield put(sessionCheckFailed({ flow, error: apiErrorInfo(error) }));
}

/** Work-chat session (docs/rules/states.md#work-chat-session), in its exact order of checks. */
export function* workChatCheck() {
  const services: SagaServices = yield getContext('services');
  const api: AuthApi = yield call(authApi);
  const href: string = yield call(currentUrl);
  const code = new URL(href).searchParams.get('code');
  if (!code) {
    yield call(reauthorize, 'workChat', 'no-code');
    return;
  }
  const now: number = yield call([services, services.now]);
  const latest: string | null = yield call(readItem, StorageKey.latestWeworkCode);
  try {
    if (code !== latest) {
      const login: WorkWechatLogin | null = yield call([api, api.workWechatLogin], code);
      if (!login?.sid) {
        yield call(reauthorize, 'workChat', 'no-sid');
        return;
      }
      yield call(writeItem, StorageKey.accountId, login.sid);
      yield call(writeItem, StorageKey.customerId, login.fp_code);
      yield call(writeItem, StorageKey.accountTime, String(now));
      yield call(writeItem, StorageKey.latestWeworkCode, code);
      const info: UserInfo | null = yield call([api, api.getToken], login.fp_code, login.sid);
      if (!info) throw NO_ANSWER_ERROR;
      yield call(storeUserInfo, info);
      yield put(sessionSignedIn({ flow: 'workChat', at: now }));
      return;
    }
    const storedTime: string | null = yield call(readItem, StorageKey.accountTime);
    const at = Number(storedTime);
    if (!storedTime || !Number.isFinite(at) || now - at > WORK_CHAT_SESSION_MS) {
      yield call(reauthorize, 'workChat', 'expired');
      return;
    }
    const userToken: string | null = yield call(readItem, StorageKey.userToken);
    if (!userToken) {
      const fpCode: string | null = yield call(readItem, StorageKey.customerId);
      const sid: string | null = yield call(readItem, StorageKey.accountId);
      const info: UserInfo | null = fpCode && sid ? yield call([api, api.getToken], fpCode, sid) : null;
      if (!info) throw NO_ANSWER_ERROR;
      yield call(storeUserInfo, info);
    }
    yield put(sessionSignedIn({ flow: 'workChat', at }));
  } catch (error) {
    // A used or stale code (WeChat loads a redirect twice): go round again for a fresh one.
    if (restartsAuthorization(error)) yield call(reauthorize, 'workChat', 'code-refused');
    else yield call(fail, 'workChat', error);
  }
}

/**
 * The bound account's profile (getToken, proven by the token just issued), so subscribe, messages and
 * presence name this person. Without it the sign-in still stands: the server knows who acts from the token.
 */
function* storeProfile(api: AuthApi, userId: string, token: string) {
  try {
    const info: UserInfo | null = yield call([api, api.getToken], userId, token);
    if (info) {
      yield call(storeUserInfo, info);
      return;
    }
  } catch {
    // Without the profile the sign-in still stands: the token is the identity.
  }
  yield call(writeItem, StorageKey.token, token);
}

/** Web-chat sign-in (docs/rules/states.md#web-chat-sign-in). */
export function* webChatCheck() {
  const services: SagaServices = yield getContext('services');
  const api: AuthApi = yield call(authApi);
  const href: string = yield call(currentUrl);
  const code = new URL(href).searchParams.get('code');
  if (!code) {
    const token: string | null = yield call(readItem, StorageKey.wechatToken);
    const bound: string | null = yield call(readItem, StorageKey.wechatIsBind);
    if (token && bound && bound !== '0' && bound !== 'false') {
      const now: number = yield call([services, services.now]);
      yield put(sessionSignedIn({ flow: 'webChat', at: now }));
      return;
    }
    const current: string | null = yield call(readItem, StorageKey.token);
    // Only the web-chat token is cleared from `token`: an SMS sign-in stays.
    if (token && current === token) yield call(removeItem, StorageKey.token);
    yield call(removeItem, StorageKey.wechatToken);
    yield call(removeItem, StorageKey.wechatIsBind);
    yield put(sessionSignedOut({ flow: 'webChat' }));
    return;
  }
  const environment: Environment = yield call(currentEnvironment);
  try {
    const result: WebChatToken | null = yield call([api, api.webChatExchange], code, environment.webChat.appId);
    if (!result) throw NO_ANSWER_ERROR;
    // The profile first: nothing may go out with the new token while the stored identity is still the device's.
    if (result.user_id) yield call(storeProfile, api, result.user_id, result.token);
    yield call(writeItem, StorageKey.wechatToken, result.token);
    yield call(writeItem, StorageKey.wechatIsBind, String(result.isBind));
    if (!result.user_id) yield call(writeItem, StorageKey.token, result.token);
    const now: number = yield call([services, services.now]);
    yield put(sessionSignedIn({ flow: 'webChat', at: now }));
  } catch (error) {
    if (restartsAuthorization(error)) yield call(reauthorize, 'webChat', 'code-refused');
    else yield call(fail, 'webChat', error);
  }
}

/** Share-page auth (docs/rules/states.md#share-page-auth): -1 authorizes again, anything else saves the token. */
export function* shareCheck() {
  const services: SagaServices = yield getContext('services');
  const api: AuthApi = yield call(authApi);
  const href: string = yield call(currentUrl);
  const code = new URL(href).searchParams.get('code');
  const now: number = yield call([services, services.now]);
  if (!code) {
    const token: string | null = yield call(readItem, StorageKey.token);
    if (token) yield put(sessionSignedIn({ flow: 'share', at: now }));
    else yield call(reauthorize, 'share', 'no-code');
    return;
  }
  try {
    const result: WechatShare | null = yield call([api, api.wechatShare], returnAddress(href), code);
    if (!result) throw NO_ANSWER_ERROR;
    if (result.token && result.user_id) yield call(storeProfile, api, result.user_id, result.token);
    else if (result.token) yield call(writeItem, StorageKey.token, result.token);
    yield put(sessionSignedIn({ flow: 'share', at: now }));
  } catch (error) {
    if (restartsAuthorization(error)) yield call(reauthorize, 'share', 'code-refused');
    else yield call(fail, 'share', error);
  }
}
