import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';

import { buildApp } from '../server/app';
import type { Database } from '../server/db/client';
import { createEngine } from '../server/marketing/engine';
import { DEFAULT_TIER_RULE, tierOf } from '../server/marketing/tiers';
import { createUsersRepository } from '../server/repositories/users';
import { TEST_BASE_TIME } from '../server/test-support/database';
import { openFreshPostgres } from '../server/test-support/postgres';
import { businessDate } from '../src/api/contract/dates';
import { HOME_CATEGORY_ID } from '../src/api/contract/live-constants';
import { onePass, seededCustomerIds } from './engine-pass';
import { reportFigure } from './figures';
import { byMode } from './quick-or-full';
import type { LoadResult, LoadSpec } from './signed-load';

/**
 * How cost grows with size (`npx tsx scripts/bench-curves.ts`, part of `npm run bench`), on PostgreSQL at
 * TEST_DATABASE_URL (a fresh database of the small seed, named --prefix=wl_curves_…, dropped after), each curve
 * printed as a table with the ratio of its largest size to its smallest:
 * - cards: adviser's card list, first page (GET /chance-card/list, 20 cards with customers and reasons), p50/p99 and
 *   requests/s for one adviser with 100, 10,000 and 100,000 open cards, and for 1,000 advisers of 100 cards each
 *   (every request another adviser's). All of it bulk-loaded with generate_series, measured in interleaved rounds
 *   (the median of each size's rounds), every request freshly signed from a process of its own.
 * - lives: the live list's first page (POST getLivesByCategoryId) in categories of 100, 1,000 and 10,000 lives.
 * - engine: signals/s at batches of 100, 1,000 and 10,000 transfer facts.
 * - room: one live on two servers with PostgreSQL and Redis (scripts/load-live-viewers.ts, shortened) at 1,000,
 *   5,000 and 10,000 viewers.
 * Options: --curves=cards,lives,engine,room --rounds=3 --duration=2 --connections=10 --room-duration=40
 */
const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const CURVES = arg('curves', 'cards,lives,engine,room').split(',');
const NOW = new Date(TEST_BASE_TIME.getTime() + 86_400_000);
const ROUNDS = Number(arg('rounds', '3'));
const DURATION = Number(arg('duration', '2'));
const CONNECTIONS = Number(arg('connections', '10'));
const COMMAND = 'npx tsx scripts/bench-curves.ts';

async function signedLoad(spec: LoadSpec): Promise<LoadResult> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'signed-load.ts'), JSON.stringify(spec)],
    { maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout) as LoadResult;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** CPU ticks (utime + stime, 1/100 s) a process has spent, from /proc; 0 for one that is gone or unreadable. */
function cpuTicks(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
}

type Measured = LoadResult & { appMs: number; pgMs: number };

/**
 * A load run with the CPU it cost per answered request: this process's (the server is in it; the load comes from
 * another) and the PostgreSQL backends' of this database. CPU per request, unlike requests per second, does not
 * depend on how busy the machine's other users keep its cores, so the capacity arithmetic starts from it.
 */
async function measured(database: Database, run: () => Promise<LoadResult>): Promise<Measured> {
  const pids = (
    await rows<{ pid: number }>(database, sql`select pid from pg_stat_activity where datname = current_database()`)
  ).map((r) => Number(r.pid));
  const pg0 = pids.reduce((n, pid) => n + cpuTicks(pid), 0);
  const app0 = process.cpuUsage();
  const r = await run();
  const app = process.cpuUsage(app0);
  const pg = pids.reduce((n, pid) => n + cpuTicks(pid), 0) - pg0;
  const answered = Math.max(1, r.total);
  return { ...r, appMs: (app.user + app.system) / 1000 / answered, pgMs: (pg * 10) / answered };
}

interface Point {
  size: string;
  cells: Record<string, number>;
}

