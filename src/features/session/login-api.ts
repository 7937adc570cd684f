// Every sign-in, share-menu and helper-screen endpoint, split from api.ts so their code and response
// checks load with the first call (a sign-in is a redirect round trip already), not with the home screen.
import type {
  LogoutResult,
  PhoneRegionConfig,
  SentPhoneCode,
  WebChatToken,
  WechatShare,
  WeworkJsSdk,
  WorkWechatLogin,
} from '@/api/contract/auth';
import { PHONE_REGION_CONFIG_KEY, WEB_CHAT_EXCHANGE_TYPE } from '@/api/contract/auth-constants';
import { SignatureHeader } from '@/api/contract/headers';
import type { GidUser, MiniScheme } from '@/api/contract/helpers';
import type { AppWebView, CodeChecked, OpenWealthLogin, PhoneRegionList } from '@/api/contract/phone-sign-in';
import type { UserInfo } from '@/api/contract/user';
import {
  isLogoutResult,
  isPhoneRegionConfig,
  isRsaKey,
  isSentPhoneCode,
  isWebChatToken,
  isWechatShare,
  isWeworkJsSdk,
  isWorkWechatLogin,
} from '@/api/generated/auth';
import { isGidUser, isMiniScheme } from '@/api/generated/helpers';
import { isCodeChecked, isOpenWealthLogin, isPhoneRegionList } from '@/api/generated/phone-sign-in';
import { isUserInfo } from '@/api/generated/user';
import type { CancellablePromise } from '@/api/request';
import { requestData } from '@/api/request';
import type { ServiceClients } from '@/api/services';
import { isRecord, isString } from '@/lib/guards';

/** The calls api.ts binds lazily: all of AuthApi. */
export interface LoginApi {
  workWechatLogin(code: string): CancellablePromise<WorkWechatLogin | null>;
  /** The user token for the WeCom sign-in proven by its sid (sent as the accountid header). */
  getToken(userId: string, sid: string): CancellablePromise<UserInfo | null>;
  webChatExchange(wxCode: string, appId: string): CancellablePromise<WebChatToken | null>;
  wechatShare(url: string, code?: string): CancellablePromise<WechatShare | null>;
  weworkJsSdk(url: string): CancellablePromise<WeworkJsSdk | null>;
  /** phone_region: every region the SMS gateway reaches, with its number lengths. */
  phoneRegionList(): CancellablePromise<PhoneRegionList | null>;
  /** opconfig liveCommonPhoneRegion: which of those the pickers offer, in order. */
  phoneRegionConfig(): CancellablePromise<PhoneRegionConfig | null>;
  publicKey(): Promise<string | null>;
  sendPhoneCode(region: string, encryptedPhone: string): CancellablePromise<SentPhoneCode | null>;
  /** The app's own code send (live app sendPhoneCode): /login inside the firm's app web views. */
  appSendPhoneCode(region: string, encryptedPhone: string): CancellablePromise<SentPhoneCode | null>;
  /** checkCode: the SMS code checked before signing in, not used up. */
  checkCode(region: string, encryptedPhone: string, encryptedCode: string): CancellablePromise<CodeChecked | null>;
  /** info_open_wealth: sign-in from the wealth app's web view. */
  openWealthLogin(
    region: string,
    encryptedPhone: string,
    encryptedCode: string,
    from: AppWebView,
  ): CancellablePromise<OpenWealthLogin | null>;
  mobileLogin(region: string, encryptedPhone: string, encryptedCode: string): CancellablePromise<UserInfo | null>;
  /** The password chosen at registration; both fields RSA-encrypted. */
  passwordLogin(region: string, encryptedPhone: string, encryptedPassword: string): CancellablePromise<UserInfo | null>;
  /** Ends the stored token's session on the server. */
  logout(): CancellablePromise<LogoutResult | null>;
  /** /jumpToMini: a weixin:// link into the mini-program page. */
  generateScheme(path: string, query?: string): CancellablePromise<MiniScheme | null>;
  /** A user's public profile by gid; the answer is AES-encrypted (docs/rules/services.md#encryption). */
  userInfoByGid(gid: string): CancellablePromise<GidUser | null>;
}

type Clients = Pick<ServiceClients, 'liveService' | 'liveApp' | 'common' | 'marketMap'>;

/** The key arrives as pubKey or publicKey (docs/rules/data.md#service-results); the contract's RsaKey names the first, so this accepts either. */
const isRsa = (v: unknown): v is { pubKey?: string; publicKey?: string } =>
  isRsaKey(v) || (isRecord(v) && isString(v.publicKey));
