import type { AxiosRequestConfig } from 'axios';
import { CANCEL } from 'redux-saga';

import { isNetworkEmptyResponse, type ServiceClient, serviceOf } from './client-meta';
import { ErrorCode } from './contract/codes';
import type { Envelope } from './contract/envelope';
import { SignatureHeader } from './contract/headers';
import { ENCRYPTED_FIELD } from './contract/helpers-constants';
import { type AnyEnvelope, envelopeStatus, type EnvelopeStyle, isEnvelopeOf } from './envelope-shape';
import { ApiError } from './errors';

/** A light type guard for the data of a successful answer (no schema library on the client). */
export type DataCheck<T> = (data: unknown) => data is T;

export interface RequestOptions<T> {
  /** Which envelope the service answers with; 'code' is the common service's `{ code, msg, data }`. */
  envelope?: EnvelopeStyle;
  /** Checked when the code is 0 and data is not null; a mismatch is ApiError 'malformed'. */
  check?: DataCheck<T>;
  /**
   * Opt-in: the answer's data is `{ encrypt_data }`, AES-encrypted JSON (docs/rules/services.md#encryption); decrypted
   * with this key (the environment's aesKey) before the check. crypto-js loads only then.
   */
  decryptWith?: string;
}

/** Where an answer came from, so a business error can say which HTTP status carried it. */
export interface AnswerMeta {
  httpStatus?: number | null;
  requestSignature?: string | null;
  service?: string | null;
  url?: string | null;
}

/** A promise redux-saga can cancel: a cancelled `call` aborts the HTTP request. */
export type CancellablePromise<T> = Promise<T> & { [key: string]: unknown };

function cancellable<T>(run: (signal: AbortSignal) => Promise<T>): CancellablePromise<T> {
  const controller = new AbortController();
  return Object.assign(run(controller.signal), { [CANCEL]: () => controller.abort() });
}

function optionsOf<T>(checkOrOptions?: DataCheck<T> | RequestOptions<T>): RequestOptions<T> {
  return typeof checkOrOptions === 'function' ? { check: checkOrOptions } : (checkOrOptions ?? {});
}

/** The common service's `{ code, msg, data }` in the one shape callers handle. */
function normalise<T>(envelope: AnyEnvelope<T>): Envelope<T> {
  if ('error' in envelope) return envelope;
  return { error: { code: envelope.code, message: envelope.msg ?? '' }, data: envelope.data };
}

interface Answer<T> {
  envelope: Envelope<T> | null;
  meta: AnswerMeta;
}

async function send<T>(
  client: ServiceClient,
  config: AxiosRequestConfig,
  options: RequestOptions<T>,
  signal: AbortSignal,
): Promise<Answer<T>> {
  const response = await client.request<unknown>({ signal, ...config });
  const sent = response.config?.headers?.[SignatureHeader.signature];
  const meta: AnswerMeta = {
    httpStatus: response.status,
    // The interceptor records the scheme it used; marketing-map errors carry their signature.
    requestSignature: response.config?.signature === 'marketMap' && typeof sent === 'string' ? sent : null,
    service: serviceOf(client),
    url: config.url ?? null,
  };
  // The live and invitation clients answer a network failure with an empty value (docs/rules/errors.md#network-failures).
  if (isNetworkEmptyResponse(response)) return { envelope: null, meta };
  const style = options.envelope ?? 'error';
  if (!isEnvelopeOf(style, response.data)) {
    throw new ApiError({
      kind: 'malformed',
      ...meta,
      detail: `Expected a ${style === 'error' ? '{ error: { code, message }, data }' : '{ code, msg, data }'} envelope from ${config.method ?? 'get'} ${config.url ?? ''}, got ${describe(response.data)}`,
    });
  }
  const envelope = normalise(response.data as AnyEnvelope<unknown>);
  if (options.decryptWith !== undefined && envelope.error.code === ErrorCode.ok && envelope.data !== null) {
    envelope.data = await decryptData(envelope.data, options.decryptWith, meta, config.url);
  }
  if (
    envelope.error.code === ErrorCode.ok &&
    envelope.data !== null &&
    options.check &&
    !options.check(envelope.data)
  ) {
    throw new ApiError({
      kind: 'malformed',
      ...meta,
      detail: `Response data of ${config.url ?? ''} does not have the expected shape`,
    });
  }
  return { envelope: envelope as Envelope<T>, meta };
}

async function decryptData(data: unknown, key: string, meta: AnswerMeta, url?: string): Promise<unknown> {
  const cipher = (data as Record<string, unknown> | null)?.[ENCRYPTED_FIELD];
  const malformed = (detail: string) => new ApiError({ kind: 'malformed', ...meta, detail: `${url ?? ''}: ${detail}` });
  if (typeof cipher !== 'string') throw malformed(`expected an encrypted ${ENCRYPTED_FIELD} field`);
  const { aesDecrypt } = await import(/* webpackChunkName: "crypto-aes" */ '../lib/crypto');
  try {
    return JSON.parse(await aesDecrypt(cipher, key)) as unknown;
  } catch {
    throw malformed(`${ENCRYPTED_FIELD} does not decrypt to JSON with this environment's key`);
  }
}

function describe(body: unknown): string {
  if (body === null) return 'null';
  if (Array.isArray(body)) return 'an array';
  if (typeof body === 'object') return `an object with keys [${Object.keys(body).join(', ')}]`;
  return `${typeof body} ${JSON.stringify(body)?.slice(0, 60) ?? ''}`;
}

/**
 * Send a request and check the answer is an envelope (ApiError 'malformed' otherwise, so
 * no reducer ever sees a surprise). Resolves the envelope whatever its code ("other
 * responses pass through"), or null for the empty value of a network failure.
 */
export function request<Res>(
  client: ServiceClient,
  config: AxiosRequestConfig,
  checkOrOptions?: DataCheck<Res> | RequestOptions<Res>,
): CancellablePromise<Envelope<Res> | null> {
  return cancellable(async (signal) => (await send(client, config, optionsOf(checkOrOptions), signal)).envelope);
}

/**
 * Data of a code-0 answer; any other code throws ApiError 'business' with that code.
 * Returns null when a successful answer carries no data.
 */
export function unwrap<T>(envelope: AnyEnvelope<T>, meta: AnswerMeta = {}): T | null {
  const { code, message } = envelopeStatus(envelope);
  if (code === ErrorCode.ok) return envelope.data;
  throw new ApiError({ kind: 'business', code, detail: message, ...meta });
}

/**
 * request + unwrap: what per-endpoint functions use. Resolves the data, or null for "nothing
 * to show" (a network failure on an empty-value client, or a success without data).
 */
export function requestData<Res>(
  client: ServiceClient,
  config: AxiosRequestConfig,
  checkOrOptions?: DataCheck<Res> | RequestOptions<Res>,
): CancellablePromise<Res | null> {
  return cancellable(async (signal) => {
    const { envelope, meta } = await send(client, config, optionsOf(checkOrOptions), signal);
    return envelope === null ? null : unwrap(envelope, meta);
  });
}
