import type { WireEvent } from './types';

/** base64 of the UTF-8 bytes, as the SDK encodes (Chinese text survives). */
export function base64Utf8(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function decodeBase64Utf8(base64: string): string {
  const binary = atob(base64);
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The batch POST body: `data_list` (no crc, as the SDK sends it). */
export function encodeBatch(events: WireEvent[]): string {
  return `data_list=${encodeURIComponent(base64Utf8(JSON.stringify(events)))}`;
}

/** `url` with `extra` query text appended (the server URL already carries ?project=). */
export function withQuery(url: string, extra: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${extra}`;
}

/** The collector's URL with the project: `…/sa?project=X`. */
export function serverUrlFor(analyticsUrl: string, project: string): string {
  return withQuery(analyticsUrl, `project=${encodeURIComponent(project)}`);
}

/** The SDK's debug URL: the last /sa segment replaced by /debug. */
export function debugUrlFor(serverUrl: string): string {
  const [path, query] = serverUrl.split('?', 2);
  const debug = /\/sa$/.test(path ?? '') ? path!.replace(/\/sa$/, '/sa/debug') : `${path}/debug`;
  return query ? `${debug}?${query}` : debug;
}