/** The contract's MiniScheme, and a link that opens WeChat (the screen hands it to location). */
const isWeixinScheme = (v: unknown): v is MiniScheme => isMiniScheme(v) && /^weixin:\/\//.test(v.openlink);

export function createLoginApi(clients: Clients, aesKey = ''): LoginApi {
  return {
    // No sid yet to sign with (the marketing map signs with it): the single-use code is the credential.
    workWechatLogin: (code) =>
      requestData(
        clients.marketMap,
        { method: 'POST', url: '/auth/work-wechat-login', data: { code }, signature: 'none' },
        isWorkWechatLogin,
      ),
    getToken: (userId, sid) =>
      requestData(
        clients.liveService,
        {
          method: 'GET',
          url: '/api/id/getToken',
          params: { user_id: userId },
          headers: { [SignatureHeader.accountId]: sid },
          signature: 'content',
        },
        isUserInfo,
      ),
    webChatExchange: (wxCode, appId) =>
      requestData(
        clients.common,
        {
          method: 'POST',
          url: '/wx-ecology-java/api/wxEcology/auth/getToken',
          data: { wxCode, appId, type: WEB_CHAT_EXCHANGE_TYPE },
        },
        { envelope: 'code', check: isWebChatToken },
      ),
    wechatShare: (url, code) =>
      requestData(
        clients.liveService,
        { method: 'POST', url: '/api/id/auth/wechat/share', data: code ? { url, code } : { url } },
        isWechatShare,
      ),
    weworkJsSdk: (url) =>
      requestData(
        clients.liveService,
        { method: 'POST', url: '/api/live/wework/js_sdk_config', data: { url } },
        isWeworkJsSdk,
      ),
    phoneRegionList: () =>
      requestData(
        clients.liveService,
        { method: 'POST', url: '/api/common/phone_region', data: {} },
        isPhoneRegionList,
      ),
    phoneRegionConfig: () =>
      requestData(
        clients.liveApp,
        { method: 'GET', url: '/api/common/opconfig', params: { key: PHONE_REGION_CONFIG_KEY } },
        isPhoneRegionConfig,
      ),
    publicKey: async () => {
      const key = await requestData(clients.liveApp, { method: 'POST', url: '/api/common/get_rsa', data: {} }, isRsa);
      return key ? (key.pubKey ?? key.publicKey ?? null) : null;
    },
    sendPhoneCode: (region, phone) =>
      requestData(
        clients.liveService,
        { method: 'POST', url: '/api/common/send_phone_code', data: { region, phone } },
        isSentPhoneCode,
      ),
    appSendPhoneCode: (region, phone) =>
      requestData(
        clients.liveApp,
        { method: 'POST', url: '/api/common/sendPhoneCode', data: { region, phone } },
        isSentPhoneCode,
      ),
    checkCode: (region, phone, code) =>
      requestData(
        clients.liveService,
        { method: 'POST', url: '/api/id/auth/checkCode', data: { region, phone, code } },
        isCodeChecked,
      ),
    openWealthLogin: (region, phone, code, from) =>
      requestData(
        clients.liveApp,
        { method: 'POST', url: '/api/id/auth/info_open_wealth', data: { region, phone, code, from } },
        isOpenWealthLogin,
      ),
    mobileLogin: (region, phone, code) =>
      requestData(
        clients.liveService,
        { method: 'POST', url: '/api/id/auth/info_mobile_login', data: { region, phone, code } },
        isUserInfo,
      ),
    passwordLogin: (region, phone, password) =>
      requestData(
        clients.liveService,
        { method: 'POST', url: '/api/id/auth/info_password_login', data: { region, phone, password } },
        isUserInfo,
      ),
    logout: () => requestData(clients.liveService, { method: 'POST', url: '/api/id/logout', data: {} }, isLogoutResult),
    generateScheme: (path, query) =>
      requestData(
        clients.liveService,
        { method: 'POST', url: '/api/common/generate_scheme', data: query ? { path, query } : { path } },
        isWeixinScheme,
      ),
    userInfoByGid: (gid) =>
      requestData(
        clients.common,
        { method: 'GET', url: '/wx-ecology-java/api/wxEcology/user/userInfoByGid', params: { gid } },
        { envelope: 'code', check: isGidUser, decryptWith: aesKey },
      ),
  };
}
