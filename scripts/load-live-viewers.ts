import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { Client } from 'pg';

import { openDatabase } from '../server/db/client';
import { users } from '../server/db/schema';
import { createUsersRepository } from '../server/repositories/users';
import { signRequest } from '../server/test-support/sign';
import { type SpawnedServer, spawnServer } from '../server/test-support/spawn-server';
import { ONLINE_WINDOW_SECONDS } from '../src/api/contract/chat-room';
import { HOME_CATEGORY_ID, LiveStatus } from '../src/api/contract/live-constants';
import { reportFigure } from './figures';

/**
 * One live watched by many viewers, held by two `npm start` processes on one PostgreSQL and one Redis, as behind a
 * balancer (`TRUST_PROXY=1`, each viewer its own X-Forwarded-For address, requests dealt to the servers in turn).
 * Each viewer reads the live list on joining, beats every --heartbeat seconds (the first with join) and polls the
 * room's online count every --poll seconds; a --leave share stops halfway. Every request is signed as the client
 * signs it; the signed-in customers of the seed send their session token, everyone else is a guest device.
 * Measured: latency per kind (p50/p99), errors, each polled count against the script's own truth (who was surely
 * and who was possibly online while the poll was in flight), and the two servers' CPU while everyone watches.
 * Bounded and loopback only: it starts its own servers on 127.0.0.1, makes a fresh database (dropped after) and a
 * fresh Redis key prefix (deleted after).
 * Run: npx tsx scripts/load-live-viewers.ts [--viewers=10000] [--duration=180] [--ramp=45] [--heartbeat=30]
 * [--poll=10] [--leave=0.1] [--connections=64] [--settle=10] [--warm-up=200] [--json=out.json] [--profile=dir]; PostgreSQL at LOAD_DATABASE_URL
 * (postgres://postgres@127.0.0.1:5432/postgres), Redis at LOAD_REDIS_URL (redis://127.0.0.1:6379).
 */
const arg = (name: string, fallback: number) => {
  const v = process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  return v === undefined ? fallback : Number(v);
};
const VIEWERS = Math.min(arg('viewers', 10_000), 50_000);
const DURATION_S = Math.min(arg('duration', 180), 900);
const RAMP_S = Math.min(arg('ramp', 45), DURATION_S / 3);
const HEARTBEAT_S = arg('heartbeat', 30);
const POLL_S = arg('poll', 10);
const LEAVE = arg('leave', 0.1);
const CONNECTIONS = arg('connections', 64);
/** Seconds between the servers' start and the first viewer: their start-up jobs (scan, retention) run first. */
const SETTLE_S = arg('settle', 10);
/** --profile=<dir>: each server writes a CPU profile there when it stops. */
const PROFILE_DIR = process.argv.find((a) => a.startsWith('--profile='))?.slice('--profile='.length);
const JSON_OUT = process.argv.find((a) => a.startsWith('--json='))?.slice('--json='.length);
/** Viewers leave in this slice of the run; the rest of it (over one window) shows their count going. */
const LEAVE_FROM_S = RAMP_S + (DURATION_S - RAMP_S - ONLINE_WINDOW_SECONDS) / 2;
const LEAVE_SPAN_S = 5;
/** Warm-up devices before the first viewer (a list read, a heartbeat in another room and a poll each). */
const WARM_UP = arg('warm-up', 200);
/** One poll in this many is checked against the truth (a check walks every viewer). */
const CHECK_EVERY = 10;
/** The list's employee_id: a guest's link names the adviser who shared it. */
const SHARED_BY = 'E0001';
/** The home list's first page (HOME_PAGE_SIZE of the lives feature). */
const HOME_PAGE_SIZE = 20;
const DATABASE_URL = process.env.LOAD_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.LOAD_REDIS_URL || 'redis://127.0.0.1:6379';

