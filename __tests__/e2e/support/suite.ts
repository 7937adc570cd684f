import type { Browser } from 'playwright-core';

import { launchBrowser } from './chromium';
import { type RunningServer, startProductServer } from './server';

/**
 * One lifecycle for every browser suite: the product server as `npm start` runs it (fresh
 * data folder) and a Chromium, started before the suite's tests and stopped after them.
 * The server must stop with exit code 0: SIGTERM finishes in-flight requests and closes the
 * database. `ready` hands both to the suite's own variables.
 */
export function productSuite(
  ready: (server: RunningServer, browser: Browser) => void,
  env: Record<string, string> = {},
) {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startProductServer(env);
    browser = await launchBrowser();
    ready(server, browser);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    if (!server) return;
    const code = await server.stop();
    // On a bad exit the server's own last words say why.
    expect({ code, log: code === 0 ? '' : server.output().slice(-4000) }).toEqual({ code: 0, log: '' });
  }, 60_000);
}
