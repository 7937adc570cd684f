import { type ActionLog, parseActionLog } from './log-format';
import type { State } from './replay';

/**
 * A regression case (`__tests__/replays/*.json`): a log, where it ended and the state facts it ended with.
 * The replay suite replays the log and checks each fact; the CLI (`--save-test`) and the viewer
 * ("保存为回归测试") write it, and both open it as a log.
 */
export interface RegressionFixture {
  description: string;
  /** The page the session ended on. */
  route: string;
  log: ActionLog;
  /** State paths (`lives.homeList.status`) and the values the user saw at the end. */
  expect: Record<string, unknown>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A log file or a regression fixture (`{ description, log, expect }`): the log either way. */
export function logFromFile(input: unknown): ActionLog {
  let raw = input;
  if (typeof input === 'string' && /^\s*\{/.test(input)) {
    try {
      raw = JSON.parse(input);
    } catch {
      raw = input; // parseActionLog says what is wrong with it
    }
  }
  if (isRecord(raw) && raw.format === undefined && isRecord(raw.log) && 'expect' in raw) return parseActionLog(raw.log);
  return parseActionLog(raw);
}

/** The most facts a fixture pins: enough to catch a changed ending, few enough to read. */
const MAX_FACTS = 40;
/** Leaves that say where a flow stands: what a user saw (loading, failed, signed in), not incidental data. */
const FACT_KEY = /(?:^|[a-z])(?:status|Status)$|^required$|^step$/;

/** The final state's key facts: each flow's status (and the session's requirement), path by path. */
export function keyFacts(state: State): Record<string, unknown> {
  const facts: Record<string, unknown> = {};
  let n = 0;
  const walk = (v: unknown, path: string, depth: number) => {
    if (n >= MAX_FACTS || depth > 5 || !isRecord(v)) return;
    for (const key of Object.keys(v)) {
      const item = v[key];
      const p = path ? `${path}.${key}` : key;
      // Entity records are data, not flow state.
      if (key === 'entities') continue;
      if (FACT_KEY.test(key) && (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean')) {
        facts[p] = item;
        n += 1;
      } else walk(item, p, depth + 1);
    }
  };
  walk(state, '', 0);
  return facts;
}

/** Fixture names: lower-case words joined by hyphens, so they make a plain file name. */
export const FIXTURE_NAME = /^[a-z0-9][a-z0-9-]{0,60}$/;

export function regressionFixture(log: ActionLog, finalState: State, description: string): RegressionFixture {
  return {
    description,
    route: log.entries.at(-1)?.route ?? '/',
    log,
    expect: keyFacts(finalState),
  };
}
