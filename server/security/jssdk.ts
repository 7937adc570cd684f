import { createHash, randomBytes } from 'node:crypto';

import type { JsSdkConfig } from '../../src/api/contract/auth';

/** The local stand-in for a jsapi ticket: fixed per app, like a cached real one. */
export function localTicket(appId: string, kind: 'jsapi' | 'agent'): string {
  return `local-${kind}-ticket-${appId}`;
}

/** The JS-SDK algorithm: sha1 of jsapi_ticket, noncestr, timestamp and the url without its fragment. */
export function jsSdkSignature(ticket: string, nonceStr: string, timestamp: number, url: string): string {
  const page = url.split('#', 1)[0] ?? '';
  return createHash('sha1')
    .update(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${page}`)
    .digest('hex');
}

export function signJsSdk(appId: string, ticket: string, url: string, now: Date): JsSdkConfig {
  const nonceStr = randomBytes(8).toString('hex');
  const timestamp = Math.floor(now.getTime() / 1000);
  return { appId, timestamp, nonceStr, signature: jsSdkSignature(ticket, nonceStr, timestamp, url) };
}
