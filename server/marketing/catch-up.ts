import { eq } from 'drizzle-orm';

import type { Database } from '../db/client';
import { mktJobState } from '../db/schema';
import { runCardPassOnce } from './jobs';
import { runSimulatorStepIfDue } from './jobs';
import { SIMULATOR_STATE } from './simulator';

const DAY = 86_400_000;

interface CatchUp {
  /** The instants stepped: one a day at the same time of day, then the target. */
  steps: Date[];
  simulated: number;
  woken: number;
  released: number;
}

/**
 * After the local clock moved from `from` to `to`, the workbench lives the days in between (docs/workbench.md): the
 * market simulator steps once a day (so every trading day has its price and its facts), and the card pass runs at
 * each step (snoozes wake on their date, each day's cap releases that day's best). Then once at `to`.
 */
export async function catchUp(
  database: Database,
  from: Date,
  to: Date,
  opts: { simulator: boolean },
): Promise<CatchUp> {
  const out: CatchUp = { steps: [], simulated: 0, woken: 0, released: 0 };
  for (let t = from.getTime() + DAY; t < to.getTime(); t += DAY) out.steps.push(new Date(t));
  out.steps.push(to);
  for (const at of out.steps) {
    if (opts.simulator && (await runSimulatorStepIfDue(database, at))) out.simulated += 1;
    const pass = await runCardPassOnce(database, at);
    out.woken += pass.woken;
    out.released += pass.released;
  }
  return out;
}

/** When the simulator last stepped (any server), or null: a start with a clock offset catches up from there. */
export async function lastSimulatorStep(database: Database): Promise<Date | null> {
  const [row] = await database.db.select().from(mktJobState).where(eq(mktJobState.name, SIMULATOR_STATE));
  return row?.updatedAt ?? null;
}
