/**
 * Plain sign-in constants shared by the client and the local backend (no TypeBox here,
 * so the client bundle can import them).
 */

/** A work-chat sign-in is trusted for 20 hours (docs/rules/states.md#work-chat-session, docs/rules/constants.md#sessions-and-share-menus). */
export const WORK_CHAT_SESSION_MS = 72_000_000;
/** Share menus are set up 1000 ms after the screen asks (docs/rules/constants.md#sessions-and-share-menus). */
export const SHARE_SETUP_DELAY_MS = 1000;
/** Authorization codes of the local sign-in pages live 5 minutes, as WeChat's do. */
export const AUTH_CODE_TTL_MS = 5 * 60 * 1000;
/**
 * The one rule for every SMS code (sign-in, invitation, contract signing): valid 5 minutes, 5 wrong tries
 * void it; sends at least 60 s apart per phone, at most 5 an hour per phone and 20 a day per address.
 */
export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
export const SMS_CODE_MAX_ATTEMPTS = 5;
/** The resend countdown, and the least time between two sends to one phone. */
export const SMS_RESEND_SECONDS = 60;
export const SMS_PER_PHONE_HOUR = 5;
export const SMS_PER_ADDRESS_DAY = 20;
/** Web-chat exchange type of docs/rules/services.md#common-service ("posts wxCode, appId and type=2"). */
export const WEB_CHAT_EXCHANGE_TYPE = 2;
/** Phone-region config key of docs/rules/constants.md#lives-and-chat. */
export const PHONE_REGION_CONFIG_KEY = 'liveCommonPhoneRegion';

/** Codes the sign-in endpoints answer besides the common ones (messages are Chinese). */
export const AuthErrorCode = {
  smsCodeWrong: 100420,
  smsCodeExpired: 100421,
  smsRateLimited: 100429,
  phoneInvalid: 100422,
  decryptFailed: 100423,
  passwordWrong: 100424,
  /** Too many wrong passwords for the account: locked for a while (HTTP 429, Retry-After). */
  passwordLocked: 100425,
} as const;

/** Authorization codes as the local pages issue them: 32 url-safe characters. */
export const AUTH_CODE_PATTERN = '^[A-Za-z0-9_-]{16,64}$';