/** A curve as a Markdown table, with the ratio of its last (largest) point to its first (smallest) in each column. */
function printCurve(title: string, points: Point[], columns: string[]): void {
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const fmt = (n: number) => (n >= 100 ? String(Math.round(n)) : n >= 10 ? n.toFixed(1) : n.toFixed(2));
  console.info(
    [
      `\n${title}`,
      `| size | ${columns.join(' | ')} |`,
      `|---|${columns.map(() => '---').join('|')}|`,
      ...points.map((p) => `| ${p.size} | ${columns.map((c) => fmt(p.cells[c]!)).join(' | ')} |`),
      `| largest ÷ smallest | ${columns.map((c) => `${(last.cells[c]! / first.cells[c]!).toFixed(2)}x`).join(' | ')} |`,
    ].join('\n'),
  );
}

/** Rows of a raw statement. */
async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Advisers with `cards` open, released cards each (one customer per card, three reasons per card, the first with a
 * product), written by a few statements over generate_series. Returns the advisers' ids.
 */
async function bulkAdvisers(database: Database, tag: string, advisers: number, cards: number): Promise<number[]> {
  const ids = (
    await rows<{ id: number }>(
      database,
      sql`insert into users (uuid, employee_id, real_name, avatar, role, is_financial_advisor, created_at)
        select ${`curve-${tag}-`} || g, ${`CV${tag}`} || g, '曲线顾问' || g, '', 'adviser', true, ${NOW.toISOString()}::timestamptz
        from generate_series(1, ${advisers}) g returning id`,
    )
  ).map((r) => Number(r.id));
  const list = sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
  const at = sql`${NOW.toISOString()}::timestamptz`;
  await database.db.execute(sql`
    insert into mkt_customers (adviser_id, name, phone, gender, risk_level, risk_expires_at, qualified, tags, tier, aum,
      last_contact_at, created_at)
    select a, '客户' || g, '138' || lpad(((a * ${cards} + g) % 100000000)::text, 8, '0'), case when g % 2 = 0 then 'm' else 'f' end,
      'C3', ${at} + interval '300 days', false, '{}', case when g % 10 = 0 then 'gold' else 'standard' end,
      100000 + (g % 50) * 10000, ${at} - (g % 30) * interval '1 day', ${at} - interval '400 days'
    from unnest(${list}) a cross join generate_series(1, ${cards}) g`);
  // Scores spread over 0–100 so the three tiers all appear; the stored tier as the engine writes it.
  const hot = tierOf(100, DEFAULT_TIER_RULE);
  const warm = tierOf(50, DEFAULT_TIER_RULE);
  await database.db.execute(sql`
    insert into mkt_cards (adviser_id, customer_id, state, category_id, score, score_parts, priority, reason_count,
      created_at, updated_at, released_at)
    select c.adviser_id, c.id, case when c.id % 7 = 0 then 'viewed' else 'new' end, (array[1, 2, 3, 4, 5, 6, 7, 8])[c.id % 8 + 1],
      s.score, jsonb_build_object('amount', s.score * 0.4, 'recency', s.score * 0.3, 'behaviour', s.score * 0.2,
        'tier', s.score * 0.1, 'feedback', 0),
      case when s.score >= 70 then ${hot} when s.score >= 40 then ${warm} else 'cold' end, 3,
      ${at} - (c.id % 90) * interval '1 hour', ${at} - (c.id % 1000) * interval '1 minute', ${at} - interval '1 hour'
    from mkt_customers c cross join lateral (select round(((c.id * 7919) % 1000) / 10.0, 1)::float8 as score) s
    where c.adviser_id = any(${list})`);
  await database.db.execute(sql`
    insert into mkt_signals (adviser_id, customer_id, category_id, fact_key, title, amount, product_id, intensity,
      occurred_at, card_id)
    select c.adviser_id, c.customer_id, c.category_id, 'curve:' || c.id || ':' || k, '转入资金 ' || (k * 10) || ' 万元',
      k * 100000, case when k = 1 then (select min(id) from mkt_products) end, 0.5, c.updated_at - k * interval '1 hour', c.id
    from mkt_cards c cross join generate_series(1, 3) k where c.adviser_id = any(${list})`);
  return ids;
}

