import { isRecord } from '../lib/guards';
import { type SignableParams, signableParams, signatureHeadersFor, type SignatureScheme } from './contract/signature';

/** A request's signing choice: one of the contract's schemes, or none at all. */
export type RequestSignature = SignatureScheme | 'none';

export interface SigningInput {
  scheme: RequestSignature;
  secret: string;
  /** Milliseconds since the epoch; the header carries whole seconds. */
  nowMs: number;
  nonce: string;
  appKey: string;
  /** Marketing map only: the stored sid. */
  accountId?: string;
  /** Content scheme only: merged query and body (see requestContent). */
  content?: SignableParams;
}

/**
 * The signature headers for one request (docs/rules/services.md#headers-and-signatures), computed with the shared contract
 * functions so client and local backend can never disagree on the digest.
 */
export function signatureHeaders(input: SigningInput): Record<string, string> {
  if (input.scheme === 'none') return {};
  return signatureHeadersFor({
    scheme: input.scheme,
    timestamp: Math.floor(input.nowMs / 1000),
    nonce: input.nonce,
    secret: input.secret,
    identity: input.scheme === 'marketMap' ? (input.accountId ?? '') : input.appKey,
    params: input.content,
  });
}

/** Query values already written into the url (`/api/id/getToken?user_id=7`). */
function queryFromUrl(url: string | undefined): Record<string, string> {
  const at = url?.indexOf('?') ?? -1;
  if (!url || at < 0) return {};
  return Object.fromEntries(new URLSearchParams(url.slice(at + 1).split('#')[0]));
}

function paramsObject(params: unknown): Record<string, unknown> {
  if (params instanceof URLSearchParams) return Object.fromEntries(params);
  return isRecord(params) ? params : {};
}

/** A JSON body the caller passed as text is signed as the object the server will parse. */
function bodyObject(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * What the content signature covers: url query, axios params and the JSON body merged
 * (body wins on a clash, as in the contract's signableParams). Path segments are not covered.
 */
export function requestContent(config: { url?: string; params?: unknown; data?: unknown }): SignableParams {
  const query = { ...queryFromUrl(config.url), ...paramsObject(config.params) };
  return signableParams(query, bodyObject(config.data));
}