const PATHS = {
  list: '/smart-live/smart-service/api/live/getLivesByCategoryId',
  online: '/chat-room/room/online',
  heartbeat: '/chat-room/room/heartbeat',
} as const;
type Kind = keyof typeof PATHS;

function loopbackOnly(url: string) {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]', '::1'].includes(host)) throw new Error(`loopback only: ${url}`);
}

/** A viewer as the script knows them: what it sent and what the servers acknowledged. */
interface Viewer {
  id: string;
  address: string;
  token: string | null;
  joinAt: number;
  leaveAt: number;
  /** Send and answer times of the last two acknowledged heartbeats (latest first). */
  acked: Array<{ sent: number; at: number }>;
  /** Send time of a heartbeat without an answer yet (or whose answer failed: it may have counted). */
  pending: number | null;
  timers: NodeJS.Timeout[];
}

const sec = (ms: number) => Math.floor(ms / 1000);

/** Who is surely and who is possibly online at a server moment in [sent, at] of a poll (its online window). */
function truthOf(viewers: Viewer[], sent: number, at: number): { lo: number; hi: number } {
  let lo = 0;
  let hi = 0;
  for (const v of viewers) {
    // Answered in an earlier millisecond than the poll was sent: surely written before the poll read. In the same
    // millisecond the poll may have left first (its timer ran before the answer was read), and its count may be read
    // before that heartbeat is written: such a viewer is only possibly counted.
    const before = v.acked.find((b) => b.at < sent);
    if (before && sec(before.sent) > sec(at) - ONLINE_WINDOW_SECONDS) lo += 1;
    const latest = v.acked[0];
    if ((v.pending !== null && v.pending <= at) || (latest && sec(latest.at) > sec(sent) - ONLINE_WINDOW_SECONDS))
      hi += 1;
  }
  return { lo, hi };
}

function cpuTicks(pid: number): number {
  // utime and stime, fields 14 and 15 (after the parenthesised command name).
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(f[11]) + Number(f[12]);
}
const TICKS_PER_S = 100;

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

/** The load's client: requests spread over the servers in turn, each answer's latency and error counted by kind. */
function createSender(bases: string[], agents: http.Agent[]) {
  const lat: Record<Kind, number[]> = { list: [], online: [], heartbeat: [] };
  /** Each answer's latency by the 10 s window it was sent in: where in the run the slow ones were. */
  const byWindow = new Map<number, number[]>();
  /** Seconds in byWindow count from the first join (negative: the probe before it). */
  const stats = { startAt: Date.now(), inFlight: 0 };
  const errors: Record<Kind, number> = { list: 0, online: 0, heartbeat: 0 };
  const answered: Record<Kind, number> = { list: 0, online: 0, heartbeat: 0 };
  const errorSamples: string[] = [];
  let turn = 0;
  /** Requests not answered yet: at the end, those still queued are dropped rather than sent to stopped servers. */
  const open = new Set<http.ClientRequest>();
  /** `measured` false: a warm-up request, its errors counted but not its latency or answer. */
  function send(kind: Kind, body: object, v: Viewer, measured = true): Promise<unknown> {
    const r = signRequest(
      { method: 'POST', url: PATHS[kind], body },
      { scheme: kind === 'list' ? 'content' : 'basic' },
    );
    const i = (turn += 1) % bases.length;
    const url = new URL(r.url, bases[i]);
    const headers: Record<string, string> = { ...r.headers, 'x-forwarded-for': v.address };
    if (v.token) headers.token = v.token;
    const t0 = performance.now();
    stats.inFlight += 1;
    return new Promise((resolve) => {
      const fail = (why: string) => {
        stats.inFlight -= 1;
        errors[kind] += 1;
        if (errorSamples.length < 10) errorSamples.push(`${kind}: ${why}`);
        resolve(null);
      };
      const req = http.request(url, { method: 'POST', agent: agents[i], headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const ms = performance.now() - t0;
          if (measured) {
            lat[kind].push(ms);
            const w = Math.floor((Date.now() - ms - stats.startAt) / 10_000) * 10;
            const inW = byWindow.get(w);
            if (inW) inW.push(ms);
            else byWindow.set(w, [ms]);
            answered[kind] += 1;
          }
          const text = Buffer.concat(chunks).toString();
          const json = (() => {
            try {
              return JSON.parse(text) as { error?: { code?: number }; data?: unknown };
            } catch {
              return null;
            }
          })();
          if (res.statusCode !== 200 || !json || json.error?.code !== 0)
            fail(`${res.statusCode} ${text.slice(0, 160)}`);
          else {
            stats.inFlight -= 1;
            resolve(json.data);
          }
        });
        res.on('error', (e) => fail(e.message));
      });
      open.add(req);
      req.on('close', () => open.delete(req));
      req.on('error', (e) => fail(e.message));
      req.end(r.payload);
    });
  }
  return { send, stats, lat, byWindow, errors, answered, errorSamples, open };
}

