import axios, {
  type AxiosAdapter,
  AxiosError,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';

import { randomNonce } from '../lib/random';
import { nameClient, NETWORK_EMPTY_STATUS_TEXT } from './client-meta';
import type { AppKey } from './contract/common';
import { bearer, CredentialHeader } from './contract/headers';
import { SignatureHeader } from './contract/headers';
import { anyEnvelopeStatus, sessionInvalidCode } from './envelope-shape';
import { ApiError, type ApiErrorKind } from './errors';
import { answeredWith, recordedPath, type RequestObserver, type RequestSettled } from './request-record';
import { requestContent, type RequestSignature, signatureHeaders } from './signing';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Per-request signing, overriding the client's default (the content-signed endpoints of docs/rules/services.md#content-signed-calls). */
    signature?: RequestSignature;
    /** Send the user's token on this one request of a client that does not otherwise (a public page saying who reads it). */
    withUserToken?: boolean;
    /** Set by the request interceptor when an observer records requests: called once the request settles. */
    settleRecord?: (settled: RequestSettled) => void;
    /**
     * Who asked for this request (ApiContext.requestOrigin), read when asked and passed on to the observer; a function
     * because axios's config merge copies plain objects, and the origin is looked up by identity.
     */
    logOrigin?: () => unknown;
  }
}

/** What the app knows about the signed-in user; read on every request, never cached here. */
export interface Credentials {
  token?: string;
  mgmToken?: string;
  /** Marketing-map sid (stored as accountId, docs/rules/data.md#local-storage-keys). */
  accountId?: string;
  /** Application identifier of docs/rules/roles.md#application-identifiers: wna, smile or gopher (from-app and route decide). */
  appKey: AppKey;
}

export type ReportError = (error: ApiError, context: { tags: { signature: string } }) => void;

/** Everything the HTTP layer needs from the app; injected so tests are deterministic. */
export interface ApiContext {
  getCredentials: () => Credentials;
  /** Milliseconds since the epoch. Default Date.now. */
  now?: () => number;
  /** Default: 16 random bytes from crypto.getRandomValues, hex. */
  nonce?: () => string;
  /** Error reporting hook (marketing-map failures, docs/rules/errors.md#marketing-map-failures). Default: no-op. */
  reportError?: ReportError;
  /** Told of every request's method, path and outcome (the action log); never of bodies or headers. */
  observeRequest?: RequestObserver;
  /**
   * Read synchronously when a caller asks for a request, before anything waits (the lazy clients load axios first):
   * the action log's note of which saga asked; handed to `observeRequest` as `origin`.
   */
  requestOrigin?: () => unknown;
}

/** Network failure policy of docs/rules/errors.md#network-failures: live and invitation clients answer an empty value. */
export type NetworkErrorPolicy = 'empty' | 'reject';

export interface ServiceClientOptions {
  /** Name used in errors and reports (e.g. 'liveService'). */
  service: string;
  baseURL: string;
  timeoutMs: number;
  /** Default signing for this client's requests; a request may override it with `signature`. */
  signature: RequestSignature;
  /** Secret for the client's signatures (signing secret, or the marketing-map one). */
  secret: string;
  onNetworkError: NetworkErrorPolicy;
  /** Send `Authorization: Bearer <token>` when a token is stored. */
  sendToken: boolean;
  /** Send the invitation service's `mgmtoken` header. */
  sendMgmToken?: boolean;
  /** Fixed headers (e.g. appid: live on the tracking backend). */
  headers?: Record<string, string>;
  /** Report every failure through context.reportError, tagged with the request signature. */
  reportFailures?: boolean;
  context: ApiContext;
  /** Tests inject a fake transport here. */
  adapter?: AxiosAdapter;
}

function schemeOf(config: InternalAxiosRequestConfig | undefined, options: ServiceClientOptions): RequestSignature {
  return config?.signature ?? options.signature;
}

function sentSignature(config: InternalAxiosRequestConfig | undefined): string {
  const value = config?.headers?.get?.(SignatureHeader.signature);
  return typeof value === 'string' ? value : '';
}

function isTimeout(error: AxiosError): boolean {
  return (
    error.code === AxiosError.ETIMEDOUT || (error.code === AxiosError.ECONNABORTED && /timeout/i.test(error.message))
  );
}

function sessionDetail(response: AxiosResponse): string {
  return `HTTP ${response.status}: ${anyEnvelopeStatus(response.data)?.message ?? ''}`;
}

/** Map an axios failure onto the catalogue; `null` means "let the response through". */
function classify(error: AxiosError): { kind: ApiErrorKind; code: number | null; detail: string } | null {
  if (axios.isCancel(error) || error.code === AxiosError.ERR_CANCELED)
    return { kind: 'cancelled', code: null, detail: error.message };
  const response = error.response;
  if (!response) return { kind: isTimeout(error) ? 'timeout' : 'network', code: null, detail: error.message };
  const session = sessionInvalidCode(response.data);
  if (session !== null) return { kind: 'session-invalid', code: session, detail: sessionDetail(response) };
  const status = anyEnvelopeStatus(response.data);
  // A non-2xx answer carrying an envelope is still an answer: callers unwrap it as a business error.
  if (status) return null;
  return { kind: 'http', code: null, detail: `HTTP ${response.status}: ${error.message}` };
}

