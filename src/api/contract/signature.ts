import md5 from 'crypto-js/md5';

import { SignatureHeader } from './headers';

/**
 * The one definition of the request signatures (docs/rules/services.md#headers-and-signatures), used by the client's axios
 * interceptors and by the local backend's verifier. All digests are lower-case hex MD5.
 *
 * A nonce is part of every signature: with seconds-resolution timestamps two honest
 * requests in the same second would otherwise share a signature, and the server could
 * not tell a replay from a second request.
 */

export const SIGNATURE_WINDOW_SECONDS = 300;

export interface SignatureParts {
  timestamp: number;
  nonce: string;
  secret: string;
}

/** Basic variant: timestamp in seconds + application id + nonce + secret. */
export function signBasic(p: SignatureParts & { appKey: string }): string {
  return md5(`${p.timestamp}${p.appKey}${p.nonce}${p.secret}`).toString();
}

/** Marketing-map variant: account id (sid) + timestamp + nonce + secret. */
export function signMarketMap(p: SignatureParts & { accountId: string }): string {
  return md5(`${p.accountId}${p.timestamp}${p.nonce}${p.secret}`).toString();
}

type Scalar = string | number | boolean;
export type SignableParams = Record<string, unknown>;

/**
 * Canonical text of the request contents: query and body fields merged, keys sorted,
 * null/undefined dropped, objects and arrays as compact JSON, joined k=v with '&'.
 */
export function canonicalContent(params: SignableParams): string {
  return Object.keys(params)
    .filter((k) => params[k] !== undefined && params[k] !== null)
    .sort()
    .map((k) => {
      const v = params[k];
      const text = typeof v === 'object' ? JSON.stringify(v) : String(v as Scalar);
      return `${k}=${text}`;
    })
    .join('&');
}

/** "Signature by request contents" variant (docs/rules/services.md#content-signed-calls): canonical content + timestamp + app + nonce + secret. */
export function signContent(p: SignatureParts & { appKey: string; params: SignableParams }): string {
  const body = canonicalContent(p.params);
  return md5(`${body}&appkey=${p.appKey}&timestamp=${p.timestamp}&nonce=${p.nonce}&secret=${p.secret}`).toString();
}

export type SignatureScheme = 'basic' | 'content' | 'marketMap';

/** Merge query and JSON body as the content signature sees them. */
export function signableParams(query: unknown, body: unknown): SignableParams {
  const q = query && typeof query === 'object' ? (query as SignableParams) : {};
  const b = body && typeof body === 'object' && !Array.isArray(body) ? (body as SignableParams) : {};
  return { ...q, ...b };
}

/** One request's signing inputs; `identity` is the appkey, or the adviser's sid for the marketing map. */
export interface RequestSigning extends SignatureParts {
  scheme: SignatureScheme;
  identity: string;
  /** Content scheme only: merged query and body (signableParams). */
  params?: SignableParams;
}

/** The digest a request carries under its scheme: what the client sends and the server expects. */
export function signatureFor(s: RequestSigning): string {
  const parts = { timestamp: s.timestamp, nonce: s.nonce, secret: s.secret };
  if (s.scheme === 'marketMap') return signMarketMap({ ...parts, accountId: s.identity });
  if (s.scheme === 'content') return signContent({ ...parts, appKey: s.identity, params: s.params ?? {} });
  return signBasic({ ...parts, appKey: s.identity });
}

/**
 * The signature headers of one request. With no identity yet (a marketing-map call before sign-in) the
 * identity header is left out rather than sent empty.
 */
export function signatureHeadersFor(s: RequestSigning): Record<string, string> {
  const identityHeader = s.scheme === 'marketMap' ? SignatureHeader.accountId : SignatureHeader.appKey;
  return {
    [SignatureHeader.signature]: signatureFor(s),
    [SignatureHeader.timestamp]: String(s.timestamp),
    [SignatureHeader.nonce]: s.nonce,
    ...(s.identity ? { [identityHeader]: s.identity } : {}),
  };
}
