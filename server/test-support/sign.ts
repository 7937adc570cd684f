import { randomBytes } from 'node:crypto';

import { localEnvironment } from '../../config/environments';
import { signableParams, signatureHeadersFor, type SignatureScheme } from '../../src/api/contract/signature';

/**
 * Signing for tests, benchmarks and the e2e harness: the contract's signatureHeadersFor (the very
 * function the client's interceptor uses), with knobs to break each part on purpose.
 */
export interface SignOptions {
  scheme: SignatureScheme;
  /** Query values as they travel in the URL. */
  query?: Record<string, unknown>;
  body?: unknown;
  appKey?: string;
  /** Marketing-map account id (sid). */
  accountId?: string;
  /** Defaults to the local environment's secret for the scheme. */
  secret?: string;
  /** Unix seconds; defaults to `now`. */
  timestamp?: number;
  nonce?: string;
  now?: Date;
}

let counter = 0;
/** Unique per call, even within one millisecond and across processes. */
export function freshNonce(): string {
  counter += 1;
  return `${randomBytes(6).toString('hex')}${counter.toString(36)}`;
}

export function signedHeaders(o: SignOptions): Record<string, string> {
  const marketMap = o.scheme === 'marketMap';
  return signatureHeadersFor({
    scheme: o.scheme,
    timestamp: o.timestamp ?? Math.floor((o.now ?? new Date()).getTime() / 1000),
    nonce: o.nonce ?? freshNonce(),
    identity: marketMap ? (o.accountId ?? 'sid-local-adviser') : (o.appKey ?? 'wna'),
    secret: o.secret ?? (marketMap ? localEnvironment.secrets.marketMap : localEnvironment.secrets.signing),
    params: o.scheme === 'content' ? signableParams(o.query, o.body) : undefined,
  });
}

export interface SignedRequest {
  method: 'GET' | 'POST';
  url: string;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A request with its signature headers added: works for app.inject() and, with the URL built, for fetch. */
export function signRequest(
  req: SignedRequest,
  o: Omit<SignOptions, 'query' | 'body'>,
): {
  method: 'GET' | 'POST';
  url: string;
  query?: Record<string, string>;
  payload?: string;
  headers: Record<string, string>;
} {
  const headers = { ...signedHeaders({ ...o, query: req.query, body: req.body }), ...req.headers };
  if (req.body === undefined) return { method: req.method, url: req.url, query: req.query, headers };
  return {
    method: req.method,
    url: req.url,
    query: req.query,
    payload: JSON.stringify(req.body),
    headers: { 'content-type': 'application/json', ...headers },
  };
}