/** Stops the servers, then removes the run's Redis keys and database. */
async function tearDown(servers: SpawnedServer[], redis: Redis, prefix: string, admin: Client, dbName: string) {
  for (const s of servers) s.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  redis.disconnect();
  await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.end();
}

type Sender = ReturnType<typeof createSender>;
interface CpuMark {
  ticks: number[];
  redis: number;
  at: number;
}

/** Prints the run's figures (latency, errors, exact counts, CPU per request) and sets the exit code from them. */
function reportRun(
  m: Pick<Sender, 'answered' | 'lat' | 'byWindow' | 'errors' | 'errorSamples' | 'stats'> & {
    before: CpuMark & { self: NodeJS.CpuUsage; answered: Record<Kind, number> };
    after: CpuMark & { self: NodeJS.CpuUsage };
    pids: number[];
    load0: number[];
  },
  checks: { signedIn: number; counts: { checked: number; exact: number; worstOff: number; misses: string[] } },
) {
  const { before, after, pids, answered, lat, byWindow, errors, errorSamples, stats, load0 } = m;
  const wall = (after.at - before.at) / 1000;
  const serverCores = pids.map((_, i) => (after.ticks[i]! - before.ticks[i]!) / TICKS_PER_S / wall);
  const totalCores = serverCores.reduce((a, b) => a + b, 0);
  // CPU per answered request, by kind mix of the window; a starved server answers fewer, so this (not the cores it
  // happened to get) is what scales: the offered rate per 1,000 watching viewers is 1000/heartbeat + 1000/poll.
  const inWindow = (['list', 'online', 'heartbeat'] as Kind[]).reduce(
    (n, k) => n + answered[k] - before.answered[k],
    0,
  );
  const cpuMsPerRequest = (totalCores * wall * 1000) / Math.max(1, inWindow);
  const offeredPer1000 = 1000 / HEARTBEAT_S + 1000 / POLL_S;
  const all = [...lat.list, ...lat.online, ...lat.heartbeat];
  const report = {
    viewers: VIEWERS,
    durationS: DURATION_S,
    heartbeatS: HEARTBEAT_S,
    pollS: POLL_S,
    signedIn: checks.signedIn,
    requests: { list: lat.list.length, online: lat.online.length, heartbeat: lat.heartbeat.length },
    ms: Object.fromEntries(
      (['list', 'online', 'heartbeat'] as Kind[]).map((k) => [
        k,
        { p50: +pct(lat[k], 50).toFixed(1), p99: +pct(lat[k], 99).toFixed(1) },
      ]),
    ),
    allMs: { p50: +pct(all, 50).toFixed(1), p99: +pct(all, 99).toFixed(1), max: +pct(all, 100).toFixed(1) },
    p99By10s: Object.fromEntries(
      [...byWindow].sort(([a], [b]) => a - b).map(([w, xs]) => [`${w}s`, +pct(xs, 99).toFixed(0)]),
    ),
    errors,
    errorSamples,
    counts: checks.counts,
    cpu: {
      windowS: +wall.toFixed(1),
      serverCores: serverCores.map((c) => +c.toFixed(3)),
      answeredPerS: +(inWindow / wall).toFixed(1),
      stillInFlight: stats.inFlight,
      offeredPerS: +((offeredPer1000 * VIEWERS) / 1000).toFixed(1),
      cpuMsPerRequest: +cpuMsPerRequest.toFixed(3),
      coresPer1000Viewers: +((cpuMsPerRequest * offeredPer1000) / 1000).toFixed(3),
      redisCoresSharedRedis: +((after.redis - before.redis) / wall).toFixed(3),
      loadScriptCores: +((after.self.user + after.self.system) / 1e6 / wall).toFixed(3),
    },
    loadavg: { start: load0.map((x) => +x.toFixed(2)), end: os.loadavg().map((x) => +x.toFixed(2)) },
    cpus: os.cpus().length,
  };
  console.info(JSON.stringify(report, null, 2));
  if (JSON_OUT) fs.writeFileSync(JSON_OUT, JSON.stringify(report, null, 2));
  const errs = errors.list + errors.online + errors.heartbeat;
  const p99 = report.allMs.p99;
  const command = `npx tsx scripts/load-live-viewers.ts --viewers=${VIEWERS}`;
  reportFigure({
    figure: `one live, ${VIEWERS.toLocaleString('en')} viewers on two servers (PostgreSQL + Redis): p99 of every request, errors, polled counts exact`,
    now: `${p99} ms, ${errs} errors, ${checks.counts.exact}/${checks.counts.checked} exact`,
    goal: '< 100 ms, 0 errors, all exact',
    met: p99 < 100 && errs === 0 && checks.counts.exact === checks.counts.checked && stats.inFlight === 0,
    command,
  });
  // Servers of this machine's size for 100,000 viewers, each kept at 60 % of its cores (room for a burst of joins).
  const cores = report.cpu.coresPer1000Viewers;
  const servers100k = Math.ceil((cores * 100) / (os.cpus().length * 0.6));
  reportFigure({
    figure: 'the same, CPU per 1,000 viewers → servers for 100,000 viewers',
    now: `${cores} cores → ${servers100k} servers of ${os.cpus().length} cores at 60 %`,
    goal: 'reported',
    met: true,
    command,
  });
  if (errs > 0 || checks.counts.exact !== checks.counts.checked || stats.inFlight > 0) process.exitCode = 1;
}

