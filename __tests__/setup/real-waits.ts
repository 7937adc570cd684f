/**
 * Finds tests that wait on the real clock. Off by default; `REAL_WAITS=report npx jest <files>` lists every
 * real timer of 1 ms or more that went off while the test that set it was still running (so the test sat
 * through it), with where it was set; `REAL_WAITS=fail` fails those tests instead.
 *
 * Not on by default: expectSaga's `.run()` leaves its 250 ms stop timer pending after a saga that finished,
 * and a test slowed past that by a busy machine would be reported though it never waited for it.
 * Fake timers replace setTimeout while installed, so everything silentRunVirtually runs is invisible here.
 */
const mode = process.env.REAL_WAITS;

if (mode === 'report' || mode === 'fail') {
  const realSetTimeout = globalThis.setTimeout;
  let running: string | null = null;
  const waits: string[] = [];

  beforeEach(() => {
    running = expect.getState().currentTestName ?? '';
    waits.length = 0;
  });
  afterEach(() => {
    const test = running;
    running = null;
    if (waits.length === 0) return;
    const found = `real-clock waits in "${test}":\n  ${waits.join('\n  ')}`;
    if (mode === 'fail') throw new Error(found);
    process.stderr.write(`REAL_WAITS ${expect.getState().testPath ?? ''}\n${found}\n`);
  });

  globalThis.setTimeout = ((handler: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const setBy = running;
    const delay = Number(ms ?? 0);
    const where =
      delay >= 1
        ? (new Error().stack ?? '')
            .split('\n')
            .slice(2, 4)
            .map((line) => line.trim())
            .join(' | ')
        : '';
    return realSetTimeout(
      (...handlerArgs: unknown[]) => {
        if (delay >= 1 && setBy !== null && setBy === running) waits.push(`${delay} ms, set ${where}`);
        handler(...handlerArgs);
      },
      ms,
      ...args,
    );
  }) as unknown as typeof setTimeout;
}
