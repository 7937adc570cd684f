import type { TestApp } from './app';
import { sessionTokenFor } from './session';
import { signRequest } from './sign';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields it checks
export type Answer = { error: { code: number; message: string }; data: any };

export const STORE = '/smart-live/smart-service/api/store';

/**
 * Signed requests to a test app as a seeded user (or nobody): each user's session token made once and
 * kept, every request signed with the app's clock. `app` is read on each call, since suites create the
 * app in beforeAll; `base` is put before every url.
 */
export function signedClient(app: () => TestApp, base = '') {
  const tokens = new Map<string, string>();
  async function token(uuid: string) {
    const t = app();
    if (!tokens.has(uuid)) tokens.set(uuid, await sessionTokenFor(t.database, uuid, t.clock.now()));
    return tokens.get(uuid)!;
  }
  async function call(
    method: 'GET' | 'POST',
    url: string,
    opts: { as?: string; body?: unknown; query?: Record<string, string> } = {},
  ) {
    const t = app();
    const headers: Record<string, string> = opts.as ? { authorization: `Bearer ${await token(opts.as)}` } : {};
    const res = await t.app.inject(
      signRequest(
        { method, url: `${base}${url}`, body: opts.body, query: opts.query, headers },
        { scheme: 'basic', now: t.clock.now() },
      ),
    );
    return { status: res.statusCode, json: res.json() as Answer };
  }
  /** The store's POST and GET routes, under STORE. */
  const store = (url: string, body: unknown, as: string) => call('POST', `${STORE}/${url}`, { body, as });
  const storeGet = (url: string, query: Record<string, string> = {}, as?: string) =>
    call('GET', `${STORE}/${url}`, { query, as });
  return { token, call, store, storeGet };
}