/**
 * What one customer of the seed (a year of facts, cards and reasons) takes in PostgreSQL, tables and indexes, for
 * the capacity arithmetic; measured on the seed alone, before any curve adds to it.
 */
async function seedFootprint(database: Database): Promise<void> {
  const [f] = await rows<{ bytes: number; customers: number; signals: number; cards: number; facts: number }>(
    database,
    sql`select (select sum(pg_total_relation_size(c.oid)) from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and c.relname like 'mkt\_%')::float8 as bytes,
      (select count(*) from mkt_customers)::int as customers, (select count(*) from mkt_signals)::int as signals,
      (select count(*) from mkt_cards)::int as cards,
      ((select count(*) from mkt_transfers) + (select count(*) from mkt_behaviours) + (select count(*) from mkt_transactions))::int as facts`,
  );
  const per = (n: number) => (n / f!.customers).toFixed(1);
  console.info(
    `seed footprint (the workbench's mkt_ tables with their indexes): ${Math.round(f!.bytes / f!.customers)} bytes per customer; per customer ${per(f!.facts)} facts, ${per(f!.signals)} signals, ${per(f!.cards)} cards (${f!.customers} customers)`,
  );
  reportFigure({
    figure: 'PostgreSQL bytes per customer with a year of history (the seed, mkt_ tables and indexes)',
    now: `${Math.round(f!.bytes / f!.customers)} bytes`,
    goal: 'reported',
    met: true,
    command: `${COMMAND} --curves=cards`,
  });
}

