// Types only from the contract: its schemas are TypeBox values and must stay out of the bundle.
import type { LoginApi } from './login-api';

import type {
  JsSdkConfig,
  PhoneRegion,
  SentPhoneCode,
  WebChatToken,
  WechatShare,
  WeworkJsSdk,
  WorkWechatLogin,
} from '@/api/contract/auth';
import type { MiniScheme } from '@/api/contract/helpers';
import type { UserInfo } from '@/api/contract/user';
import { bindLazily } from '@/api/lazy';
import type { ServiceClients } from '@/api/services';

export type { MiniScheme };
export type { LoginApi } from './login-api';
export type {
  JsSdkConfig,
  PhoneRegion,
  SentPhoneCode,
  UserInfo,
  WebChatToken,
  WechatShare,
  WeworkJsSdk,
  WorkWechatLogin,
};

/** Every sign-in call, bound to its client: sagas reach it as services.api.auth. */
export type AuthApi = LoginApi;

type Clients = Pick<ServiceClients, 'liveService' | 'liveApp' | 'common' | 'marketMap'>;

/**
 * Sign-in (WeCom, WeChat, SMS), share-menu setup and helper screens' calls: their code and response
 * checks load with the first call, not with the home screen.
 */
const AUTH_ENDPOINTS = [
  'workWechatLogin',
  'getToken',
  'webChatExchange',
  'wechatShare',
  'weworkJsSdk',
  'phoneRegionList',
  'phoneRegionConfig',
  'publicKey',
  'sendPhoneCode',
  'appSendPhoneCode',
  'checkCode',
  'openWealthLogin',
  'mobileLogin',
  'passwordLogin',
  'logout',
  'generateScheme',
  'userInfoByGid',
] as const satisfies readonly (keyof LoginApi)[];
// Every LoginApi method must be listed above, or it would be missing at run time.
type Unlisted = Exclude<keyof LoginApi, (typeof AUTH_ENDPOINTS)[number]>;
const _everyEndpointListed: [Unlisted] extends [never] ? true : Unlisted = true;

export function createAuthApi(clients: Clients, aesKey = ''): AuthApi {
  return bindLazily<LoginApi>(
    () => import(/* webpackChunkName: "login-api" */ './login-api').then((m) => m.createLoginApi(clients, aesKey)),
    AUTH_ENDPOINTS,
  );
}

declare module '@/store/services' {
  interface SagaServices {
    /** Sign-in calls (session feature); absent in other features' tests. */
    auth?: AuthApi;
  }
}
