import { Type, type Static, type TSchema } from '@sinclair/typebox';

/**
 * Every remote service answers in one envelope (spec §3: "an error object with a code").
 * error.code 0 is success; anything else is a failure the saga decides about.
 */
export const ErrorObject = Type.Object({
  code: Type.Integer(),
  message: Type.String(),
});
export type ErrorObject = Static<typeof ErrorObject>;

export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({
    error: ErrorObject,
    data: Type.Union([data, Type.Null()]),
  });

export type Envelope<T> = { error: ErrorObject; data: T | null };

/**
 * The WeChat-ecosystem services (web-chat code exchange, spec §3 "Web-chat auth result:
 * code, data.token, data.isBind") answer with a bare code instead of an error object.
 */
export const CodeEnvelope = <T extends TSchema>(data: T) =>
  Type.Object({
    code: Type.Integer(),
    msg: Type.String(),
    data: Type.Union([data, Type.Null()]),
  });
export type CodeEnvelope<T> = { code: number; msg: string; data: T | null };

/** Codes the local backend and the client agree on. The 2100xx trio is spec §8. */
export const ErrorCode = {
  ok: 0,
  /** Share-page auth: restart authorization (spec §8). */
  shareAuthRestart: -1,
  badRequest: 100400,
  signatureMissing: 100401,
  signatureInvalid: 100402,
  signatureExpired: 100403,
  signatureReplayed: 100404,
  notFound: 100405,
  forbidden: 100406,
  internal: 100500,
  sessionInvalid: 210001,
  sessionExpired: 210002,
  sessionKicked: 210003,
  /** WeChat OAuth: the code was used already / is invalid or expired (spec §8). */
  wechatCodeUsed: 40163,
  wechatCodeInvalid: 40029,
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export const SESSION_INVALID_CODES: readonly number[] = [
  ErrorCode.sessionInvalid,
  ErrorCode.sessionExpired,
  ErrorCode.sessionKicked,
];