async function cardCurve(database: Database): Promise<boolean> {
  const t0 = performance.now();
  const [a100] = await bulkAdvisers(database, 'a', 1, 100);
  const [a10k] = await bulkAdvisers(database, 'b', 1, 10_000);
  const [a100k] = await bulkAdvisers(database, 'c', 1, 100_000);
  const many = await bulkAdvisers(database, 'd', 1000, 100);
  // Vacuumed as well as analysed: a table that just took 640,000 rows gets its first vacuum from autovacuum soon after,
  // which may then run during the rounds (one whole bench read the largest size's p99 at 38 ms, runs alone 20-22).
  await database.db.execute(sql`vacuum analyze`);
  const [counted] = await rows<{ n: number }>(database, sql`select count(*)::int as n from mkt_cards`);
  console.info(`card list data: ${counted!.n} cards, bulk-loaded in ${Math.round(performance.now() - t0)} ms`);
  // Bytes per row at this size, with the table's indexes: what a customer, an open card and a reason cost.
  const widths = await rows<{ t: string; bytes: number }>(
    database,
    sql`select t, (pg_total_relation_size(t::regclass)::float8 / greatest(1, (xpath('/row/n/text()',
        query_to_xml(format('select count(*) as n from %I', t), false, true, '')))[1]::text::float8)) as bytes
      from unnest(array['mkt_customers', 'mkt_cards', 'mkt_signals', 'mkt_workbench_counts']) t`,
  );
  console.info(
    `  bytes per row with indexes: ${widths.map((w) => `${w.t} ${Math.round(Number(w.bytes))}`).join(', ')}`,
  );
  const users = createUsersRepository(database.db);
  const sid = async (id: number) => (await users.createSession(id, NOW, 86_400_000)).token;
  const sids = { a100: await sid(a100!), a10k: await sid(a10k!), a100k: await sid(a100k!) };
  const manySids: string[] = [];
  for (const id of many) manySids.push(await sid(id));
  const app = await buildApp({ database, now: () => NOW, distDir: '/nonexistent', production: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const FIRST = '/market_map_url/chance-card/list?limit=20';
  const ONE_ROW = '/market_map_url/rule-settings/index';
  const sizes: { size: string; spec: Partial<LoadSpec> & { sid: string } }[] = [
    { size: '100 open cards, one adviser', spec: { sid: sids.a100 } },
    { size: '10,000 open cards, one adviser', spec: { sid: sids.a10k } },
    { size: '100,000 open cards, one adviser', spec: { sid: sids.a100k } },
    { size: '1,000 advisers × 100 cards, each request another adviser', spec: { sid: manySids[0]!, sids: manySids } },
  ];
  const load = (spec: Partial<LoadSpec> & { sid: string }, p: string, duration: number) =>
    measured(database, () =>
      signedLoad({ url: base, path: p, now: NOW.getTime(), duration, connections: CONNECTIONS, ...spec }),
    );
  let bad = 0;
  try {
    // Each size's pages warmed first (the JIT, PostgreSQL's buffers), so no size pays for the process's start.
    for (const s of sizes) bad += (await load(s.spec, FIRST, 1)).bad;
    bad += (await load({ sid: sids.a100 }, ONE_ROW, 1)).bad;
    const taken = sizes.map(() => [] as Measured[]);
    const oneRow: number[] = [];
    // Interleaved rounds: a busy machine's load moves during a run, and each size gets its share of it.
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [i, s] of sizes.entries()) {
        const r = await load(s.spec, FIRST, DURATION);
        bad += r.bad;
        taken[i]!.push(r);
      }
      const one = await load({ sid: sids.a100 }, ONE_ROW, DURATION);
      bad += one.bad;
      oneRow.push(one.rps);
    }
    const points = sizes.map((s, i) => ({
      size: s.size,
      cells: {
        'p50 ms': median(taken[i]!.map((r) => r.p50)),
        'p99 ms': median(taken[i]!.map((r) => r.p99)),
        'req/s': median(taken[i]!.map((r) => r.rps)),
        '÷ one-row read': median(taken[i]!.map((r, k) => r.rps / oneRow[k]!)),
        'server CPU ms/req': median(taken[i]!.map((r) => r.appMs)),
        'PostgreSQL CPU ms/req': median(taken[i]!.map((r) => r.pgMs)),
      },
    }));
    const columns = ['p50 ms', 'p99 ms', 'req/s', '÷ one-row read', 'server CPU ms/req', 'PostgreSQL CPU ms/req'];
    printCurve(
      `card list, first page (${CONNECTIONS} connections, median of ${ROUNDS} interleaved ${DURATION} s rounds; one-row read ${Math.round(median(oneRow))} req/s; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`,
      points.slice(0, 3),
      columns,
    );
    printCurve('card list, first page, one adviser at 100 beside 1,000 advisers', [points[0]!, points[3]!], columns);
    const growth = points[2]!.cells['p99 ms']! / points[0]!.cells['p99 ms']!;
    reportFigure({
      figure: 'card list first page, p99 at 100,000 open cards ÷ at 100 (PostgreSQL)',
      now: `${growth.toFixed(2)}x (${points[2]!.cells['p99 ms']} ms ÷ ${points[0]!.cells['p99 ms']} ms)`,
      goal: '<= 1.5x',
      met: growth <= 1.5,
      command: `${COMMAND} --curves=cards`,
    });
    const advisersRatio = points[3]!.cells['req/s']! / points[0]!.cells['req/s']!;
    reportFigure({
      figure: 'card list first page, req/s with 1,000 advisers ÷ one adviser (PostgreSQL)',
      now: `${advisersRatio.toFixed(2)}x`,
      goal: 'reported',
      met: true,
      command: `${COMMAND} --curves=cards`,
    });
    return bad === 0;
  } finally {
    await app.close();
  }
}

