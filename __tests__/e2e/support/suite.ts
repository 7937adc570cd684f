import type { Browser } from 'playwright-core';

import { launchBrowser } from './chromium';
import { type RunningServer, startProductServer } from './server';

/** Stands for the object `current()` gives once the suite has started: each use reaches the real one. */
function handle<T extends object>(what: string, current: () => T | undefined): T {
  const real = () => {
    const value = current();
    if (!value) throw new Error(`the suite's ${what} is used before the suite started (use it inside a test)`);
    return value;
  };
  return new Proxy({} as T, {
    get(_target, key) {
      const target = real();
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
    has: (_target, key) => Reflect.has(real(), key),
  });
}

/**
 * One lifecycle for every browser suite: the product server as `npm start` runs it (fresh
 * data folder) and a Chromium, started before the suite's tests and stopped after them.
 * The server must stop with exit code 0: SIGTERM finishes in-flight requests and closes the
 * database. The answer stands for both from the first test on, so a suite writes
 * `const { server, browser } = productSuite();` once at its top.
 */
export function productSuite(
  env: Record<string, string> = {},
  /** How long the server may take to start (seeding included); a suite on a busy machine may give it more. */
  startTimeoutMs = 90_000,
): { server: RunningServer; browser: Browser } {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startProductServer(env, startTimeoutMs);
    browser = await launchBrowser();
  }, startTimeoutMs + 90_000);
  afterAll(async () => {
    await browser?.close();
    if (!server) return;
    const code = await server.stop();
    // On a bad exit the server's own last words say why.
    expect({ code, log: code === 0 ? '' : server.output().slice(-4000) }).toEqual({ code: 0, log: '' });
  }, 60_000);
  return { server: handle('server', () => server), browser: handle('browser', () => browser) };
}
