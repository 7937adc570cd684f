// Types only from the contract: its schemas are TypeBox values and must stay out of the bundle.
import type {
  JsSdkConfig,
  PhoneRegion,
  SentPhoneCode,
  WebChatToken,
  WechatShare,
  WeworkJsSdk,
  WorkWechatLogin,
} from '@/api/contract/auth';
import type { UserInfo } from '@/api/contract/user';
import type { GidUser, MiniScheme } from '@/api/contract/helpers';
import { WEB_CHAT_EXCHANGE_TYPE } from '@/api/contract/auth-constants';
import { SignatureHeader } from '@/api/contract/signature';
import {
  isUserInfo,
  isWebChatToken,
  isWorkWechatLogin,
} from '@/api/generated/guards';
import { requestData, type CancellablePromise } from '@/api/request';
import { bindLazily } from '@/api/lazy';
import type { LoginApi } from './login-api';
import type { ServiceClients } from '@/api/services';

export type { GidUser, MiniScheme };
export type { LoginApi } from './login-api';
export type { JsSdkConfig, PhoneRegion, SentPhoneCode, UserInfo, WebChatToken, WechatShare, WeworkJsSdk, WorkWechatLogin };

/** Every sign-in call of issue 4, bound to its client: sagas reach it as services.api.auth. */
export interface AuthApi extends LoginApi {
  workWechatLogin(code: string): CancellablePromise<WorkWechatLogin | null>;
  /** The user token for the WeCom sign-in proven by its sid (sent as the accountid header). */
  getToken(userId: string, sid: string): CancellablePromise<UserInfo | null>;
  webChatExchange(wxCode: string, appId: string): CancellablePromise<WebChatToken | null>;
}

type Clients = Pick<ServiceClients, 'liveService' | 'liveApp' | 'common' | 'marketMap'>;

/**
 * The share-menu setup (after the first screen), sign-in screen and helper screens' calls: their code and
 * response checks load with the first call, not with the home screen.
 */
const LOGIN_ENDPOINTS = ['wechatShare', 'weworkJsSdk', 'phoneRegions', 'publicKey', 'sendPhoneCode', 'mobileLogin', 'generateScheme', 'userInfoByGid'] as const satisfies readonly (keyof LoginApi)[];
// Every LoginApi method must be listed above, or it would be missing at run time.
type Unlisted = Exclude<keyof LoginApi, (typeof LOGIN_ENDPOINTS)[number]>;
const _everyEndpointListed: [Unlisted] extends [never] ? true : Unlisted = true;

export function createAuthApi(clients: Clients, aesKey = ''): AuthApi {
  return {
    // No sid yet to sign with (the marketing map signs with it): the single-use code is the credential.
    workWechatLogin: (code) =>
      requestData(clients.marketMap, { method: 'POST', url: '/auth/work-wechat-login', data: { code }, signature: 'none' }, isWorkWechatLogin),
    getToken: (userId, sid) =>
      requestData(
        clients.liveService,
        { method: 'GET', url: '/api/id/getToken', params: { user_id: userId }, headers: { [SignatureHeader.accountId]: sid }, signature: 'content' },
        isUserInfo,
      ),
    webChatExchange: (wxCode, appId) =>
      requestData(
        clients.common,
        { method: 'POST', url: '/wx-ecology-java/api/wxEcology/auth/getToken', data: { wxCode, appId, type: WEB_CHAT_EXCHANGE_TYPE } },
        { envelope: 'code', check: isWebChatToken },
      ),
    ...bindLazily<LoginApi>(() => import(/* webpackChunkName: "login-api" */ './login-api').then((m) => m.createLoginApi(clients, aesKey)), LOGIN_ENDPOINTS),
  };
}

declare module '@/store/services' {
  interface SagaServices {
    /** Sign-in calls (session feature); absent in other features' tests. */
    auth?: AuthApi;
  }
}
