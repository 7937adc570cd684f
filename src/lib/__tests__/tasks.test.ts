import { afterFirstFrame, FIRST_FRAME_WAIT_MS, nextTask } from '../tasks';

describe('startup tasks', () => {
  let frames: FrameRequestCallback[];
  beforeEach(() => {
    jest.useFakeTimers();
    frames = [];
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  const settled = (p: Promise<void>) => {
    const state = { done: false };
    void p.then(() => (state.done = true));
    return state;
  };

  it('nextTask settles in a timer task, not in the current one', async () => {
    const state = settled(nextTask());
    await Promise.resolve();
    expect(state.done).toBe(false);
    await jest.advanceTimersByTimeAsync(0);
    expect(state.done).toBe(true);
  });

  it('afterFirstFrame settles a task after the next animation frame, not at the frame itself', async () => {
    const state = settled(afterFirstFrame());
    await jest.advanceTimersByTimeAsync(100);
    expect(state.done).toBe(false);
    frames.forEach((cb) => cb(0));
    await Promise.resolve();
    expect(state.done).toBe(false);
    await jest.advanceTimersByTimeAsync(0);
    expect(state.done).toBe(true);
  });

  it('afterFirstFrame settles after 3,000 ms when no frame comes, not before', async () => {
    expect(FIRST_FRAME_WAIT_MS).toBe(3_000);
    const state = settled(afterFirstFrame());
    await jest.advanceTimersByTimeAsync(2_999);
    expect(state.done).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(state.done).toBe(true);
  });
});
