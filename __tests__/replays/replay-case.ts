import { fullReducer } from '../../src/app/store/full-reducer';
import { logFromFile } from '../../src/features/action-log/fixture';
import { replayLog, valueAt } from '../../src/features/action-log/replay';

/** A regression case as the suite reads it: `{ description, route?, log, expect }`. */
export interface ReplayCase {
  description: string;
  route?: string;
  log: unknown;
  expect: Record<string, unknown>;
}

/**
 * Replays a case to its end: each expected path with the value it holds now and the one recorded, and the
 * route the log ends on. The replay suite runs every file of the folder through this; the CLI's test runs
 * the fixture it has just written through it too.
 */
export function replayCase(c: ReplayCase) {
  const log = logFromFile(c);
  const { state } = replayLog(log, fullReducer);
  return {
    facts: Object.entries(c.expect).map(([path, expected]) => ({ path, actual: valueAt(state, path), expected })),
    endRoute: log.entries.at(-1)?.route ?? '/',
  };
}
