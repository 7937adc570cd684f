import { execFile } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';

import { buildApp } from '../server/app';
import { type Database, migrateDatabase, openDatabase } from '../server/db/client';
import { seedDatabase } from '../server/db/seed';
import { createEngine } from '../server/marketing/engine';
import { createUsersRepository } from '../server/repositories/users';
import { openTestDatabase, TEST_BASE_TIME } from '../server/test-support/database';
import { openFreshPostgres } from '../server/test-support/postgres';
import { signRequest } from '../server/test-support/sign';
import { onePass, seededCustomerIds } from './engine-pass';
import { reportFigure } from './figures';
import type { LoadResult, LoadSpec } from './signed-load';

/**
 * The adviser workbench on PGlite and PostgreSQL, in one process:
 * 1. engine throughput (SEED_SCALE=small, the test template): transfer facts → rules → signals
 *    → stacked cards, in passes of 1,000 facts, after 2,000 facts that warm the process up;
 * 2. per scale (small: adviser u1's ~100 open cards; large: u1's 10,000), in the same run, the load from a process of its own:
 *    GET /chance-card/list first page (20 cards with customers and reasons), a page deep in the list
 *    (cursor), and a one-row read (GET /rule-settings/index) beside them, with the first page's ratio
 *    to the one-row read (target >= 0.8); every request freshly signed.
 * Options: --duration=5 --connections=10 --warmup=2 --rounds=5 --facts=10000 --warm-facts=2000 --pass=1000
 * --scales=small,large
 * --db=pglite|postgres (postgres: the small seed on a fresh database of TEST_DATABASE_URL, 127.0.0.1:5432/test by
 * default, named --prefix=wl_bench_…, dropped afterwards; the large scale stays on PGlite).
 * --scales=none measures the engine alone. With --db=pglite (the default) the small scale's list and the engine are
 * measured on PostgreSQL too.
 */
const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const NOW = new Date(TEST_BASE_TIME.getTime() + 86_400_000);

async function signedLoad(spec: LoadSpec): Promise<LoadResult> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', `${__dirname}/signed-load.ts`, JSON.stringify(spec)],
    { maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout) as LoadResult;
}

/**
 * Facts per engine call: the live scan hands the engine every viewer of a 20 s pass in one call, and 150 signals a
 * second make passes of about 3,000 facts; 1,000 is the size of its leave-message read.
 */
const PASS = Number(arg('pass', '1000'));

async function engineThroughput(database: Database) {
  const where = database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const engine = createEngine(database.db);
  const customerIds = await seededCustomerIds(database);
  // A server's engine runs warm: the first passes of a process also compile PGlite's WebAssembly (and fill the
  // caches), two to three times slower. They are timed on their own and left out of the figure.
  const warmFacts = Number(arg('warm-facts', '2000'));
  const total = Number(arg('facts', '10000'));
  let cold = { signals: 0, ms: 0 };
  for (let i = 0; i < warmFacts; i += PASS) {
    const r = await onePass(database, engine, customerIds, i, Math.min(PASS, warmFacts - i), NOW);
    cold = { signals: cold.signals + r.signals, ms: cold.ms + r.ms };
  }
  let signals = 0;
  let spent = 0;
  for (let i = 0; i < total; i += PASS) {
    const r = await onePass(database, engine, customerIds, warmFacts + i, Math.min(PASS, total - i), NOW);
    signals += r.signals;
    spent += r.ms;
  }
  const perSecond = Math.round((signals / spent) * 1000);
  const coldRate =
    cold.ms > 0 ? `; the first ${cold.signals} of the process ${Math.round((cold.signals / cold.ms) * 1000)}/s` : '';
  console.info(
    `card engine, ${where}: ${signals} signals in passes of ${PASS} in ${Math.round(spent)} ms = ${perSecond} signals/s (rules, insert, stack onto one card per customer, cap)${coldRate}`,
  );
  reportFigure({
    figure: `card engine, signals turned into cards per second, ${where}`,
    now: String(perSecond),
    goal: '>= 10,000',
    met: perSecond >= 10_000,
    command: `npx tsx scripts/bench-market-map.ts --scales=none${where === 'PostgreSQL' ? ' --db=postgres' : ''}`,
  });
}

