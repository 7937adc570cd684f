import { isInteger, isRecord, isString } from '../lib/guards';
import { SESSION_INVALID_CODES } from './contract/codes';
import type { CodeEnvelope, Envelope } from './contract/envelope';

/**
 * Hand checks of the two envelope shapes (contract/envelope.ts). TypeBox stays off the
 * client (bundle budget); these few lines are all a reducer needs to be safe.
 */

export type EnvelopeStyle = 'error' | 'code';
export type AnyEnvelope<T> = Envelope<T> | CodeEnvelope<T>;

/** `{ error: { code, message }, data }`: every service but the WeChat-ecosystem ones. */
export function isErrorEnvelope(body: unknown): body is Envelope<unknown> {
  return (
    isRecord(body) &&
    isRecord(body.error) &&
    isInteger(body.error.code) &&
    (body.error.message === undefined || isString(body.error.message)) &&
    'data' in body
  );
}

/** `{ code, msg, data }`: the common service (web-chat code exchange, docs/rules/data.md#response-envelope). */
export function isCodeEnvelope(body: unknown): body is CodeEnvelope<unknown> {
  return isRecord(body) && isInteger(body.code) && (body.msg === undefined || isString(body.msg)) && 'data' in body;
}

export function isEnvelopeOf(style: EnvelopeStyle, body: unknown): body is AnyEnvelope<unknown> {
  return style === 'error' ? isErrorEnvelope(body) : isCodeEnvelope(body);
}

/** The answer's code and message, whichever envelope style carried them. */
export function envelopeStatus(envelope: AnyEnvelope<unknown>): { code: number; message: string } {
  if ('error' in envelope) return { code: envelope.error.code, message: envelope.error.message ?? '' };
  return { code: envelope.code, message: envelope.msg ?? '' };
}

/** Either envelope style, for interceptors that must not assume which service answered. */
export function anyEnvelopeStatus(body: unknown): { code: number; message: string } | null {
  if (isErrorEnvelope(body) || isCodeEnvelope(body)) return envelopeStatus(body);
  return null;
}

/** Session codes 210001-210003 live "in the error object" (docs/rules/errors.md#session-invalid); only that place counts. */
export function sessionInvalidCode(body: unknown): number | null {
  if (!isRecord(body) || !isRecord(body.error) || !isInteger(body.error.code)) return null;
  return SESSION_INVALID_CODES.includes(body.error.code) ? body.error.code : null;
}