/** The seed's customers, signed in (a session each, as an SMS sign-in makes): they send their token. */
async function signInCustomers(dbUrl: string): Promise<string[]> {
  const database = await openDatabase({ databaseUrl: dbUrl });
  const sessions = createUsersRepository(database.db);
  const customers = await database.db.select({ id: users.id }).from(users).where(eq(users.role, 'customer'));
  const tokens: string[] = [];
  for (const c of customers) tokens.push((await sessions.createSession(c.id, new Date())).token);
  await database.close();
  return tokens;
}

/**
 * Warm-up, not measured: each server's first requests of a kind compile its code paths and open its database
 * connections, which is start-up, not a live's traffic. Heartbeats go to another room on now, so the watched
 * room's count stays the script's own truth.
 */
async function warmUp(
  send: Sender['send'],
  lives: Array<{ room_id: string; status: number }>,
  watched: string,
  runId: string,
) {
  const warmRoom = lives.find((l) => l.status === LiveStatus.live && l.room_id !== watched)?.room_id;
  for (let batch = 0; batch < WARM_UP / 20; batch += 1) {
    await Promise.all(
      Array.from({ length: 20 }, async (_, j) => {
        const i = batch * 20 + j;
        const v = { id: `warm-${runId}-${i}`, address: `10.254.${i >> 8}.${i & 255}`, token: null } as Viewer;
        const list = { category_id: HOME_CATEGORY_ID, employee_id: SHARED_BY, page: 1, page_size: HOME_PAGE_SIZE };
        await send('list', list, v, false);
        if (warmRoom)
          await send('heartbeat', { room_id: warmRoom, viewer_id: v.id, mode: 'live', join: true }, v, false);
        await send('online', { room_ids: [watched] }, v, false);
      }),
    );
  }
}

