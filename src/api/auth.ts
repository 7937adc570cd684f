// Types only from the contract: its schemas are TypeBox values and must stay out of the bundle.
import type {
  JsSdkConfig,
  PhoneRegion,
  PhoneRegionConfig,
  SentPhoneCode,
  WebChatToken,
  WechatShare,
  WeworkJsSdk,
  WorkWechatLogin,
} from './contract/auth';
import type { UserInfo } from './contract/user';
import type { GidUser, MiniScheme } from './contract/helpers';
import { PHONE_REGION_CONFIG_KEY, WEB_CHAT_EXCHANGE_TYPE } from './contract/auth-constants';
import { SignatureHeader } from './contract/signature';
import { isArrayOf, isInteger, isRecord, isString } from '../lib/guards';
import { requestData, type CancellablePromise } from './request';
import type { ServiceClients } from './services';

export type { GidUser, MiniScheme };
export type { JsSdkConfig, PhoneRegion, SentPhoneCode, UserInfo, WebChatToken, WechatShare, WeworkJsSdk, WorkWechatLogin };

const isWorkLogin = (v: unknown): v is WorkWechatLogin => isRecord(v) && isString(v.sid) && isString(v.fp_code);
const isWebChatToken = (v: unknown): v is WebChatToken => isRecord(v) && isString(v.token) && (v.isBind === 0 || v.isBind === 1);
const isConfig = (v: unknown): v is JsSdkConfig =>
  isRecord(v) && isString(v.appId) && isInteger(v.timestamp) && isString(v.nonceStr) && isString(v.signature);
const isShare = (v: unknown): v is WechatShare => {
  const token = isRecord(v) ? v.token : undefined;
  return isConfig(v) && (token === null || isString(token));
};
const isWework = (v: unknown): v is WeworkJsSdk => isRecord(v) && isConfig(v.config) && isConfig(v.agentConfig);
const isRegion = (v: unknown): v is PhoneRegion => isRecord(v) && isString(v.name) && isString(v.code) && isInteger(v.minLength) && isInteger(v.maxLength);
const isRegionConfig = (v: unknown): v is PhoneRegionConfig => isRecord(v) && isArrayOf(v.value, isRegion);
const isSent = (v: unknown): v is SentPhoneCode => isRecord(v) && isInteger(v.resend_in) && isInteger(v.expires_in);
/** Spec §3: the key arrives as pubKey or publicKey. */
const isRsa = (v: unknown): v is { pubKey?: string; publicKey?: string } => isRecord(v) && (isString(v.pubKey) || isString(v.publicKey));
const isScheme = (v: unknown): v is MiniScheme => isRecord(v) && isString(v.openlink) && /^weixin:\/\//.test(v.openlink) && isInteger(v.expire_time);
const isGidUser = (v: unknown): v is GidUser => isRecord(v) && isString(v.gid) && isString(v.real_name) && isString(v.avatar) && (v.role === 'adviser' || v.role === 'customer');
export const isUserInfo = (v: unknown): v is UserInfo => isRecord(v) && isString(v.token) && isString(v.user_id) && isString(v.employee_id);

/** Every sign-in call of issue 4, bound to its client: sagas reach it as services.api.auth. */
export interface AuthApi {
  workWechatLogin(code: string): CancellablePromise<WorkWechatLogin | null>;
  /** The user token for the WeCom sign-in proven by its sid (sent as the accountid header). */
  getToken(userId: string, sid: string): CancellablePromise<UserInfo | null>;
  webChatExchange(wxCode: string, appId: string): CancellablePromise<WebChatToken | null>;
  wechatShare(url: string, code?: string): CancellablePromise<WechatShare | null>;
  weworkJsSdk(url: string): CancellablePromise<WeworkJsSdk | null>;
  phoneRegions(): CancellablePromise<PhoneRegionConfig | null>;
  publicKey(): Promise<string | null>;
  sendPhoneCode(region: string, encryptedPhone: string): CancellablePromise<SentPhoneCode | null>;
  mobileLogin(region: string, encryptedPhone: string, encryptedCode: string): CancellablePromise<UserInfo | null>;
  /** /jumpToMini: a weixin:// link into the mini-program page. */
  generateScheme(path: string, query?: string): CancellablePromise<MiniScheme | null>;
  /** A user's public profile by gid; the answer is AES-encrypted (spec §7 Encryption). */
  userInfoByGid(gid: string): CancellablePromise<GidUser | null>;
}

type Clients = Pick<ServiceClients, 'liveService' | 'liveApp' | 'common' | 'marketMap'>;

export function createAuthApi(clients: Clients, aesKey = ''): AuthApi {
  return {
    // No sid yet to sign with (the marketing map signs with it): the single-use code is the credential.
    workWechatLogin: (code) =>
      requestData(clients.marketMap, { method: 'POST', url: '/auth/work-wechat-login', data: { code }, signature: 'none' }, isWorkLogin),
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
    wechatShare: (url, code) =>
      requestData(clients.liveService, { method: 'POST', url: '/api/id/auth/wechat/share', data: code ? { url, code } : { url } }, isShare),
    weworkJsSdk: (url) => requestData(clients.liveService, { method: 'POST', url: '/api/live/wework/js_sdk_config', data: { url } }, isWework),
    phoneRegions: () =>
      requestData(clients.liveApp, { method: 'GET', url: '/api/common/opconfig', params: { key: PHONE_REGION_CONFIG_KEY } }, isRegionConfig),
    publicKey: async () => {
      const key = await requestData(clients.liveApp, { method: 'POST', url: '/api/common/get_rsa', data: {} }, isRsa);
      return key ? (key.pubKey ?? key.publicKey ?? null) : null;
    },
    sendPhoneCode: (region, phone) =>
      requestData(clients.liveService, { method: 'POST', url: '/api/common/send_phone_code', data: { region, phone } }, isSent),
    mobileLogin: (region, phone, code) =>
      requestData(clients.liveService, { method: 'POST', url: '/api/id/auth/info_mobile_login', data: { region, phone, code } }, isUserInfo),
    generateScheme: (path, query) =>
      requestData(clients.liveService, { method: 'POST', url: '/api/common/generate_scheme', data: query ? { path, query } : { path } }, isScheme),
    userInfoByGid: (gid) =>
      requestData(
        clients.common,
        { method: 'GET', url: '/wx-ecology-java/api/wxEcology/user/userInfoByGid', params: { gid } },
        { envelope: 'code', check: isGidUser, decryptWith: aesKey },
      ),
  };
}
