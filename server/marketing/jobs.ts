import type { Db } from '../db/client';
import { LIVE_SCAN_INTERVAL_MS, createLiveScan } from './live-scan';
import { SIMULATOR_INTERVAL_MS, createSimulator } from './simulator';

export interface MarketingJobOptions {
  /** Live-to-card scan every 20 s (on for a running server). */
  liveScan: boolean;
  /** Market simulator, one step a minute (MARKET_SIMULATOR; off in tests, which step by hand). */
  simulator: boolean;
}

/** Timers of the running server; a pass never overlaps the previous one, and errors are logged, not thrown. */
export function startMarketingJobs(db: Db, now: () => Date, opts: MarketingJobOptions, log: (msg: string, err: unknown) => void): () => void {
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
  if (opts.liveScan) {
    const scan = createLiveScan(db);
    every(LIVE_SCAN_INTERVAL_MS, 'live-to-card scan', () => scan.scan(now()));
  }
  if (opts.simulator) {
    const sim = createSimulator(db);
    every(SIMULATOR_INTERVAL_MS, 'market simulator', () => sim.step(now()));
  }
  return () => timers.forEach((t) => clearInterval(t));
}
