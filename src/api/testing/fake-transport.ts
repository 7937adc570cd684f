import {
  type AxiosAdapter,
  AxiosError,
  type AxiosResponse,
  CanceledError,
  type InternalAxiosRequestConfig,
} from 'axios';

import { localEnvironment } from '../../../config/environments';
import type { Environment } from '../../../config/types';
import type { ApiContext, Credentials } from '../client';
import { createServiceClients, type ServiceName } from '../services';

/**
 * A fake transport for tests: an axios `adapter` (the supported way to stub the network)
 * that records what would have been sent and answers as told. Used by src/api tests and
 * by anyone testing code that builds real clients.
 */
export type FakeReply =
  | { status: number; body: unknown }
  | { network: true }
  | { timeout: true }
  /** Never answers until aborted (cancellation tests). */
  | { hang: true };

export interface SentRequest {
  method: string;
  url: string;
  baseURL: string;
  timeout: number;
  headers: Record<string, string>;
  params: unknown;
  /** The body as it would go on the wire (axios has already serialised it). */
  body: string | undefined;
  config: InternalAxiosRequestConfig;
}

export interface FakeTransport {
  adapter: AxiosAdapter;
  sent: SentRequest[];
  last(): SentRequest;
}

export function fakeTransport(
  reply: FakeReply | ((req: SentRequest) => FakeReply) = { status: 200, body: ok(null) },
): FakeTransport {
  const sent: SentRequest[] = [];
  const adapter: AxiosAdapter = (config) => {
    const req: SentRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      baseURL: config.baseURL ?? '',
      timeout: config.timeout ?? 0,
      headers: Object.fromEntries(
        Object.entries(config.headers.toJSON()).map(([k, v]) => [k.toLowerCase(), String(v)]),
      ),
      params: config.params,
      body: typeof config.data === 'string' ? config.data : undefined,
      config,
    };
    sent.push(req);
    const r = typeof reply === 'function' ? reply(req) : reply;
    if ('network' in r) return Promise.reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {}));
    if ('timeout' in r) {
      return Promise.reject(new AxiosError(`timeout of ${req.timeout}ms exceeded`, AxiosError.ETIMEDOUT, config, {}));
    }
    if ('hang' in r) {
      return new Promise((_, reject) => {
        config.signal?.addEventListener?.('abort', () => reject(new CanceledError(undefined, undefined, config)));
      });
    }
    const response: AxiosResponse = {
      // Real servers send text; axios's transformResponse parses it, as in the browser.
      data: typeof r.body === 'string' ? r.body : JSON.stringify(r.body),
      status: r.status,
      statusText: String(r.status),
      headers: { 'content-type': 'application/json' },
      config,
      request: {},
    };
    if (config.validateStatus && !config.validateStatus(r.status)) {
      const code = r.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
      return Promise.reject(new AxiosError(`Request failed with status code ${r.status}`, code, config, {}, response));
    }
    return Promise.resolve(response);
  };
  return {
    adapter,
    sent,
    last() {
      const req = sent[sent.length - 1];
      if (!req) throw new Error('No request was sent');
      return req;
    },
  };
}

export function ok<T>(data: T) {
  return { error: { code: 0, message: 'ok' }, data };
}

export function fail(code: number, message = 'failed') {
  return { error: { code, message }, data: null };
}

export const TEST_NOW_MS = 1_767_225_600_123; // 2026-01-01T00:00:00.123Z
export const TEST_NONCE = 'n0nce0123456789abcdef0123456789a';

/** A deterministic context; override credentials or hooks per test. */
export function testContext(overrides: Partial<ApiContext> & { credentials?: Partial<Credentials> } = {}): ApiContext {
  const { credentials, ...rest } = overrides;
  return {
    getCredentials: () => ({
      appKey: 'wna',
      token: 'user-token-1',
      mgmToken: 'mgm-token-1',
      accountId: 'sid-42',
      ...credentials,
    }),
    now: () => TEST_NOW_MS,
    nonce: () => TEST_NONCE,
    reportError: () => undefined,
    ...rest,
  };
}

/** The local environment: its committed test secrets make digests reproducible. */
export const testEnvironment: Environment = localEnvironment;

/** Every remote service, written out here rather than read from the profiles, so that one left out of them shows. */
export const ALL_SERVICES: readonly ServiceName[] = [
  'liveService',
  'liveApp',
  'chatRoom',
  'chatGroup',
  'invitation',
  'common',
  'marketMap',
  'tracking',
];

/** The real clients over a fake transport that answers `reply`, in a `testContext(context)`. */
export function fakeClients(
  context: Parameters<typeof testContext>[0] = {},
  reply?: Parameters<typeof fakeTransport>[0],
) {
  const transport = fakeTransport(reply);
  return { transport, clients: createServiceClients(testEnvironment, testContext(context), transport.adapter) };
}