/** The run's viewers: the signed-in ones first, joining over the ramp; a share of them leaves late in the run. */
function makeViewers(runId: string, tokens: string[], t0: number): Viewer[] {
  return Array.from({ length: VIEWERS }, (_, i) => ({
    id: `load-${runId}-${i}`,
    address: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    token: i < tokens.length ? tokens[i]! : null,
    joinAt: t0 + (i / VIEWERS) * RAMP_S * 1000,
    leaveAt:
      LEAVE > 0 && i % Math.round(1 / LEAVE) === 0
        ? t0 + (LEAVE_FROM_S + (((i * 7919) % 1000) / 1000) * LEAVE_SPAN_S) * 1000
        : Number.POSITIVE_INFINITY,
    acked: [],
    pending: null,
    timers: [],
  }));
}

/** The live everyone watches: on now and still on when the run ends. */
async function findWatchedLive(send: Sender['send'], errorSamples: string[]) {
  const probe = { id: 'probe', address: '10.255.255.254', token: null } as Viewer;
  const page = (await send(
    'list',
    { category_id: HOME_CATEGORY_ID, employee_id: SHARED_BY, page: 1, page_size: 50 },
    probe,
  )) as {
    list: Array<{ room_id: string; status: number; end_time: number; num_index: number }>;
  } | null;
  const live = page?.list.filter((l) => l.status === LiveStatus.live).sort((x, y) => y.end_time - x.end_time)[0];
  if (!live || live.end_time * 1000 < Date.now() + (DURATION_S + 30) * 1000)
    throw new Error(`no seeded live stays on for the whole run ${errorSamples.join('; ')}`);
  console.info(
    `room ${live.room_id} (live ${live.num_index}), on until ${new Date(live.end_time * 1000).toISOString()}`,
  );
  return { page, live };
}

/** Redis's own CPU seconds so far (user and system). */
async function redisCpu(redis: Redis) {
  const info = await redis.info('cpu');
  const num = (k: string) => Number(new RegExp(`${k}:([\\d.]+)`).exec(info)?.[1] ?? 0);
  return num('used_cpu_user') + num('used_cpu_sys');
}

/** Runs fn every period from `first` while the viewer watches and the run lasts (its timers kept to be cleared). */
function every(v: Viewer, end: number, first: number, periodMs: number, fn: () => void) {
  const run = (at: number) => {
    if (at >= Math.min(end, v.leaveAt)) return;
    v.timers.push(
      setTimeout(() => {
        fn();
        run(at + periodMs);
      }, at - Date.now()),
    );
  };
  run(first);
}

