import type { LightMyRequestResponse } from 'fastify';

import type { TestApp } from './app';
import { signRequest } from './sign';

export type Envelope = { error: { code: number; message: string }; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A signed marketing-map call as the adviser whose sid is given (undefined: no sid header value of a session). */
export async function mm(
  t: TestApp,
  sid: string,
  method: 'GET' | 'POST',
  path: string,
  input?: Record<string, unknown>,
): Promise<{ status: number; body: Envelope; raw: LightMyRequestResponse }> {
  const url = `/market_map_url${path}`;
  const req =
    method === 'GET'
      ? {
          method,
          url,
          query: input ? Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])) : undefined,
        }
      : { method, url, body: input ?? {} };
  const res = await t.app.inject(signRequest(req, { scheme: 'marketMap', accountId: sid, now: t.clock.now() }));
  return { status: res.statusCode, body: res.json() as Envelope, raw: res };
}
