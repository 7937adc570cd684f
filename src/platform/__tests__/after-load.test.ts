import { afterLoadWhenIdle, whenIdle } from '../after-load';

describe('work that waits for an idle moment', () => {
  afterEach(() => {
    jest.useRealTimers();
    delete (globalThis as { requestIdleCallback?: unknown }).requestIdleCallback;
  });

  it('asks the browser for its next idle moment, never more than 2,000 ms away', async () => {
    const requestIdleCallback = jest.fn((callback: () => void) => {
      callback();
      return 1;
    });
    Object.assign(globalThis, { requestIdleCallback });
    await whenIdle();
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 2000 });
  });

  it('where the browser cannot tell (older WebViews), waits 50 ms', async () => {
    jest.useFakeTimers();
    const done = jest.fn();
    void whenIdle().then(done);
    jest.advanceTimersByTime(49);
    await Promise.resolve();
    expect(done).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    await Promise.resolve();
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('after the load event: a task after it, then the idle moment', async () => {
    jest.useFakeTimers();
    let idle: (() => void) | null = null;
    Object.assign(globalThis, {
      requestIdleCallback: (callback: () => void) => {
        idle = callback;
        return 1;
      },
    });
    const work = jest.fn();
    afterLoadWhenIdle(work);
    expect(idle).toBeNull();
    jest.advanceTimersByTime(0);
    expect(idle).not.toBeNull();
    await Promise.resolve();
    expect(work).not.toHaveBeenCalled();
    idle!();
    await Promise.resolve();
    await Promise.resolve();
    expect(work).toHaveBeenCalledTimes(1);
  });
});