async function main() {
  loopbackOnly(DATABASE_URL);
  loopbackOnly(REDIS_URL);
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  const dbName = `presence_load_${runId}`;
  const prefix = `presence-load-${runId}:`;
  const dbUrl = Object.assign(new URL(DATABASE_URL), { pathname: `/${dbName}` }).toString();
  const admin = new Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  // What an earlier bench left dirty (a large seed on this server) is written out now, not by a checkpoint in the
  // middle of the run, where its writes stalled every request for a second.
  await admin.query('CHECKPOINT');
  const redis = new Redis(REDIS_URL);
  let servers: SpawnedServer[] = [];
  const load0 = os.loadavg();
  try {
    const env = {
      DATABASE_URL: dbUrl,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      MARKET_SIMULATOR: 'off',
      TRUST_PROXY: '1',
      NODE_ENV: 'development',
    };
    const flags = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
    servers = [spawnServer(env, flags), spawnServer(env, flags)];
    const bases = await Promise.all(servers.map((s) => s.listening));
    console.info(`servers ${bases.join(' ')} on ${dbName}, Redis prefix ${prefix}`);
    const agents = bases.map(() => new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS }));

    const { send, stats, lat, byWindow, errors, answered, errorSamples, open } = createSender(bases, agents);

    const { page, live } = await findWatchedLive(send, errorSamples);

    const tokens = await signInCustomers(dbUrl);

    await warmUp(send, page!.list, live.room_id, runId);
    const t0 = Date.now() + SETTLE_S * 1000;
    stats.startAt = t0;
    const viewers = makeViewers(runId, tokens, t0);
    const end = t0 + DURATION_S * 1000;
    let checked = 0;
    let exact = 0;
    let worst = 0;
    const misses: string[] = [];
    let polls = 0;

    async function beat(v: Viewer, join: boolean) {
      const sent = Date.now();
      v.pending = sent;
      const data = await send('heartbeat', { room_id: live!.room_id, viewer_id: v.id, mode: 'live', join }, v);
      if (data === null) return; // stays pending: it may have counted
      v.acked = [{ sent, at: Date.now() }, ...v.acked].slice(0, 2);
      v.pending = null;
    }
    async function poll(v: Viewer) {
      const sent = Date.now();
      const data = (await send('online', { room_ids: [live!.room_id] }, v)) as {
        items: Array<{ room_id: string; num: number }>;
      } | null;
      polls += 1;
      if (data === null || polls % CHECK_EVERY !== 0) return;
      const at = Date.now();
      const num = data.items.find((x) => x.room_id === live!.room_id)?.num ?? -1;
      const { lo, hi } = truthOf(viewers, sent, at);
      checked += 1;
      if (num >= lo && num <= hi) exact += 1;
      else {
        const off = num < lo ? lo - num : num - hi;
        worst = Math.max(worst, off);
        if (misses.length < 10) misses.push(`${Math.round((at - t0) / 1000)} s: ${num} not in [${lo}, ${hi}]`);
      }
    }
    for (const v of viewers) {
      v.timers.push(
        setTimeout(() => {
          // Joining: the list, then the first heartbeat; polls start at a random point of their period.
          void send(
            'list',
            { category_id: HOME_CATEGORY_ID, employee_id: SHARED_BY, page: 1, page_size: HOME_PAGE_SIZE },
            v,
          ).then(() => beat(v, true));
          every(v, end, v.joinAt + HEARTBEAT_S * 1000, HEARTBEAT_S * 1000, () => void beat(v, false));
          every(v, end, v.joinAt + Math.random() * POLL_S * 1000, POLL_S * 1000, () => void poll(v));
        }, v.joinAt - Date.now()),
      );
    }

    // CPU over the whole run, from the first join until every request sent is answered: a window inside the run would
    // count answers to requests queued before it (a starved client reads them in bursts) against its CPU.
    const pids = servers.map((s) => s.child.pid!);
    await new Promise((r) => setTimeout(r, t0 - Date.now()));
    const before = {
      ticks: pids.map(cpuTicks),
      redis: await redisCpu(redis),
      self: process.cpuUsage(),
      answered: { ...answered },
      at: Date.now(),
    };
    await new Promise((r) => setTimeout(r, end - Date.now()));
    for (const v of viewers) v.timers.forEach(clearTimeout);
    const drainUntil = Date.now() + 120_000;
    while (stats.inFlight > 0 && Date.now() < drainUntil) await new Promise((r) => setTimeout(r, 100));
    const after = {
      ticks: pids.map(cpuTicks),
      redis: await redisCpu(redis),
      self: process.cpuUsage(before.self),
      at: Date.now(),
    };

    reportRun(
      { before, after, pids, answered, lat, byWindow, errors, errorSamples, stats, load0 },
      {
        signedIn: tokens.length,
        counts: { checked, exact, worstOff: worst, misses },
      },
    );
    for (const req of open) req.destroy();
    agents.forEach((a) => a.destroy());
  } finally {
    await tearDown(servers, redis, prefix, admin, dbName);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
