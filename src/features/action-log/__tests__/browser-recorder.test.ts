import { createBrowserRecorder } from '../browser';
import { createRecorder } from '../recorder';

// The recorder's own behaviour is tested in src/app/__tests__/action-log; here only when its code is asked for.
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

  it('otherwise only after the load event has passed', async () => {
    createBrowserRecorder('local', { soon: false });
    await flushPromises();
    expect(createRecorder).not.toHaveBeenCalled();
    // jsdom's page has loaded: the work runs a task after it.
    jest.advanceTimersByTime(0);
    await flushPromises();
    expect(createRecorder).toHaveBeenCalledTimes(1);
  });
});