/** The HTTP figures for adviser u1 on one database; returns how many requests were not 2xx. */
async function endpoints(database: Database, scale: string): Promise<number> {
  // The local backend (its local secrets), whatever NODE_ENV the bench runner sets.
  const app = await buildApp({ database, now: () => NOW, distDir: '/nonexistent', production: false });
  const sid = (await createUsersRepository(database.db).createSession(1, NOW, 86_400_000)).token;
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const headers = (path: string) =>
    signRequest({ method: 'GET', url: path }, { scheme: 'marketMap', accountId: sid, now: NOW }).headers;
  // A cursor from the middle of the list: page through it once, as an adviser scrolling would.
  let cursor: string | null = null;
  let open = 0;
  for (let depth = 0; ; depth += 1) {
    // Pages of 20 as the app reads them: a short list (tens of cards under a daily cap of 10) still has a middle.
    const path = `/market_map_url/chance-card/list?limit=20${cursor ? `&cursor=${cursor}` : ''}`;
    const body = (await (await fetch(`${base}${path}`, { headers: headers(path) })).json()) as {
      data: { next_cursor: string | null; total: number };
    };
    open = body.data.total;
    if (!body.data.next_cursor || (depth + 1) * 20 >= open / 2) break;
    cursor = body.data.next_cursor;
  }
  // The load comes from a process of its own (scripts/signed-load.ts), as clients do.
  const run = (path: string, duration = Number(arg('duration', '5')), connections = Number(arg('connections', '10'))) =>
    signedLoad({ url: base, path, sid, now: NOW.getTime(), duration, connections });
  let failed = 0;
  console.info(`${scale}: adviser u1 has ${open} open cards on the workbench`);
  const FIRST = '/market_map_url/chance-card/list?limit=20';
  const ONE_ROW = '/market_map_url/rule-settings/index';
  // Each request warmed up first (JIT, kept pages), so the first one measured does not pay for it alone.
  const warm = Number(arg('warmup', '2'));
  if (warm > 0) for (const path of [FIRST, ONE_ROW]) await run(path, warm, 10);
  const rps: Record<string, number> = {};
  for (const [label, path] of [
    ['card list, first page (20 cards with customers and reasons; a read only)', FIRST],
    [
      'card list, a page halfway down (cursor, 20 cards)',
      `/market_map_url/chance-card/list?limit=20&cursor=${cursor ?? ''}`,
    ],
    ['one-row read (/rule-settings/index)', ONE_ROW],
  ] as const) {
    const r = await run(path);
    failed += r.bad;
    rps[path] = r.rps;
    console.info(
      `  ${label}: ${Math.round(r.rps)} req/s (p50 ${r.p50} ms, p99 ${r.p99} ms; ${r.total} requests, ${r.bad} not 2xx)`,
    );
  }
  // The main list beside a one-row read in the same run, in interleaved rounds (a busy machine's load moves
  // between two back-to-back runs): the median of the rounds' ratios.
  const rounds = Number(arg('rounds', '5'));
  const ratios: number[] = [];
  for (let k = 0; k < rounds; k += 1) {
    const [a, b] = [await run(FIRST, 2), await run(ONE_ROW, 2)];
    failed += a.bad + b.bad;
    ratios.push(a.rps / b.rps);
  }
  ratios.sort((x, y) => x - y);
  console.info(
    `  first page / one-row read: ${(rps[FIRST]! / rps[ONE_ROW]!).toFixed(2)} in the runs above; median of ${rounds} interleaved 2 s rounds ${ratios[Math.floor(rounds / 2)]!.toFixed(2)} (target >= 0.8; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`,
  );
  const median = ratios[Math.floor(rounds / 2)]!;
  reportFigure({
    figure: `workbench card list, first page ÷ one-row read, ${scale}`,
    now: median.toFixed(2),
    goal: '>= 0.8',
    met: median >= 0.8,
    command: `npx tsx scripts/bench-market-map.ts --scales=${scale.includes('large') ? 'large' : 'small'}${scale.includes('PostgreSQL') ? ' --db=postgres' : ''}`,
  });
  // The figure's own command, so a reader of `npm run bench` can take it again alone.
  console.info(`  measured by: npx tsx scripts/bench-market-map.ts ${process.argv.slice(2).join(' ')}`.trimEnd());
  await app.close();
  return failed;
}

async function largeDatabase(): Promise<Database> {
  const database = await openDatabase({});
  await migrateDatabase(database);
  const t0 = performance.now();
  await seedDatabase(database.db, 'large', TEST_BASE_TIME);
  const seconds = Math.round((performance.now() - t0) / 1000);
  console.info(`SEED_SCALE=large built in ${seconds} s (PGlite in memory)`);
  reportFigure({
    figure: 'large seed (one adviser with 10,000 open cards), build time, PGlite',
    now: `${seconds} s`,
    goal: '<= 300 s',
    met: seconds <= 300,
    command: 'npx tsx scripts/bench-market-map.ts --scales=large',
  });
  return database;
}

/** Opens a database, runs `work` on it and closes it, whatever happens. */
async function withDatabase<T>(open: () => Promise<Database>, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await open();
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

const freshPostgres = () => openFreshPostgres(undefined, { prefix: arg('prefix', 'wl_bench') });

async function main() {
  const scales = arg('scales', 'small,large').split(',');
  let failed = 0;
  if (arg('db', 'pglite') === 'postgres') {
    await withDatabase(freshPostgres, async (pg) => {
      if (scales.includes('small')) failed += await endpoints(pg, 'SEED_SCALE=small on PostgreSQL');
      await engineThroughput(pg);
    });
    if (failed > 0) process.exitCode = 1;
    return;
  }
  await withDatabase(
    () => openTestDatabase(),
    async (small) => {
      if (scales.includes('small')) failed += await endpoints(small, 'SEED_SCALE=small');
      await engineThroughput(small);
    },
  );
  // The goals hold on both databases: the list's ratio and the engine on PostgreSQL (the multi-server deployment's
  // database) in the same run, on a fresh database.
  await withDatabase(freshPostgres, async (pg) => {
    if (scales.includes('small')) failed += await endpoints(pg, 'SEED_SCALE=small on PostgreSQL');
    await engineThroughput(pg);
  });
  if (scales.includes('large'))
    failed += await withDatabase(largeDatabase, (large) => endpoints(large, 'SEED_SCALE=large'));
  if (failed > 0) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
