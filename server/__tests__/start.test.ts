/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { buildApp } from '../app';
import { startServer } from '../start';
import { TestClock } from '../test-support/app';
import { openTestDatabase, TEST_BASE_TIME } from '../test-support/database';
import { sessionTokenFor } from '../test-support/session';
import { signRequest } from '../test-support/sign';
import { watchServer } from '../test-support/spawn-server';

// A first start seeds the lives and the advisers' workbench books: allow a busy machine minutes.
jest.setTimeout(180_000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-test-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const clock = new TestClock();
const LIST = '/smart-live/smart-service/api/live/getLivesByCategoryId';

async function call(base: string, req: Parameters<typeof signRequest>[0], scheme: 'basic' | 'content') {
  const r = signRequest(req, { scheme, now: clock.now() });
  const url = new URL(r.url, base);
  for (const [k, v] of Object.entries(r.query ?? {})) url.searchParams.set(k, v);
  const res = await fetch(url, { method: r.method, headers: r.headers, body: r.payload });
  return {
    status: res.status,
    json: (await res.json()) as { error: { code: number }; data: Record<string, unknown> | null },
  };
}

let token = '';

test('first start migrates and seeds; a second start reuses the data', async () => {
  const opts = { port: 0, host: '127.0.0.1', dataDir, skipBuild: true, seedBaseTime: TEST_BASE_TIME, now: clock.now };
  const first = await startServer(opts);
  try {
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const list = await call(
      first.url,
      { method: 'POST', url: LIST, body: { category_id: 32, employee_id: 'E0001' } },
      'content',
    );
    expect([list.status, list.json.data?.total]).toEqual([200, 40]);
    token = await sessionTokenFor(first.database, 'u1', clock.now());
  } finally {
    await first.close();
  }
  expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);

  const second = await startServer(opts);
  try {
    // The session written by the first run is still there, so nothing was reseeded or lost.
    const fa = await call(
      second.url,
      { method: 'POST', url: '/smart-live/smart-service/api/internal/id/query_fa_info', body: {}, headers: { token } },
      'basic',
    );
    expect([fa.status, fa.json.data?.employee_id]).toEqual([200, 'E0001']);
  } finally {
    await second.close();
    await second.close(); // idempotent
  }
});

test('close() lets an in-flight request finish before the database closes', async () => {
  const database = await openTestDatabase();
  const app = await buildApp({ database, now: clock.now, distDir: '/nonexistent' });
  let release: () => void = () => {};
  const entered = new Promise<void>((resolve) => {
    app.get('/smart-live/smart-service/__slow', async () => {
      resolve();
      await new Promise<void>((r) => (release = r));
      return { ok: true };
    });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const inflight = fetch(`http://127.0.0.1:${port}/smart-live/smart-service/__slow`);
  await entered;
  const closing = app.close().then(() => database.close());
  setTimeout(() => release(), 200);
  const res = await inflight;
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ ok: true });
  await closing;
});

test('npm start (node --import tsx server/main.ts) prints its address and exits 0 on SIGTERM', async () => {
  // The command package.json runs, as one Node process: the tsx wrapper would relay SIGTERM and SIGKILL a child
  // that does not acknowledge it within 30 ms (exit 143 from a busy server).
  const [node, ...args] = (
    JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8')) as { scripts: { start: string } }
  ).scripts.start.split(' ');
  expect(node).toBe('node');
  const child = spawn(process.execPath, args, {
    cwd: path.resolve(__dirname, '../..'),
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SKIP_BUILD: '1', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { output, exited, listening } = watchServer(child);
  const address = await listening;
  expect(output()).toMatch(/Listening on http:\/\/\S+\/\?uuid=u1&date=\d{4}-\d{2}-\d{2}/);
  const res = await fetch(`${address}/smart-live/smart-service/nope`);
  expect(res.status).toBe(404);
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(output()).toMatch(/SIGTERM: finishing in-flight requests/);
});
