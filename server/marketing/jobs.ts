import { eq } from 'drizzle-orm';

import type { Database } from '../db/client';
import { mktJobState } from '../db/schema';
import { createEngine } from './engine';
import { createLiveScan, LIVE_SCAN_INTERVAL_MS } from './live-scan';
import { createSimulator, SIMULATOR_INTERVAL_MS, SIMULATOR_STATE } from './simulator';

export interface MarketingJobOptions {
  /** Live-to-card scan every 20 s (on for a running server). */
  liveScan: boolean;
  /** Market simulator, one step a minute (MARKET_SIMULATOR; off in tests, which step by hand). */
  simulator: boolean;
  /** The simulator's period (MARKET_SIMULATOR_INTERVAL_MS; SIMULATOR_INTERVAL_MS by default). */
  simulatorIntervalMs?: number;
  /** The card pass (due snoozes wake, the daily cap releases) once a minute: on for a running server. */
  cardPass?: boolean;
  /** Its period (CARD_PASS_INTERVAL_MS by default). */
  cardPassIntervalMs?: number;
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

/** How often the card pass wakes due snoozes and lets the day's capped cards in (reads of the workbench never do). */
export const CARD_PASS_INTERVAL_MS = 60_000;

/** One card pass for all servers on the database, under its lock (a server finding it taken skips: null). */
export function runCardPassOnce(database: Database, now: Date) {
  return database.exclusive('marketing:card-pass', () => createEngine(database.db).pass(now));
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

/**
 * Timers of the running server; a pass never overlaps the previous one, and errors are logged, not thrown. The
 * returned stop clears them and waits for a pass under way, so the database is not closed beneath it.
 */
export function startMarketingJobs(
  database: Database,
  now: () => Date,
  opts: MarketingJobOptions,
  log: (msg: string, err: unknown) => void,
): () => Promise<void> {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  const every = (ms: number, name: string, run: () => Promise<unknown>, atStart = false) => {
    let busy = false;
    const tick = () => {
      if (busy) return;
      busy = true;
      const p = run()
        .catch((err: unknown) => log(`${name} failed`, err))
        .finally(() => {
          busy = false;
          running.delete(p);
        });
      running.add(p);
    };
    const timer = setInterval(tick, ms);
    timer.unref();
    timers.push(timer);
    if (atStart) tick();
  };
  if (opts.liveScan)
    every(opts.liveScanIntervalMs ?? LIVE_SCAN_INTERVAL_MS, 'live-to-card scan', () =>
      runLiveScanOnce(database, now()),
    );
  // At start too: snoozes that fell due while the server was down wake without waiting a period.
  if (opts.cardPass)
    every(opts.cardPassIntervalMs ?? CARD_PASS_INTERVAL_MS, 'card pass', () => runCardPassOnce(database, now()), true);
  const simulatorMs = opts.simulatorIntervalMs ?? SIMULATOR_INTERVAL_MS;
  if (opts.simulator) every(simulatorMs, 'market simulator', () => runSimulatorStepIfDue(database, now(), simulatorMs));
  return async () => {
    timers.forEach((t) => clearInterval(t));
    await Promise.all(running);
  };
}
