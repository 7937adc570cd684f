import { type Static, Type } from '@sinclair/typebox';

import { AUTH_CODE_PATTERN, PHONE_REGION_CONFIG_KEY, WEB_CHAT_EXCHANGE_TYPE } from './auth-constants';
import { CodeEnvelope, Envelope } from './envelope';
import { UserInfo } from './user';

/** An authorization code as the WeCom/WeChat pages hand it back. */
const AuthCode = Type.String({ pattern: AUTH_CODE_PATTERN });

/** POST /market_map_url/auth/work-wechat-login (docs/rules/services.md#marketing-map): a WeCom code for the adviser's sid. */
export const WorkWechatLoginRequest = Type.Object({ code: AuthCode }, { additionalProperties: false });
export type WorkWechatLoginRequest = Static<typeof WorkWechatLoginRequest>;
export const WorkWechatLogin = Type.Object({
  /** Marketing-map session id: stored as accountId and sent as the accountid header. */
  sid: Type.String(),
  /** The adviser's code: stored as customer_id; getToken's user_id. */
  fp_code: Type.String(),
});
export type WorkWechatLogin = Static<typeof WorkWechatLogin>;
export const WorkWechatLoginResponse = Envelope(WorkWechatLogin);

/** POST /noah-common/wx-ecology-java/api/wxEcology/auth/getToken: the web-chat code exchange. */
export const WebChatExchangeRequest = Type.Object(
  { wxCode: AuthCode, appId: Type.String({ minLength: 1, maxLength: 64 }), type: Type.Literal(WEB_CHAT_EXCHANGE_TYPE) },
  { additionalProperties: false },
);
export type WebChatExchangeRequest = Static<typeof WebChatExchangeRequest>;
export const WebChatToken = Type.Object({
  token: Type.String(),
  /** 1 when the WeChat user is bound to a customer account. */
  isBind: Type.Union([Type.Literal(0), Type.Literal(1)]),
  /**
   * Beyond docs/rules/services.md: the bound account's user id, so the page can fetch its profile (getToken, proven by
   * this token) and act as that person: the server takes who acts from the token only.
   */
  user_id: Type.Optional(Type.String({ maxLength: 64 })),
});
export type WebChatToken = Static<typeof WebChatToken>;
export const WebChatExchangeResponse = CodeEnvelope(WebChatToken);

/**
 * POST /smart-live/smart-service/api/id/auth/wechat/share: JS-SDK config for the page
 * (share signing) and, with a code, the share page's sign-in (-1: authorize again).
 */
export const WechatShareRequest = Type.Object(
  { url: Type.String({ minLength: 1, maxLength: 2048 }), code: Type.Optional(AuthCode) },
  { additionalProperties: false },
);
export type WechatShareRequest = Static<typeof WechatShareRequest>;
export const JsSdkConfig = Type.Object({
  appId: Type.String(),
  timestamp: Type.Integer(),
  nonceStr: Type.String(),
  signature: Type.String(),
});
export type JsSdkConfig = Static<typeof JsSdkConfig>;
export const WechatShare = Type.Intersect([
  JsSdkConfig,
  // user_id of our own (docs/rules/services.md#common-service), as for the web-chat exchange: the signed-in person's id, to fetch their profile.
  Type.Object({
    token: Type.Union([Type.String(), Type.Null()]),
    user_id: Type.Optional(Type.String({ maxLength: 64 })),
  }),
]);
export type WechatShare = Static<typeof WechatShare>;
export const WechatShareResponse = Envelope(WechatShare);

/** POST /smart-live/smart-service/api/live/wework/js_sdk_config: WeCom config + agent config. */
export const WeworkJsSdkRequest = Type.Object(
  { url: Type.String({ minLength: 1, maxLength: 2048 }) },
  { additionalProperties: false },
);
export type WeworkJsSdkRequest = Static<typeof WeworkJsSdkRequest>;
export const WeworkJsSdk = Type.Object({
  config: JsSdkConfig,
  agentConfig: Type.Intersect([JsSdkConfig, Type.Object({ agentId: Type.String() })]),
});
export type WeworkJsSdk = Static<typeof WeworkJsSdk>;
export const WeworkJsSdkResponse = Envelope(WeworkJsSdk);

