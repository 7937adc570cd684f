/**
 * Plain error codes, kept free of TypeBox so the client bundle can import them
 * (envelope.ts re-exports them for the server and for existing imports).
 */

/** Codes the local backend and the client agree on. The 2100xx trio is docs/rules/errors.md#session-invalid. */
export const ErrorCode = {
  ok: 0,
  /** Share-page auth: restart authorization (docs/rules/errors.md#authorization-restart). */
  shareAuthRestart: -1,
  badRequest: 100400,
  signatureMissing: 100401,
  signatureInvalid: 100402,
  signatureExpired: 100403,
  signatureReplayed: 100404,
  notFound: 100405,
  forbidden: 100406,
  /** Too many requests from one address or user in a window (HTTP 429, Retry-After). */
  rateLimited: 100429,
  internal: 100500,
  sessionInvalid: 210001,
  sessionExpired: 210002,
  sessionKicked: 210003,
  /** WeChat OAuth: the code was used already / is invalid or expired (docs/rules/errors.md#authorization-restart). */
  wechatCodeUsed: 40163,
  wechatCodeInvalid: 40029,
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export const SESSION_INVALID_CODES: readonly number[] = [
  ErrorCode.sessionInvalid,
  ErrorCode.sessionExpired,
  ErrorCode.sessionKicked,
];

/** Codes after which the auth flow starts the authorization redirect again (docs/rules/states.md#web-chat-sign-in, docs/rules/errors.md#authorization-restart). */
export const AUTHORIZATION_RESTART_CODES: readonly number[] = [
  ErrorCode.wechatCodeUsed,
  ErrorCode.wechatCodeInvalid,
  ErrorCode.shareAuthRestart,
];
