import { createBrowserRecorder } from '../browser';
import { createRecorder } from '../recorder';

// The recorder's own behaviour is tested in recorder.test.ts and deferred-recorder.test.ts; here only when its code is asked for.
jest.mock('../recorder', () => ({
  createRecorder: jest.fn(() => ({ middleware: jest.fn(), flush: jest.fn(), exportLog: jest.fn() })),
}));

const flushPromises = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('when the browser recorder loads its code', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.mocked(createRecorder).mockClear();
  });
  afterEach(() => jest.useRealTimers());

  it('soon: at once, for a page that may leave for an authorization before its load event', async () => {
    createBrowserRecorder('local', { soon: true });
    await flushPromises();
    expect(createRecorder).toHaveBeenCalledTimes(1);
  });

  it('otherwise only after the load event has passed, in an idle moment', async () => {
    createBrowserRecorder('local', { soon: false });
    await flushPromises();
    expect(createRecorder).not.toHaveBeenCalled();
    // jsdom's page has loaded: a task after it comes the wait for an idle moment (jsdom has no requestIdleCallback:
    // 50 ms stand in for it).
    jest.advanceTimersByTime(0);
    await flushPromises();
    jest.advanceTimersByTime(49);
    await flushPromises();
    expect(createRecorder).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    await flushPromises();
    expect(createRecorder).toHaveBeenCalledTimes(1);
  });
});
