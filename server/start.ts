import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

import { buildApp, DEFAULT_DIST_DIR, REPO_ROOT } from './app';
import { ensureClientBuilt } from './build-client';
import { lockDataFolder } from './data-lock';
import { type Database, migrateDatabase, openDatabase } from './db/client';
import { isDatabaseEmpty, seedBaseTime, seedDatabase, type SeedScale } from './db/seed';
import { createLocalClock, type LocalClock } from './local-clock';
import { catchUp, lastSimulatorStep } from './marketing/catch-up';
import { openRedis, type SharedRedis } from './redis';
import { createComplianceRepository } from './repositories/compliance';
import { DEFAULT_RETENTION, type RetentionPolicy } from './retention';
import type { SignatureSecrets } from './security/signature';

export interface StartOptions {
  port?: number;
  host?: string;
  /** Data folder (PGlite lives in <dataDir>/pglite); ignored with databaseUrl. */
  dataDir?: string;
  /** node-postgres instead of PGlite. */
  databaseUrl?: string;
  skipBuild?: boolean;
  seedScale?: SeedScale;
  /** Base instant of the seed; defaults to now rounded to the minute. */
  seedBaseTime?: Date;
  now?: () => Date;
  distDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** The local market simulator (MARKET_SIMULATOR); off unless asked. The live-to-card scan always runs. */
  marketSimulator?: boolean;
  /** MARKET_SIMULATOR_INTERVAL_MS: how often the simulator steps (a minute). */
  marketSimulatorIntervalMs?: number;
  /** Progress lines (build, seed); silent by default for test harnesses. */
  log?: (msg: string) => void;
  /** Signing secrets (SIGNING_SECRET, MARKET_MAP_SECRET); the local ones by default. */
  secrets?: SignatureSecrets;
  /** ACTION_LOG_SECRET; unset: a key generated in the data folder (refused in production). */
  actionLogSecret?: string;
  /** Deletion of old intake (RETENTION_*); DEFAULT_RETENTION when omitted. */
  retention?: RetentionPolicy;
  /** TRUST_PROXY: the proxies whose X-Forwarded-For names the client (rate limits count clients, not the proxy). */
  trustProxy?: boolean | number | string;
  /** REDIS_URL: several servers on one PostgreSQL share nonces and rate limits through it. */
  redisUrl?: string;
  /** REDIS_PREFIX: this deployment's keys (default wealth-live:). */
  redisPrefix?: string;
  /** LIVE_SCAN_INTERVAL_MS: the live-to-card scan's period (20 s). */
  liveScanIntervalMs?: number;
  /** CLOCK_OFFSET / --clock: start the business clock this far ahead (local only; see local-clock.ts). */
  clockOffsetMs?: number;
}

export interface RunningServer {
  /** http://localhost:PORT, no trailing slash. */
  url: string;
  app: FastifyInstance;
  database: Database;
  /** Stops accepting, lets in-flight requests finish, then closes the database. Idempotent. */
  close(): Promise<void>;
}

/** Loopback unless asked (HOST=0.0.0.0): the local backend is not meant for the network. */
export const DEFAULT_HOST = '127.0.0.1';

export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, '.data');

/**
 * A start with a clock offset: the clock moves ahead and the workbench lives the days since the seed or the last
 * simulated step (whichever is later), as the 本地时钟 page's buttons do.
 */
async function startAhead(
  database: Database,
  clock: LocalClock,
  offsetMs: number,
  simulator: boolean,
  log: (msg: string) => void,
): Promise<void> {
  const { from, to } = clock.advance(offsetMs);
  const last = await lastSimulatorStep(database);
  const since = last && last > from ? last : from;
  if (since >= to) return;
  const done = await catchUp(database, since, to, { simulator });
  log(`Local clock ${to.toISOString()}: ${done.steps.length} steps caught up, ${done.released} cards released`);
}

/** Build if needed, open + migrate + seed the database, listen. Used by main.ts and test harnesses. */
export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  const log = opts.log ?? (() => {});
  const wall = opts.now ?? (() => new Date());
  // The local backend's business clock (docs/workbench.md): none in production, which refuses an offset.
  const production = process.env.NODE_ENV === 'production';
  if (production && opts.clockOffsetMs) throw new Error('NODE_ENV=production refuses CLOCK_OFFSET / --clock');
  const clock = production ? null : createLocalClock(wall);
  const now = clock?.now ?? wall;
  const distDir = opts.distDir ?? DEFAULT_DIST_DIR;
  if (!opts.skipBuild) await ensureClientBuilt(REPO_ROOT, distDir, log);

  const dataDir = path.resolve(opts.dataDir ?? DEFAULT_DATA_DIR);
  // PGlite is one process's database: a second server on the folder would lose rows.
  const lock = opts.databaseUrl ? null : lockDataFolder(dataDir);
  let database: Database;
  try {
    database = await openDatabase(
      opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : { pgliteDir: path.join(dataDir, 'pglite') },
    );
  } catch (err) {
    lock?.release();
    throw err;
  }
  let app: FastifyInstance | null = null;
  let redis: SharedRedis | null = null;
  try {
    // Servers starting together on one PostgreSQL take turns: one migrates and seeds, the others then find it done.
    await database.exclusive(
      'startup:migrate-seed',
      async () => {
        await migrateDatabase(database);
        // Trail rows from before the hash chain are linked once, oldest first (docs/compliance.md).
        await createComplianceRepository(database.db).sealUnchained();
        if (await isDatabaseEmpty(database.db)) {
          const scale = opts.seedScale ?? 'small';
          const base = seedBaseTime(opts.seedBaseTime ?? wall());
          log(`Seeding ${database.location} (${scale}, base ${base.toISOString()})…`);
          await seedDatabase(database.db, scale, base);
        }
      },
      { wait: true },
    );
    if (opts.redisUrl) redis = await openRedis(opts.redisUrl, opts.redisPrefix);
    if (clock && opts.clockOffsetMs) await startAhead(database, clock, opts.clockOffsetMs, !!opts.marketSimulator, log);
    app = await buildApp({
      database,
      now,
      wallNow: wall,
      localClock: clock ?? undefined,
      distDir,
      logger: opts.logger,
      secrets: opts.secrets,
      actionLogSecret: opts.actionLogSecret,
      dataDir,
      marketingJobs: {
        liveScan: true,
        cardPass: true,
        simulator: opts.marketSimulator ?? false,
        simulatorIntervalMs: opts.marketSimulatorIntervalMs,
        liveScanIntervalMs: opts.liveScanIntervalMs,
      },
      redis,
      retention: opts.retention ?? DEFAULT_RETENTION,
      trustProxy: opts.trustProxy,
    });
    const host = opts.host ?? DEFAULT_HOST;
    await app.listen({ port: opts.port ?? 3000, host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : opts.port;
    const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
    let closing: Promise<void> | null = null;
    const started = app;
    return {
      url: `http://${shownHost}:${port}`,
      app: started,
      database,
      close: () =>
        (closing ??= (async () => {
          try {
            await started.close();
          } finally {
            redis?.client.disconnect();
            await database.close();
            lock?.release();
          }
        })()),
    };
  } catch (err) {
    await app?.close().catch(() => {});
    redis?.client.disconnect();
    await database.close();
    lock?.release();
    throw err;
  }
}
