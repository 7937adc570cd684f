import { SEED_SCALES, type SeedScale } from './db/seed';
import { loggerOptions } from './http/logger';
import { trustProxyFrom } from './http/trust-proxy';
import { clockOffsetFrom } from './local-clock';
import { retentionFromEnv } from './retention';
import { DEFAULT_HOST, type StartOptions } from './start';

/**
 * `npm start`'s settings, from the environment: PORT (3000), HOST (127.0.0.1; 0.0.0.0 to listen on the network),
 * SIGNING_SECRET, MARKET_MAP_SECRET and ACTION_LOG_SECRET (required with NODE_ENV=production), LOCAL_PAGES_OPEN=1 (stand-in pages for
 * non-loopback clients), DATA_DIR (.data), DATABASE_URL (PostgreSQL instead of PGlite), SEED_SCALE (small|large),
 * SEED_BASE_TIME (ISO instant), SKIP_BUILD=1 or --skip-build, LOG_LEVEL (warn), MARKET_SIMULATOR (on|off, on: the
 * workbench's market moves), MARKET_SIMULATOR_INTERVAL_MS (60000: how often it steps), RETENTION_* (how long intake
 * is kept, see retention.ts), TRUST_PROXY (proxies in front), REDIS_URL + REDIS_PREFIX (several servers on one
 * DATABASE_URL), LIVE_SCAN_INTERVAL_MS (20000), CLOCK_OFFSET=7d or --clock=+7d (local only: the business clock starts
 * that far ahead, see local-clock.ts; refused with NODE_ENV=production).
 * Apart from main.ts so a test can start the server with exactly these defaults.
 */
function positiveInt(name: string, raw: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer (got "${raw}")`);
  return n;
}

export type StartSettings = StartOptions & { redisUrl: string | undefined; log: (msg: string) => void };

export function settingsFromEnv(env: Record<string, string | undefined>, argv: readonly string[] = []): StartSettings {
  const scale = (env.SEED_SCALE ?? 'small') as SeedScale;
  if (!SEED_SCALES.includes(scale)) throw new Error(`SEED_SCALE must be one of ${SEED_SCALES.join(', ')}`);
  const base = env.SEED_BASE_TIME ? new Date(env.SEED_BASE_TIME) : undefined;
  if (base && Number.isNaN(base.getTime())) throw new Error('SEED_BASE_TIME must be an ISO date-time');
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('PORT must be a port number');
  return {
    port,
    host: env.HOST || DEFAULT_HOST,
    secrets:
      env.SIGNING_SECRET && env.MARKET_MAP_SECRET
        ? { signing: env.SIGNING_SECRET, marketMap: env.MARKET_MAP_SECRET }
        : undefined,
    actionLogSecret: env.ACTION_LOG_SECRET || undefined,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL || undefined,
    skipBuild: env.SKIP_BUILD === '1' || env.SKIP_BUILD === 'true' || argv.includes('--skip-build'),
    seedScale: scale,
    seedBaseTime: base,
    marketSimulator: (env.MARKET_SIMULATOR ?? 'on') !== 'off',
    marketSimulatorIntervalMs: env.MARKET_SIMULATOR_INTERVAL_MS
      ? positiveInt('MARKET_SIMULATOR_INTERVAL_MS', env.MARKET_SIMULATOR_INTERVAL_MS)
      : undefined,
    logger: loggerOptions(env.LOG_LEVEL ?? 'warn'),
    retention: retentionFromEnv(env),
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || undefined,
    liveScanIntervalMs: env.LIVE_SCAN_INTERVAL_MS
      ? positiveInt('LIVE_SCAN_INTERVAL_MS', env.LIVE_SCAN_INTERVAL_MS)
      : undefined,
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    clockOffsetMs: clockOffsetFrom(env, argv),
    log: (msg: string) => console.info(msg),
  };
}
