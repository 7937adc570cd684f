import { type Static, type TSchema, Type } from '@sinclair/typebox';

/**
 * Every remote service answers in one envelope (docs/rules/data.md#response-envelope: "an error object with a code").
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
 * The WeChat-ecosystem services (web-chat code exchange,
 * docs/rules/data.md#service-results) answer with a bare code instead of an error object.
 */
export const CodeEnvelope = <T extends TSchema>(data: T) =>
  Type.Object({
    code: Type.Integer(),
    msg: Type.String(),
    data: Type.Union([data, Type.Null()]),
  });
export type CodeEnvelope<T> = { code: number; msg: string; data: T | null };

/** Plain constants live in codes.ts (no TypeBox) so the client can import them cheaply. */
export { ErrorCode } from './codes';
