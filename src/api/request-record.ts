import type { ActionLogRequest } from './contract/action-log';
import { REQUEST_QUERY_ALLOWED } from './contract/action-log-constants';
import { ErrorCode } from './contract/codes';
import { anyEnvelopeStatus } from './envelope-shape';

/** What the HTTP layer tells an observer when a request starts; the answer it returns is called once it settles. */
export interface RequestStart {
  service: string;
  method: string;
  path: string;
  /** What ApiContext.requestOrigin answered when the request was asked for (the saga's triggering action). */
  origin?: unknown;
}
export type RequestSettled = Pick<ActionLogRequest, 'status' | 'outcome' | 'code'>;
/** The action log's hook into every client (src/app/services.ts wires it): no bodies or headers reach it. */
export type RequestObserver = (start: RequestStart) => (settled: RequestSettled) => void;

const ALLOWED: ReadonlySet<string> = new Set(REQUEST_QUERY_ALLOWED);

/**
 * The path a request entry keeps: the URL's path without host, and its query (the URL's and axios's `params`) with
 * the values of harmless paging parameters only; any other value (a token, a phone, a search) becomes `…`.
 */
export function recordedPath(url: string | undefined, params?: unknown): string {
  const [pathPart = '', query = ''] = (url ?? '').split('?', 2);
  const path = pathPart.replace(/^[a-z]+:\/\/[^/]+/i, '') || '/';
  const pairs: [string, string][] = [];
  for (const [key, value] of new URLSearchParams(query)) pairs.push([key, value]);
  if (params && typeof params === 'object') {
    for (const [key, value] of Object.entries(params as Record<string, unknown>))
      if (value !== undefined && value !== null) pairs.push([key, String(value)]);
  }
  if (pairs.length === 0) return path;
  const kept = pairs.map(([key, value]) => `${key}=${ALLOWED.has(key) ? encodeURIComponent(value) : '…'}`);
  return `${path}?${kept.join('&')}`;
}

/** An answer that reached the caller: its envelope's code when that code is not success. */
export function answeredWith(status: number, body: unknown): RequestSettled {
  const envelope = anyEnvelopeStatus(body);
  const code = envelope && envelope.code !== ErrorCode.ok ? envelope.code : null;
  return { status, outcome: code !== null || status >= 400 ? 'business' : 'ok', code };
}
