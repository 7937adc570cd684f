/**
 * The local backend's business clock (docs/workbench.md "A local clock"): the wall clock plus an offset that only
 * moves forward, set at start (CLOCK_OFFSET=7d or --clock=+7d) and by the 本地时钟 stand-in page. Production has
 * none: the start refuses the option and buildApp refuses a clock.
 */
export interface LocalClock {
  /** Business time: what the engine, the simulator, snoozes, the daily cap and sessions read. */
  readonly now: () => Date;
  offsetMs(): number;
  /** Moves the clock forward; returns the instants before and after. */
  advance(ms: number): { from: Date; to: Date };
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The longest single move: a quarter (the snooze sheet's horizon is 90 days). */
const MAX_CLOCK_STEP_MS = 92 * DAY;

/** "7d", "+7d", "36h", "+1d12h" → milliseconds; anything else is an error a person can act on. */
export function parseClockOffset(raw: string): number {
  const m = /^\+?(?:(\d{1,3})d)?(?:(\d{1,4})h)?$/.exec(raw.trim());
  const ms = m ? Number(m[1] ?? 0) * DAY + Number(m[2] ?? 0) * HOUR : NaN;
  if (!m || !(ms > 0) || ms > MAX_CLOCK_STEP_MS)
    throw new Error(
      `clock offset must be hours or days ahead, e.g. 7d, +36h or +1d12h, at most 92 days (got "${raw}")`,
    );
  return ms;
}

/** The clock option from the environment or the command line (--clock=+7d wins); 0 when absent. */
export function clockOffsetFrom(env: Record<string, string | undefined>, argv: readonly string[]): number {
  const arg = argv.find((a) => a.startsWith('--clock='))?.slice('--clock='.length);
  const raw = arg ?? env.CLOCK_OFFSET;
  if (raw === undefined || raw === '') return 0;
  if (env.NODE_ENV === 'production')
    throw new Error('CLOCK_OFFSET / --clock moves the local backend only: NODE_ENV=production refuses it');
  return parseClockOffset(raw);
}

export function createLocalClock(wall: () => Date, offsetMs = 0): LocalClock {
  let offset = offsetMs;
  const now = () => new Date(wall().getTime() + offset);
  return {
    now,
    offsetMs: () => offset,
    advance(ms) {
      if (!(ms > 0) || ms > MAX_CLOCK_STEP_MS) throw new Error('the local clock moves forward only, at most 92 days');
      const from = now();
      offset += ms;
      return { from, to: now() };
    },
  };
}
