/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

import { ErrorCode } from '../../src/api/contract/envelope';
import { createTestApp, type TestApp } from '../test-support/app';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-test-'));
const INDEX =
  '<!doctype html><html><body><div id="root"></div><script src="/js/main.1a2b3c4d.js"></script></body></html>';
const JS = `console.log(${JSON.stringify('直播'.repeat(2000))});`;
fs.mkdirSync(path.join(dist, 'js'));
fs.mkdirSync(path.join(dist, 'css'));
fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
fs.writeFileSync(path.join(dist, 'js', 'main.1a2b3c4d.js'), JS);
fs.writeFileSync(path.join(dist, 'css', 'app.0123abcd.css'), 'body{margin:0}');
// Lazy chunks: id and a 6-digit content hash (webpack.config.ts).
fs.writeFileSync(path.join(dist, 'js', '7962.3bed8d.js'), JS);
// The build emits the icon as favicon.png (HtmlWebpackPlugin's favicon option).
fs.writeFileSync(path.join(dist, 'favicon.png'), 'png');
fs.writeFileSync(path.join(dist, '.build-stamp'), 'x');
// What the build's CompressionPlugin emits beside an asset; marked so the test can tell which file went out.
const VENDOR = `console.log(${JSON.stringify('基金'.repeat(3000))});`;
fs.writeFileSync(path.join(dist, 'js', 'vendor.0badc0de.js'), VENDOR);
fs.writeFileSync(path.join(dist, 'js', 'vendor.0badc0de.js.br'), brotliCompressSync(VENDOR + '//br'));
fs.writeFileSync(path.join(dist, 'js', 'vendor.0badc0de.js.gz'), gzipSync(VENDOR + '//gz'));

let t: TestApp;
let bare: TestApp;
beforeAll(async () => {
  t = await createTestApp({ distDir: dist });
  bare = await createTestApp({ distDir: path.join(dist, 'missing') });
});
afterAll(async () => {
  await Promise.all([t.close(), bare.close()]);
  fs.rmSync(dist, { recursive: true, force: true });
});

const page = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('built app', () => {
  test.each(['/', '/about/12?from=weapp', '/LiveEnd/3', '/marketMapIndex'])(
    '%s (a page) gets index.html, no-cache',
    async (url) => {
      const res = await t.app.inject({ url, headers: page });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
    },
  );

  test('HEAD of a page answers like GET, without a body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/about/1', headers: page });
    expect([res.statusCode, res.body]).toEqual([200, '']);
  });

  test('hashed assets are immutable for a year', async () => {
    for (const [url, type] of [
      ['/js/main.1a2b3c4d.js', /javascript/],
      ['/js/7962.3bed8d.js', /javascript/],
      ['/css/app.0123abcd.css', /text\/css/],
    ] as const) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-type']).toMatch(type);
    }
  });

  test('unhashed files are revalidated', async () => {
    expect((await t.app.inject({ url: '/index.html' })).headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ url: '/favicon.png' })).headers['cache-control']).toBe('no-cache');
  });

  test('/favicon.ico, asked by pages without an icon link, answers with the app icon', async () => {
    const res = await t.app.inject({ url: '/favicon.ico' });
    expect([res.statusCode, res.headers['content-type'], res.body]).toEqual([200, 'image/png', 'png']);
  });

  test.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('compressed with %s when asked', async (encoding, decode) => {
    const res = await t.app.inject({ url: '/js/main.1a2b3c4d.js', headers: { 'accept-encoding': encoding } });
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(JS) / 5);
    expect(decode(res.rawPayload).toString()).toBe(JS);
  });

  test.each([
    ['br, gzip', 'br', brotliDecompressSync],
    ['gzip;q=1, br;q=0', 'gzip', gunzipSync],
    ['deflate, gzip', 'gzip', gunzipSync],
  ] as const)('precompressed siblings are sent as built (Accept-Encoding: %s)', async (accept, encoding, decode) => {
    const res = await t.app.inject({ url: '/js/vendor.0badc0de.js', headers: { 'accept-encoding': accept } });
    expect([res.statusCode, res.headers['content-encoding'], res.headers.vary]).toEqual([
      200,
      encoding,
      'accept-encoding',
    ]);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(decode(res.rawPayload).toString()).toBe(`${VENDOR}//${encoding === 'br' ? 'br' : 'gz'}`);
  });

  test('a client that accepts no compression gets the plain file', async () => {
    const res = await t.app.inject({ url: '/js/vendor.0badc0de.js', headers: { 'accept-encoding': 'identity' } });
    expect([res.headers['content-encoding'], res.body]).toEqual([undefined, VENDOR]);
  });

  test('API answers are compressed too', async () => {
    const res = await t.app.inject({ url: '/smart-live/smart-service/nope', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(404); // small: under the 1 KB threshold, so sent as is
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  test('an unchanged file answers 304 to its etag', async () => {
    const first = await t.app.inject({ url: '/js/main.1a2b3c4d.js' });
    const again = await t.app.inject({
      url: '/js/main.1a2b3c4d.js',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  test('a missing asset is a 404, not the app shell', async () => {
    const res = await t.app.inject({ url: '/js/missing.9999aaaa.js', headers: { accept: '*/*' } });
    expect([res.statusCode, res.json().error.code]).toEqual([404, ErrorCode.notFound]);
  });

  test('dotfiles and paths out of dist are never served', async () => {
    for (const url of ['/.build-stamp', '/%2e%2e/package.json', '/js/%2e%2e/%2e%2e/package.json']) {
      const res = await t.app.inject({ url, headers: { accept: '*/*' } });
      expect(res.statusCode).toBe(404);
    }
  });

  test('service paths never fall back to the app shell', async () => {
    const res = await t.app.inject({ url: '/live-api/cs-live-app/whatever', headers: page });
    expect([res.statusCode, res.json().error.code]).toEqual([404, ErrorCode.notFound]);
  });

  test('only GETs for html fall back', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/about/1', headers: page })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/about/1', headers: { accept: 'application/json' } })).statusCode).toBe(404);
  });
});

describe('no build yet', () => {
  test('pages answer a 503 that says to run npm run build', async () => {
    const res = await bare.app.inject({ url: '/about/1', headers: page });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('npm run build');
  });

  test('the API still works', async () => {
    const res = await bare.app.inject({ url: '/smart-live/smart-service/nope' });
    expect(res.json().error.code).toBe(ErrorCode.notFound);
  });
});
