import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { Client } from 'pg';

import { openDatabase } from '../server/db/client';
import { users } from '../server/db/schema';
import { createUsersRepository } from '../server/repositories/users';
import { signRequest } from '../server/test-support/sign';
import { businessDate } from '../src/api/contract/dates';
import { reportFigure } from './figures';
import { byMode } from './quick-or-full';

/**
 * Benchmarks of the local backend (run: `npx tsx scripts/bench-live-list.ts`):
 * 1. cold start: `npm start` with SKIP_BUILD=1 and an empty temp DATA_DIR, until the live
 *    list first answers 200;
 * 2. throughput of POST getLivesByCategoryId for ~10 s on a SEED_SCALE=large database
 *    (kept in .data/bench-large, seeded once), every request freshly signed.
 * Options: --duration=5 (seconds of each request in a round) --rounds=4 (the figure is the median of the rounds'
 * ratios) --connections=10 --warmup=2 (seconds of each request before measuring) --skip-cold --ready-timeout=600 (seconds to wait for a first seed)
 * --seed=large|small (small: the `npm start` seed, for a loaded machine where the large one takes too long to build). Step 2 runs on PGlite, then on PostgreSQL
 * (BENCH_DATABASE_URL, or a bench_live_list database made on the local server; seeded large on first use).
 * Each database is measured twice: as a guest (most readers of a shared link) and under one signed-in customer's
 * session, both requests carrying the same token (the list then reads that customer's subscriptions).
 */
const ROOT = path.resolve(__dirname, '..');
const LIST = '/smart-live/smart-service/api/live/getLivesByCategoryId';
/** A one-row read for comparison: one live's state. */
const ONE_ROW = '/live-api/cs-live-app/api/live/getLiveState/5';
const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const SEED = arg('seed', 'large') === 'small' ? 'small' : 'large';

type CannonResult = Awaited<ReturnType<typeof autocannon>>;

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

function listRequest(body: object, token: string | null = null) {
  return signRequest({ method: 'POST', url: LIST, body, headers: token ? { token } : {} }, { scheme: 'content' });
}

/** A session for the seed's first customer, as a sign-in makes: written to the database the server uses. */
async function customerToken(databaseUrl: string | null, dataDir: string): Promise<string> {
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { pgliteDir: path.join(dataDir, 'pglite') });
  try {
    const [customer] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'customer'))
      .limit(1);
    if (!customer) throw new Error('the seed has no customer');
    return (await createUsersRepository(database.db).createSession(customer.id, new Date(), 86_400_000)).token;
  } finally {
    await database.close();
  }
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

