import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { businessDate } from '../src/api/contract/dates';
import { signRequest } from '../server/test-support/sign';

/**
 * Benchmarks of the local backend (run: `npx tsx scripts/bench-live-list.ts`):
 * 1. cold start: `npm start` with SKIP_BUILD=1 and an empty temp DATA_DIR, until the live
 *    list first answers 200;
 * 2. throughput of POST getLivesByCategoryId for ~10 s on a SEED_SCALE=large database
 *    (kept in .data/bench-large, seeded once), every request freshly signed.
 * Options: --duration=10 --connections=10 --skip-cold; DATABASE_URL=… benchmarks a
 * PostgreSQL server instead (seeded large on first use).
 */
const ROOT = path.resolve(__dirname, '..');
const LIST = '/smart-live/smart-service/api/live/getLivesByCategoryId';
/** A one-row read for comparison: one live's state. */
const ONE_ROW = '/live-api/cs-live-app/api/live/getLiveState/5';
const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function listRequest(body: object) {
  return signRequest({ method: 'POST', url: LIST, body }, { scheme: 'content' });
}

async function startProduct(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    // The local product as `npm start` runs it: NODE_ENV=production (bench.ts) would refuse its local secrets.
    env: { ...process.env, NODE_ENV: 'development', SKIP_BUILD: '1', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    // Its own process group, so a stop reaches npm, tsx and the server alike.
    detached: true,
  });
  child.stdout?.on('data', (c: Buffer) => process.stdout.write(`  [server] ${c.toString()}`));
  return { child, base: `http://127.0.0.1:${port}` };
}

/** Polls the list until it answers 200; returns the milliseconds since `t0`. */
async function firstAnswer(base: string, t0: number, timeoutMs: number): Promise<number> {
  while (Date.now() - t0 < timeoutMs) {
    try {
      const r = listRequest({ category_id: 32, employee_id: 'E0001' });
      const res = await fetch(base + r.url, { method: 'POST', headers: r.headers, body: r.payload });
      if (res.status === 200) return Date.now() - t0;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('no answer in time');
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.on('exit', () => resolve());
    process.kill(-child.pid!, 'SIGTERM');
  });
}

async function coldStart(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cold-'));
  const t0 = Date.now();
  const { child, base } = await startProduct({ DATA_DIR: dataDir, SEED_SCALE: 'small', DATABASE_URL: '' });
  const ms = await firstAnswer(base, t0, 120_000);
  console.info(`cold start (npm start, SKIP_BUILD=1, empty DATA_DIR): first list answer after ${ms} ms`);
  await stop(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function throughput(): Promise<void> {
  const dataDir = path.join(ROOT, '.data', 'bench-large');
  const t0 = Date.now();
  const { child, base } = await startProduct({ DATA_DIR: dataDir, SEED_SCALE: 'large' });
  try {
    console.info(`large database ready after ${await firstAnswer(base, t0, 600_000)} ms (seeded on first use)`);
    const body = { category_id: 32, employee_id: 'E0001', date: businessDate(new Date()), page: 1, page_size: 20 };
    const run = (request: () => ReturnType<typeof signRequest>) =>
      autocannon({
        url: base,
        connections: Number(arg('connections', '10')),
        duration: Number(arg('duration', '10')),
        requests: [
          {
            // Nonces are single-use: every request is signed afresh.
            setupRequest: (req) => {
              const signed = request();
              return { ...req, method: signed.method, path: signed.url, headers: signed.headers, body: signed.payload };
            },
          },
        ],
      });
    // Issue 17: the list beside a one-row read (one live's state) in the same run, so the ratio holds on any machine.
    const list = await run(() => listRequest(body));
    const one = await run(() => signRequest({ method: 'GET', url: ONE_ROW }, { scheme: 'basic' }));
    const non2xx = list.non2xx + list.errors + list.timeouts + one.non2xx + one.errors + one.timeouts;
    const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    console.info(
      `live list, large seed, ${db}: ${Math.round(list.requests.average)} req/s (p50 ${list.latency.p50} ms, p99 ${list.latency.p99} ms); ` +
        `one-row read: ${Math.round(one.requests.average)} req/s; ratio ${(list.requests.average / one.requests.average).toFixed(2)} (target >= 0.8); ` +
        `${non2xx} not 2xx/errors`,
    );
    if (non2xx > 0) process.exitCode = 1;
  } finally {
    await stop(child);
  }
}

async function main() {
  if (!process.argv.includes('--skip-cold')) await coldStart();
  await throughput();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