/**
 * GET /live-api/cs-live-app/api/common/opconfig?key=liveCommonPhoneRegion: which of phone_region's regions
 * the pickers offer, in order, the first the default (phone-sign-in.ts says how the two combine).
 */
export const OpConfigQuery = Type.Object(
  { key: Type.Literal(PHONE_REGION_CONFIG_KEY) },
  { additionalProperties: false },
);
export const PhoneRegion = Type.Object({
  name: Type.String(),
  /** Dialling code without "+". */
  code: Type.String(),
  /** Allowed national-number lengths. */
  minLength: Type.Integer(),
  maxLength: Type.Integer(),
});
export type PhoneRegion = Static<typeof PhoneRegion>;
export const PhoneRegionConfig = Type.Object({
  key: Type.String(),
  value: Type.Object({ codes: Type.Array(Type.String({ pattern: '^[0-9]{1,4}$' })) }),
});
export type PhoneRegionConfig = Static<typeof PhoneRegionConfig>;
export const PhoneRegionConfigResponse = Envelope(PhoneRegionConfig);

/** POST /live-api/cs-live-app/api/common/get_rsa: the public key for sensitive inputs (PEM). */
export const RsaKey = Type.Object({ pubKey: Type.String() });
export type RsaKey = Static<typeof RsaKey>;
export const RsaKeyResponse = Envelope(RsaKey);

/** RSA (PKCS#1 v1.5, base64) ciphertext of a sensitive field. */
const Encrypted = Type.String({ minLength: 16, maxLength: 1024, pattern: '^[A-Za-z0-9+/=]+$' });
const Region = Type.String({ pattern: '^[0-9]{1,4}$' });
/** An SMS code's sign-in or check (spread into its properties): the region, and the phone and the code encrypted. */
export const phoneAndCode = { region: Region, phone: Encrypted, code: Encrypted };

/** POST /smart-live/smart-service/api/common/send_phone_code {region, phone: encrypted} */
export const SendPhoneCodeRequest = Type.Object({ region: Region, phone: Encrypted }, { additionalProperties: false });
export type SendPhoneCodeRequest = Static<typeof SendPhoneCodeRequest>;
export const SentPhoneCode = Type.Object({ resend_in: Type.Integer(), expires_in: Type.Integer() });
export type SentPhoneCode = Static<typeof SentPhoneCode>;
export const SendPhoneCodeResponse = Envelope(SentPhoneCode);

/** POST /smart-live/smart-service/api/id/auth/info_mobile_login {region, phone, code: encrypted} */
export const MobileLoginRequest = Type.Object(phoneAndCode, { additionalProperties: false });
export type MobileLoginRequest = Static<typeof MobileLoginRequest>;
export const MobileLoginResponse = Envelope(UserInfo);

/**
 * Beyond docs/rules/services.md#live-service: POST /smart-live/smart-service/api/id/auth/info_password_login
 * {region, phone, password}, both RSA-encrypted; the password is the one chosen at registration
 * (the member-invitation program). A wrong phone or password get the same answer.
 */
export const PasswordLoginRequest = Type.Object(
  { region: Region, phone: Encrypted, password: Encrypted },
  { additionalProperties: false },
);
export type PasswordLoginRequest = Static<typeof PasswordLoginRequest>;
export const PasswordLoginResponse = Envelope(UserInfo);

/** Beyond docs/rules/services.md#live-service: POST /smart-live/smart-service/api/id/logout ends the token's session on the server too. */
export const LogoutResult = Type.Object({ ended: Type.Boolean() });
export type LogoutResult = Static<typeof LogoutResult>;
export const LogoutResponse = Envelope(LogoutResult);
