import { eq, sql } from 'drizzle-orm';

import type { Database } from '../db/client';
import { mktJobState } from '../db/schema';
import { createEngine } from './engine';
import { createLiveScan, LIVE_SCAN_INTERVAL_MS } from './live-scan';
import { passLockName } from './partitions';
import { createSimulator, SIMULATOR_INTERVAL_MS, SIMULATOR_STATE } from './simulator';
import { foldWorkbenchCounts } from './workbench-counts';

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

interface CardPassResult {
  woken: number;
  released: number;
  /** The partitions this server did: the others were done (or are being done) by another server. */
  partitions: number[];
}

/**
 * This server's share of one card pass: the servers on a database share a pass partition by partition (advisers
 * modulo CARD_PARTITIONS). A partition is taken under its lock (one found taken is another server's: skipped, not
 * waited for) and claimed for the pass's period in the job state, so a server arriving after another finished it
 * does not do it again. Servers that start one pass together each do some partitions, and all of them are done once.
 * `onPartition` lets tests hold a server inside a partition.
 */
export async function runCardPassOnce(
  database: Database,
  now: Date,
  opts: { intervalMs?: number; onPartition?: (partition: number) => Promise<void> } = {},
): Promise<CardPassResult> {
  const engine = createEngine(database.db);
  const period = String(Math.floor(now.getTime() / (opts.intervalMs ?? CARD_PASS_INTERVAL_MS)));
  const out: CardPassResult = { woken: 0, released: 0, partitions: [] };
  for (const partition of await engine.partitionsWithWork(now)) {
    const done = await database.exclusive(passLockName(partition), async () => {
      if (!(await claimPartition(database, partition, period, now))) return null;
      await opts.onPartition?.(partition);
      return engine.passPartition(partition, now);
    });
    if (!done) continue;
    out.woken += done.woken;
    out.released += done.released;
    out.partitions.push(partition);
  }
  // The workbench totals' changes since the last pass, folded (every server may: folds never count a row twice).
  await foldWorkbenchCounts(database.db);
  return out;
}

/** Marks the partition done for the period; false when a server has already done it in this period. */
async function claimPartition(database: Database, partition: number, period: string, now: Date): Promise<boolean> {
  const rows = await database.db
    .insert(mktJobState)
    .values({ name: `card-pass:${partition}`, value: period, updatedAt: now })
    .onConflictDoUpdate({
      target: mktJobState.name,
      set: { value: period, updatedAt: now },
      // Another period, earlier or later (a test's clock may go back): the partition is due again.
      setWhere: sql`${mktJobState.value} is distinct from ${period}`,
    })
    .returning({ name: mktJobState.name });
  return rows.length > 0;
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
    every(
      opts.cardPassIntervalMs ?? CARD_PASS_INTERVAL_MS,
      'card pass',
      () => runCardPassOnce(database, now(), { intervalMs: opts.cardPassIntervalMs }),
      true,
    );
  const simulatorMs = opts.simulatorIntervalMs ?? SIMULATOR_INTERVAL_MS;
  if (opts.simulator) every(simulatorMs, 'market simulator', () => runSimulatorStepIfDue(database, now(), simulatorMs));
  return async () => {
    timers.forEach((t) => clearInterval(t));
    await Promise.all(running);
  };
}