async function liveCurve(database: Database): Promise<boolean> {
  // The home list's one category, topped up to each size in turn (lives spread over two months around the day, so
  // there are ended, upcoming and live ones at every size); each write moves the list's version, so no kept page
  // of a smaller size is read at a larger one.
  const sizes = [100, 1_000, 10_000];
  const at = sql`${NOW.toISOString()}::timestamptz`;
  const app = await buildApp({ database, now: () => NOW, distDir: '/nonexistent', production: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const LIST = '/smart-live/smart-service/api/live/getLivesByCategoryId';
  const body = { category_id: HOME_CATEGORY_ID, employee_id: 'E0001', date: businessDate(NOW), page: 1, page_size: 20 };
  const load = (duration: number) =>
    measured(database, () =>
      signedLoad({ url: base, path: LIST, sid: '', now: NOW.getTime(), duration, connections: CONNECTIONS, body }),
    );
  let bad = 0;
  const points: Point[] = [];
  try {
    for (const size of sizes) {
      await database.db.execute(sql`
        insert into lives (category_id, title, cover, description, room_id, start_time, end_time)
        select ${HOME_CATEGORY_ID}, '曲线直播 ' || g, '/static/covers/1.svg', '', 'curve-' || g,
          ${at} + ((g * 7919) % 86400 - 43200) * interval '1 minute',
          ${at} + ((g * 7919) % 86400 - 43200) * interval '1 minute' + interval '1 hour'
        from generate_series((select count(*) from lives where category_id = ${HOME_CATEGORY_ID}) + 1, ${size}) g`);
      await database.db.execute(sql`analyze lives`);
      bad += (await load(1)).bad;
      const taken: Measured[] = [];
      for (let round = 0; round < ROUNDS; round += 1) taken.push(await load(DURATION));
      bad += taken.reduce((n, r) => n + r.bad, 0);
      points.push({
        size: `${size.toLocaleString('en')} lives`,
        cells: {
          'p50 ms': median(taken.map((r) => r.p50)),
          'p99 ms': median(taken.map((r) => r.p99)),
          'req/s': median(taken.map((r) => r.rps)),
          'server CPU ms/req': median(taken.map((r) => r.appMs)),
          'PostgreSQL CPU ms/req': median(taken.map((r) => r.pgMs)),
        },
      });
    }
    printCurve(
      `live list, first page (${CONNECTIONS} connections, median of ${ROUNDS} ${DURATION} s runs at each size)`,
      points,
      ['p50 ms', 'p99 ms', 'req/s', 'server CPU ms/req', 'PostgreSQL CPU ms/req'],
    );
    const ratio = points[2]!.cells['req/s']! / points[0]!.cells['req/s']!;
    reportFigure({
      figure: 'live list first page, req/s at 10,000 lives ÷ at 100 (PostgreSQL)',
      now: `${ratio.toFixed(2)}x`,
      goal: 'reported',
      met: true,
      command: `${COMMAND} --curves=lives`,
    });
    if (bad > 0) console.error(`live list: ${bad} answers not 2xx`);
    return bad === 0;
  } finally {
    await app.close();
  }
}

async function engineCurve(database: Database): Promise<void> {
  const engine = createEngine(database.db);
  const customerIds = await seededCustomerIds(database);
  // Warm: the first calls of a process compile and fill caches.
  let from = 0;
  for (let i = 0; i < 2; i += 1) {
    await onePass(database, engine, customerIds, from, 1000, NOW);
    from += 1000;
  }
  const sizes = [100, 1_000, 10_000];
  const points: Point[] = [];
  for (const size of sizes) {
    // About 20,000 facts at each size (two calls at the largest), so each size's figure has the same weight.
    const calls = Math.max(2, Math.round(20_000 / size));
    let signals = 0;
    let ms = 0;
    for (let k = 0; k < calls; k += 1) {
      const r = await onePass(database, engine, customerIds, from, size, NOW);
      from += size;
      signals += r.signals;
      ms += r.ms;
    }
    points.push({
      size: `${size.toLocaleString('en')} facts a call`,
      cells: { 'ms a call': ms / calls, 'signals/s': (signals / ms) * 1000 },
    });
  }
  printCurve('card engine on PostgreSQL, by batch size', points, ['ms a call', 'signals/s']);
  const least = Math.min(...points.map((p) => p.cells['signals/s']!));
  reportFigure({
    figure: 'card engine, signals/s at batches of 100 / 1,000 / 10,000 facts (PostgreSQL)',
    now: points.map((p) => Math.round(p.cells['signals/s']!)).join(' / '),
    goal: 'reported (the engine goal is bench-market-map’s)',
    met: least > 0,
    command: `${COMMAND} --curves=engine`,
  });
}

interface RoomReport {
  allMs: { p50: number; p99: number };
  cpu: { coresPer1000Viewers: number; answeredPerS: number; redisCoresSharedRedis: number };
  errors: Record<string, number>;
}

/** One live at 1,000, 5,000 and 10,000 viewers on two servers: scripts/load-live-viewers.ts, shortened, per size. */
async function roomCurve(): Promise<boolean> {
  const sizes = [1_000, 5_000, 10_000];
  // Each size starts and seeds a server pair; the run itself: 20 s unless --full (40 s).
  const duration = arg('room-duration', byMode('20', '40'));
  const points: Point[] = [];
  for (const viewers of sizes) {
    const out = path.join(os.tmpdir(), `curves-room-${process.pid}-${viewers}.json`);
    try {
      await promisify(execFile)(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(__dirname, 'load-live-viewers.ts'),
          `--viewers=${viewers}`,
          `--duration=${duration}`,
          `--ramp=${Math.round(Number(duration) / 3)}`,
          // Nobody leaves: a short run has no quiet minute after the leaving for the counts to show it.
          '--leave=0',
          '--settle=5',
          `--json=${out}`,
        ],
        { maxBuffer: 16 << 20, env: process.env },
      );
    } catch (err) {
      // The run's own verdict (an error or an inexact count) is bench-live-viewers' figure; the curve reads what it
      // measured all the same (the CPU per 1,000 viewers holds even where an overloaded machine answers late).
      console.error(`live room at ${viewers} viewers: ${(err as Error).message.split('\n')[0]}`);
    }
    if (!fs.existsSync(out)) continue;
    const r = JSON.parse(fs.readFileSync(out, 'utf8')) as RoomReport;
    fs.rmSync(out);
    points.push({
      size: `${viewers.toLocaleString('en')} viewers`,
      cells: {
        'p50 ms': r.allMs.p50,
        'p99 ms': r.allMs.p99,
        'answered req/s': r.cpu.answeredPerS,
        'cores per 1,000 viewers': r.cpu.coresPer1000Viewers,
        'Redis cores': r.cpu.redisCoresSharedRedis,
        errors: Object.values(r.errors).reduce((a, b) => a + b, 0),
      },
    });
  }
  if (points.length < 2) return false;
  printCurve(`one live on two servers (PostgreSQL + Redis), ${duration} s runs`, points, [
    'p50 ms',
    'p99 ms',
    'answered req/s',
    'cores per 1,000 viewers',
    'Redis cores',
  ]);
  console.info(`  errors: ${points.map((p) => `${p.size} ${p.cells.errors}`).join(', ')}`);
  const last = points[points.length - 1]!;
  reportFigure({
    figure: 'one live, CPU per 1,000 viewers at 10,000 ÷ at 1,000 (two servers)',
    now: `${(last.cells['cores per 1,000 viewers']! / points[0]!.cells['cores per 1,000 viewers']!).toFixed(2)}x`,
    goal: 'reported',
    met: true,
    command: `${COMMAND} --curves=room`,
  });
  return true;
}

async function main() {
  const t0 = performance.now();
  let ok = true;
  if (CURVES.some((c) => c !== 'room')) {
    const database = await openFreshPostgres(undefined, { prefix: arg('prefix', 'wl_curves') });
    try {
      await seedFootprint(database);
      if (CURVES.includes('engine')) await engineCurve(database);
      if (CURVES.includes('cards')) ok = (await cardCurve(database)) && ok;
      if (CURVES.includes('lives')) ok = (await liveCurve(database)) && ok;
    } finally {
      await database.close();
    }
  }
  if (CURVES.includes('room')) ok = (await roomCurve()) && ok;
  console.info(`\ncurves done in ${Math.round((performance.now() - t0) / 1000)} s`);
  if (!ok) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