/** PostgreSQL for the second run: BENCH_DATABASE_URL, else a `bench_live_list` database on the local server (made if missing). */
async function postgresUrl(): Promise<string | null> {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const admin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const client = new Client({ connectionString: admin });
  try {
    await client.connect();
    const name = SEED === 'large' ? 'bench_live_list' : `bench_live_list_${SEED}`;
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    return url.toString();
  } catch (err) {
    console.warn(`PostgreSQL not reachable at ${admin} (${(err as Error).message}): its run is left out`);
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

async function throughput(databaseUrl: string | null, signedIn: boolean): Promise<void> {
  const dataDir = path.join(ROOT, '.data', `bench-${SEED}`);
  const env = { DATA_DIR: dataDir, SEED_SCALE: SEED, DATABASE_URL: databaseUrl ?? '' };
  // PGlite is one process's: its session is written before the server opens it (seeded by a first start if new).
  if (signedIn && !databaseUrl && !fs.existsSync(path.join(dataDir, 'pglite'))) {
    const first = await startProduct(env);
    await firstAnswer(first.base, Date.now(), Number(arg('ready-timeout', '600')) * 1000);
    await stop(first.child);
  }
  let token = signedIn && !databaseUrl ? await customerToken(null, dataDir) : null;
  const t0 = Date.now();
  const { child, base } = await startProduct(env);
  try {
    console.info(
      `${SEED} database ready after ${await firstAnswer(base, t0, Number(arg('ready-timeout', '600')) * 1000)} ms (seeded on first use)`,
    );
    if (signedIn && databaseUrl) token = await customerToken(databaseUrl, dataDir);
    const headers: Record<string, string> = token ? { token } : {};
    const body = { category_id: 32, employee_id: 'E0001', date: businessDate(new Date()), page: 1, page_size: 20 };
    const run = (request: () => ReturnType<typeof signRequest>, duration: number) =>
      autocannon({
        url: base,
        connections: Number(arg('connections', '10')),
        duration,
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
    // The list beside a one-row read (one live's state) in the same run, so the ratio holds on any machine.
    // Both requests warmed up first (JIT, pool, kept pages): otherwise the first measured, the list, pays for it alone.
    const warm = Number(arg('warmup', '2'));
    if (warm > 0) {
      await run(() => listRequest(body, token), warm);
      await run(() => signRequest({ method: 'GET', url: ONE_ROW, headers }, { scheme: 'basic' }), warm);
    }
    // Rounds of each in turn, and the median of their ratios: the product's own jobs (the market simulator, the card
    // pass) run every so often, and one long run of each measured whichever of the two such a job fell into.
    const rounds = Number(arg('rounds', byMode('3', '4')));
    const each = Number(arg('duration', '5'));
    const pairs: Array<{ list: CannonResult; one: CannonResult }> = [];
    for (let i = 0; i < rounds; i += 1) {
      const list = await run(() => listRequest(body, token), each);
      const one = await run(() => signRequest({ method: 'GET', url: ONE_ROW, headers }, { scheme: 'basic' }), each);
      pairs.push({ list, one });
    }
    const failures = (r: CannonResult) => r.non2xx + r.errors + r.timeouts;
    const non2xx = pairs.reduce((n, p) => n + failures(p.list) + failures(p.one), 0);
    const db = `${databaseUrl ? 'PostgreSQL' : 'PGlite'}${signedIn ? ', one signed-in customer' : ', guest'}`;
    const ratios = pairs.map((p) => p.list.requests.average / p.one.requests.average).sort((a, b) => a - b);
    const ratio = (ratios[Math.floor((ratios.length - 1) / 2)]! + ratios[Math.ceil((ratios.length - 1) / 2)]!) / 2;
    const meanRate = (of: (p: (typeof pairs)[number]) => CannonResult) =>
      Math.round(pairs.reduce((n, p) => n + of(p).requests.average, 0) / pairs.length);
    const { latency } = pairs[0]!.list;
    reportFigure({
      figure: `live list ÷ one-row read, ${SEED} seed, ${db}`,
      now: ratio.toFixed(2),
      goal: '>= 0.9',
      met: ratio >= 0.9,
      command: `npx tsx scripts/bench-live-list.ts --skip-cold${SEED === 'small' ? ' --seed=small' : ''}${signedIn ? ' --signed-in' : ' --guest'}`,
    });
    console.info(
      `live list, ${SEED} seed, ${db}: ${meanRate((p) => p.list)} req/s (first round p50 ${latency.p50} ms, p99 ${latency.p99} ms); ` +
        `one-row read: ${meanRate((p) => p.one)} req/s; ratio ${ratio.toFixed(2)}, median of ` +
        `${ratios.map((r) => r.toFixed(2)).join(', ')} (target >= 0.9); ` +
        `${non2xx} not 2xx/errors`,
    );
    if (non2xx > 0) process.exitCode = 1;
  } finally {
    await stop(child);
  }
}

async function main() {
  if (!process.argv.includes('--skip-cold')) await coldStart();
  // The ratio on both databases, each in its own run of the product; a guest's and a signed-in customer's
  // (--guest or --signed-in: one of them only).
  const kinds = [false, true].filter((s) => !process.argv.includes(s ? '--guest' : '--signed-in'));
  for (const signedIn of kinds) await throughput(null, signedIn);
  const pg = await postgresUrl();
  if (pg) for (const signedIn of kinds) await throughput(pg, signedIn);
  else process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