/** The request interceptor: signs the request, adds the credentials it needs and opens its action-log record. */
function prepareRequest(
  options: ServiceClientOptions,
  now: () => number,
  nonce: () => string,
  observe: RequestObserver,
): (config: InternalAxiosRequestConfig) => InternalAxiosRequestConfig {
  const { context } = options;
  return (config) => {
    const credentials = context.getCredentials();
    const scheme = schemeOf(config, options);
    // Record the scheme used, so error handling and request() know a marketing-map request.
    config.signature = scheme;
    if (scheme !== 'none') {
      const headers = signatureHeaders({
        scheme,
        secret: options.secret,
        nowMs: now(),
        nonce: nonce(),
        appKey: credentials.appKey,
        accountId: credentials.accountId,
        content: scheme === 'content' ? requestContent(config) : undefined,
      });
      for (const [name, value] of Object.entries(headers)) config.headers.set(name, value);
    }
    if ((options.sendToken || config.withUserToken) && credentials.token)
      config.headers.set(CredentialHeader.authorization, bearer(credentials.token));
    if (options.sendMgmToken && credentials.mgmToken)
      config.headers.set(CredentialHeader.mgmToken, credentials.mgmToken);
    config.settleRecord = observe({
      service: options.service,
      method: (config.method ?? 'get').toUpperCase(),
      path: recordedPath(config.url, config.params),
      origin: config.logOrigin ? config.logOrigin() : context.requestOrigin?.(),
    });
    return config;
  };
}

/**
 * One axios instance per remote service (docs/architecture.md). Interceptors add
 * the headers (docs/rules/services.md#headers-and-signatures) and normalise failures into ApiError (docs/rules/errors.md); they never navigate.
 */
export function createServiceClient(options: ServiceClientOptions): AxiosInstance {
  const { context } = options;
  const now = context.now ?? Date.now;
  const nonce = context.nonce ?? (() => randomNonce());
  const reportError = context.reportError ?? (() => undefined);
  const observe: RequestObserver = (start) => {
    if (!context.observeRequest) return () => undefined;
    try {
      return context.observeRequest(start);
    } catch {
      return () => undefined;
    }
  };

  const client = axios.create({
    baseURL: options.baseURL,
    timeout: options.timeoutMs,
    headers: { 'Content-Type': 'application/json', ...options.headers },
    // Timeouts as ETIMEDOUT, so they are told apart from aborted requests.
    transitional: { ...axios.defaults.transitional, clarifyTimeoutError: true },
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });

  client.interceptors.request.use(prepareRequest(options, now, nonce, observe));

  const settle = (config: InternalAxiosRequestConfig | undefined, settled: RequestSettled) => {
    const done = config?.settleRecord;
    if (!done) return;
    config.settleRecord = undefined;
    try {
      done(settled);
    } catch {
      // Recording must never change what the caller sees.
    }
  };

  const toApiError = (
    kind: ApiErrorKind,
    code: number | null,
    detail: string,
    response: AxiosResponse | undefined,
    config: InternalAxiosRequestConfig | undefined,
  ): ApiError =>
    new ApiError({
      kind,
      code,
      detail,
      httpStatus: response?.status ?? null,
      requestSignature: schemeOf(config, options) === 'marketMap' ? sentSignature(config) : null,
      service: options.service,
      url: config?.url ?? null,
    });

  const report = (error: ApiError) => {
    // Session expiry and cancellation are expected states, not failures worth a report.
    if (!options.reportFailures || error.kind === 'session-invalid' || error.kind === 'cancelled') return;
    try {
      reportError(error, { tags: { signature: error.requestSignature ?? '' } });
    } catch {
      // A broken reporter must never change what the caller sees.
    }
  };

  client.interceptors.response.use(
    (response) => {
      const session = sessionInvalidCode(response.data);
      if (session === null) {
        settle(response.config, answeredWith(response.status, response.data));
        return response;
      }
      settle(response.config, { status: response.status, outcome: 'session-invalid', code: session });
      throw toApiError('session-invalid', session, sessionDetail(response), response, response.config);
    },
    (error: unknown) => {
      if (!(error instanceof AxiosError)) throw error;
      const found = classify(error);
      const response = error.response;
      if (!found && response) {
        settle(error.config, answeredWith(response.status, response.data));
        if (!options.reportFailures) return response;
        const status = anyEnvelopeStatus(response.data);
        const failure = toApiError('business', status?.code ?? null, status?.message ?? '', response, error.config);
        report(failure);
        throw failure;
      }
      const { kind, code, detail } = found ?? { kind: 'http' as const, code: null, detail: error.message };
      settle(error.config, { status: response?.status ?? null, outcome: kind, code });
      const failure = toApiError(kind, code, detail, response, error.config);
      report(failure);
      const offline = kind === 'network' || kind === 'timeout';
      if (offline && options.onNetworkError === 'empty' && error.config) {
        const empty: AxiosResponse<null> = {
          data: null,
          status: 0,
          statusText: NETWORK_EMPTY_STATUS_TEXT,
          headers: {},
          config: error.config,
          request: error.request,
        };
        return empty;
      }
      throw failure;
    },
  );

  nameClient(client, options.service);
  return client;
}
