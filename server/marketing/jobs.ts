import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { mktJobState } from '../db/schema';
import { LIVE_SCAN_INTERVAL_MS, createLiveScan } from './live-scan';
import { SIMULATOR_INTERVAL_MS, SIMULATOR_STATE, createSimulator } from './simulator';

export interface MarketingJobOptions {
  /** Live-to-card scan every 20 s (on for a running server). */
  liveScan: boolean;
  /** Market simulator, one step a minute (MARKET_SIMULATOR; off in tests, which step by hand). */
  simulator: boolean;
  /** The simulator's period (MARKET_SIMULATOR_INTERVAL_MS; SIMULATOR_INTERVAL_MS by default). */
  simulatorIntervalMs?: number;
  /** The scan's period (LIVE_SCAN_INTERVAL_MS; tests of several servers shorten it). */
  liveScanIntervalMs?: number;
}

/**
 * One live-to-card pass for all servers on the database: the pass reads a cursor and a
 * per-watch flag, then writes behaviours, so two servers scanning at once would both turn the
 * same question or watch into a signal. The pass runs under the database's lock; a server that
 * finds it taken skips (the holder is doing the work). Null when skipped.
 */
export function runLiveScanOnce(database: Database, now: Date) {
  return database.exclusive('marketing:live-scan', () => createLiveScan(database.db).scan(now));
}

/**
 * One market step for all servers: under the lock, and only when the last step (by any
 * server) is a period old, so N servers do not move the market N times a minute.
 */
export async function runSimulatorStepIfDue(database: Database, now: Date, intervalMs = SIMULATOR_INTERVAL_MS) {
  return database.exclusive('marketing:simulator', async () => {
    const [state] = await database.db.select().from(mktJobState).where(eq(mktJobState.name, SIMULATOR_STATE));
    if (state && now.getTime() - state.updatedAt.getTime() < intervalMs * 0.9) return null;
    return createSimulator(database.db).step(now);
  });
}

/** Timers of the running server; a pass never overlaps the previous one, and errors are logged, not thrown. */
export function startMarketingJobs(database: Database, now: () => Date, opts: MarketingJobOptions, log: (msg: string, err: unknown) => void): () => void {
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, name: string, run: () => Promise<unknown>) => {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      run().catch((err: unknown) => log(`${name} failed`, err)).finally(() => (busy = false));
    }, ms);
    timer.unref();
    timers.push(timer);
  };
  if (opts.liveScan) every(opts.liveScanIntervalMs ?? LIVE_SCAN_INTERVAL_MS, 'live-to-card scan', () => runLiveScanOnce(database, now()));
  const simulatorMs = opts.simulatorIntervalMs ?? SIMULATOR_INTERVAL_MS;
  if (opts.simulator) every(simulatorMs, 'market simulator', () => runSimulatorStepIfDue(database, now(), simulatorMs));
  return () => timers.forEach((t) => clearInterval(t));
}
