/** What expectSaga(...) returns, as far as running it for a while goes. */
interface Runnable<R> {
  run(options: { timeout: number; silenceTimeout: true }): Promise<R>;
}

/**
 * expectSaga's `silentRun(ms)` on jest's fake clock: the saga (its `delay`s, the test plan's own
 * `.delay()` between dispatches, promises from providers) sees `ms` pass while the test waits for
 * none of it, so a busy machine cannot starve a watcher of the time it was given. Date stays
 * real: the sagas stamp times with it and the tests compare those stamps as before.
 */
export async function silentRunVirtually<R>(saga: Runnable<R>, ms: number): Promise<R> {
  // A suite already on the fake clock keeps its own (and its own Date).
  const ownClock = !('clock' in setTimeout);
  if (ownClock) jest.useFakeTimers({ doNotFake: ['Date', 'nextTick', 'queueMicrotask', 'performance'] });
  try {
    let settled = false;
    const result = saga.run({ timeout: ms, silenceTimeout: true }).finally(() => {
      settled = true;
    });
    await jest.advanceTimersByTimeAsync(ms);
    // The test plan stops the saga on a zero-delay timer scheduled once the time is up: the next tick.
    for (let turn = 0; turn < 20 && !settled; turn++) await jest.advanceTimersByTimeAsync(1);
    return await result;
  } finally {
    if (ownClock) jest.useRealTimers();
  }
}

/**
 * Jest's fake clock around each test of the calling `describe`, for tests that drive a real store and
 * saga middleware rather than expectSaga. Date stays real, as above.
 */
export function useVirtualClock(): void {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['Date', 'nextTick', 'queueMicrotask', 'performance'] }));
  afterEach(() => jest.useRealTimers());
}

/**
 * On the fake clock: moves it `stepMs` at a time until `check` holds (at most `maxSteps` steps). Each step
 * lets every pending promise settle first, so a saga chain drains however busy the machine is.
 */
export async function advanceUntil(check: () => boolean, stepMs = 10, maxSteps = 200): Promise<void> {
  for (let step = 0; step < maxSteps && !check(); step++) await jest.advanceTimersByTimeAsync(stepMs);
}
