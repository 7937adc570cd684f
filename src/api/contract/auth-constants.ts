/**
 * Plain sign-in constants shared by the client and the local backend (no TypeBox here,
 * so the client bundle can import them).
 */

/** Spec §4/§9: a work-chat sign-in is trusted for 20 hours. */
export const WORK_CHAT_SESSION_MS = 72_000_000;
/** Spec §9: share menus are set up 1000 ms after the screen asks. */
export const SHARE_SETUP_DELAY_MS = 1000;
/** Authorization codes of the local sign-in pages live 5 minutes, as WeChat's do. */
export const AUTH_CODE_TTL_MS = 5 * 60 * 1000;
/** An SMS code is valid for 5 minutes and allows 5 wrong tries. */
export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
export const SMS_CODE_MAX_ATTEMPTS = 5;
/** At most 5 SMS requests per minute per phone and per address: the sixth is refused. */
export const SMS_RATE_LIMIT = 5;
export const SMS_RATE_WINDOW_MS = 60_000;
/** The login screen's resend countdown. */
export const SMS_RESEND_SECONDS = 60;
/** Web-chat exchange type of spec §7 ("posts wxCode, appId and type=2"). */
export const WEB_CHAT_EXCHANGE_TYPE = 2;
/** Phone-region config key of spec §9. */
export const PHONE_REGION_CONFIG_KEY = 'liveCommonPhoneRegion';

/** Codes the sign-in endpoints answer besides the common ones (messages are Chinese). */
export const AuthErrorCode = {
  smsCodeWrong: 100420,
  smsCodeExpired: 100421,
  smsRateLimited: 100429,
  phoneInvalid: 100422,
  decryptFailed: 100423,
  passwordWrong: 100424,
} as const;

/** Authorization codes as the local pages issue them: 32 url-safe characters. */
export const AUTH_CODE_PATTERN = '^[A-Za-z0-9_-]{16,64}$';
