/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { inlineScriptHashes, policyDirectives, remoteOrigins } from '../http/security-headers';
import { isApiPath } from '../services';
import { createTestApp, type TestApp } from '../test-support/app';
import { apiRoutes, fillParams, queryStrings, validSample } from '../test-support/arbitrary';
import { sessionTokenFor } from '../test-support/session';
import { signRequest } from '../test-support/sign';

/**
 * Helmet's headers on the app shell, its files, the API and the local pages;
 * a CSP without inline script (a built page's inline script is allowed by its hash only); framing
 * by the same origin only; and no cookie from any route. Chromium runs the real app under this
 * policy in __tests__/e2e (home, customer-screens: CSP violations fail them).
 */
const INLINE = 'window.__boot = 1;';
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-dist-'));
fs.mkdirSync(path.join(dist, 'js'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  `<!doctype html><html><head><style>body{margin:0}</style></head><body><div id="root"></div><script>${INLINE}</script><script defer src="/js/main.js"></script></body></html>`,
);
fs.writeFileSync(path.join(dist, 'js', 'main.js'), 'console.log(1)');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ distDir: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k!, v]),
  );

test('the app shell, its files, the API, errors and the local pages all carry the headers', async () => {
  const responses = {
    shell: await t.app.inject({ url: '/liveDetail/1', headers: { accept: 'text/html' } }),
    file: await t.app.inject({ url: '/js/main.js' }),
    api: await t.app.inject({ method: 'POST', url: '/chat-room/room/online', payload: {} }),
    notFound: await t.app.inject({ url: '/smart-live/smart-service/nowhere' }),
    localPage: await t.app.inject({ url: '/__local-auth/sms' }),
  };
  for (const [name, res] of Object.entries(responses)) {
    const csp = String(res.headers['content-security-policy'] ?? '');
    const d = directives(csp);
    expect([name, d.get('script-src')]).toEqual([
      name,
      ["'self'", `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`],
    ]);
    expect([name, d.get('frame-ancestors')]).toEqual([name, ["'self'"]]);
    expect([name, d.get('object-src'), d.get('base-uri')]).toEqual([name, ["'none'"], ["'self'"]]);
    expect([name, res.headers['x-content-type-options']]).toEqual([name, 'nosniff']);
    expect([name, res.headers['referrer-policy']]).toEqual([name, 'strict-origin-when-cross-origin']);
    expect([name, res.headers['x-frame-options']]).toEqual([name, 'SAMEORIGIN']);
    // Local mode is plain http: no HSTS, no upgrade to https (it would break http://localhost).
    expect([name, res.headers['strict-transport-security'], d.has('upgrade-insecure-requests')]).toEqual([
      name,
      undefined,
      false,
    ]);
  }
  expect(responses.shell.statusCode).toBe(200);
  expect(responses.localPage.statusCode).toBe(200);
});

test('inline script is allowed by its hash only, never by unsafe-inline; attributes never', () => {
  expect(
    inlineScriptHashes('<script src="/a.js"></script><script>\n</script><script type="module">a()</script>'),
  ).toEqual([`'sha256-${createHash('sha256').update('a()').digest('base64')}'`]);
  const d = policyDirectives({ scriptHashes: ["'sha256-x'"], origins: ['https://api.example.com'], production: true });
  expect(d['script-src']).not.toContain("'unsafe-inline'");
  expect(d['script-src']).not.toContain("'unsafe-eval'");
  expect(d['script-src-attr']).toEqual(["'none'"]);
  expect(d['connect-src']).toEqual(["'self'", 'https://api.example.com']);
  expect(d['upgrade-insecure-requests']).toEqual([]);
});

test("remote environments' hosts are allowed to be called; paths and ids are not origins", () => {
  expect(
    remoteOrigins({
      t3: {
        endpoints: { a: 'https://t3.example.com/api', b: '/local' },
        analyticsUrl: 'https://sa.example.com:8443/sa?project=x',
        secrets: { signing: 'https-not-a-url' },
      },
    }),
  ).toEqual(['https://sa.example.com:8443', 'https://t3.example.com']);
});

test('production adds HSTS and the upgrade to https', async () => {
  const prod = await createTestApp({
    distDir: dist,
    app: {
      production: true,
      secrets: { signing: 'prod-signing-secret', marketMap: 'prod-market-secret' },
      actionLogSecret: 'prod-action-log-secret',
    },
  });
  try {
    const res = await prod.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  } finally {
    await prod.close();
  }
});

test('no route sets a cookie (there is no cookie to protect: identity travels in headers)', async () => {
  const token = await sessionTokenFor(t.database, 'u4', t.clock.now());
  const withCookie: string[] = [];
  for (const r of apiRoutes(t.app.routeTable, isApiPath)) {
    const url = fillParams(r.url, r.params ? (validSample(r.params, 3) as Record<string, unknown>) : undefined);
    const body = r.method === 'POST' ? (r.body ? validSample(r.body, 3) : {}) : undefined;
    const query = queryStrings(r.querystring ? validSample(r.querystring, 3) : undefined);
    const res = await t.app.inject({
      ...signRequest(
        { method: r.method, url, body, query, headers: { authorization: `Bearer ${token}` } },
        { scheme: r.scheme ?? 'basic', now: t.clock.now(), accountId: token },
      ),
      remoteAddress: `10.${withCookie.length}.1.${Math.floor(Math.random() * 250)}`,
    });
    if (res.headers['set-cookie']) withCookie.push(`${r.method} ${r.url}`);
  }
  expect(withCookie).toEqual([]);
});
