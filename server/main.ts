import { businessDate } from '../src/api/contract/dates';
import { SEED_SCALES, type SeedScale } from './db/seed';
import { DEFAULT_HOST, startServer } from './start';
import { retentionFromEnv } from './retention';
import { loggerOptions } from './http/logger';
import { trustProxyFrom } from './http/trust-proxy';

/**
 * `npm start`: the whole product on one machine. Settings come from the environment:
 * PORT (3000), HOST (127.0.0.1; 0.0.0.0 to listen on the network), SIGNING_SECRET and MARKET_MAP_SECRET
 * (required with NODE_ENV=production), LOCAL_PAGES_OPEN=1 (stand-in pages for non-loopback clients), DATA_DIR (.data), DATABASE_URL (PostgreSQL instead of
 * PGlite), SEED_SCALE (small|large), SEED_BASE_TIME (ISO instant), SKIP_BUILD=1 or
 * --skip-build, LOG_LEVEL (warn), MARKET_SIMULATOR (on|off, on: the workbench's market moves),
 * RETENTION_* (how long intake is kept, see retention.ts), TRUST_PROXY (proxies in front),
 * REDIS_URL + REDIS_PREFIX (several servers on one DATABASE_URL), LIVE_SCAN_INTERVAL_MS (20000).
 */
function positiveInt(name: string, raw: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer (got "${raw}")`);
  return n;
}

function settings() {
  const env = process.env;
  const scale = (env.SEED_SCALE ?? 'small') as SeedScale;
  if (!SEED_SCALES.includes(scale)) throw new Error(`SEED_SCALE must be one of ${SEED_SCALES.join(', ')}`);
  const base = env.SEED_BASE_TIME ? new Date(env.SEED_BASE_TIME) : undefined;
  if (base && Number.isNaN(base.getTime())) throw new Error('SEED_BASE_TIME must be an ISO date-time');
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('PORT must be a port number');
  return {
    port,
    host: env.HOST || DEFAULT_HOST,
    secrets: env.SIGNING_SECRET && env.MARKET_MAP_SECRET ? { signing: env.SIGNING_SECRET, marketMap: env.MARKET_MAP_SECRET } : undefined,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL || undefined,
    skipBuild: env.SKIP_BUILD === '1' || env.SKIP_BUILD === 'true' || process.argv.includes('--skip-build'),
    seedScale: scale,
    seedBaseTime: base,
    marketSimulator: (env.MARKET_SIMULATOR ?? 'on') !== 'off',
    logger: loggerOptions(env.LOG_LEVEL ?? 'warn'),
    retention: retentionFromEnv(env),
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || undefined,
    liveScanIntervalMs: env.LIVE_SCAN_INTERVAL_MS ? positiveInt('LIVE_SCAN_INTERVAL_MS', env.LIVE_SCAN_INTERVAL_MS) : undefined,
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    log: (msg: string) => console.info(msg),
  };
}

async function main() {
  const config = settings();
  if (config.redisUrl && !config.databaseUrl) throw new Error('REDIS_URL is for several servers on one DATABASE_URL; PGlite (no DATABASE_URL) is one server per data folder');
  const server = await startServer(config);
  console.info(`Database: ${server.database.location}${config.redisUrl ? ', shared state in Redis' : ''}`);
  console.info(`Listening on ${server.url}/?uuid=u1&date=${businessDate(new Date())}`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`${signal}: finishing in-flight requests, then closing the database…`);
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('Shutdown failed:', err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
