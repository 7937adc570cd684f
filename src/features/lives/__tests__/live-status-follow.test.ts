import { expectSaga } from 'redux-saga-test-plan';

import type { LiveState } from '../../../api/contract/lives';
import { silentRunVirtually } from '../../../lib/testing/virtual-time';
import { LATE_START_DELAYS_MS, lateStartDelay } from '../store/live-room-saga';
import { liveScreenClosed, liveScreenOpened } from '../store/live-room-slice';
import { liveRoomWatchers } from '../store/live-watchers';
import { pageVisibilityChanged } from '../store/lives-slice';
import { sleep } from '../store/online-polling-saga';
import { selectOpenedLive } from '../store/room-selectors';
import { detail103, fakeServices, START_1930 } from './fixtures';

import type { SagaServices } from '@/store';
import { rootReducer } from '@/store';

/**
 * Virtual time: every `sleep` the sagas ask for waits on this clock, which moves only when a
 * test calls `advance`. Nothing waits on a real timer, so 10-30 s back-offs run in microseconds.
 */
function virtualTime(startMs: number) {
  let now = startMs;
  let pending: Array<{ due: number; resolve: () => void }> = [];
  const flush = async () => {
    for (let i = 0; i < 200; i++) await Promise.resolve();
  };
  return {
    now: () => now,
    provider: {
      call(effect: { fn: unknown; args: unknown[] }, next: () => unknown) {
        if (effect.fn !== sleep) return next();
        return new Promise<void>((resolve) => pending.push({ due: now + (effect.args[0] as number), resolve }));
      },
    },
    flush,
    /** Moves the clock by `ms`, waking each sleeper in due order and letting the sagas run after each. */
    async advance(ms: number) {
      const target = now + ms;
      await flush();
      for (;;) {
        pending.sort((a, b) => a.due - b.due);
        const first = pending[0];
        if (!first || first.due > target) break;
        pending = pending.slice(1);
        now = first.due;
        first.resolve();
        await flush();
      }
      now = target;
      await flush();
    },
  };
}

const START_MS = START_1930 * 1000;
const upcoming: LiveState = { num_index: 103, status: 2, onlines: 0 };
const started: LiveState = { num_index: 103, status: 1, onlines: 5 };

function session(opts: { fromMs: number; api: Parameters<typeof fakeServices>[0] }) {
  const vt = virtualTime(opts.fromMs);
  const services: SagaServices = { ...fakeServices(opts.api), now: vt.now };
  let latest = rootReducer(undefined, { type: '@@init' });
  const reducer = (state: Parameters<typeof rootReducer>[0], action: Parameters<typeof rootReducer>[1]) =>
    (latest = rootReducer(state, action));
  const saga = expectSaga(liveRoomWatchers)
    .withReducer(reducer, latest)
    .provide([{ getContext: () => services }, vt.provider]);
  const run = silentRunVirtually(saga, 500);
  /** What the screen would show now. */
  const opened = () => selectOpenedLive(latest)!;
  return { vt, saga, run, opened };
}

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/about/103?uuid=u9');
});

describe('late start back-off', () => {
  it('10 s, 15 s, 20 s, then every 30 s', () => {
    expect([1, 2, 3, 4, 5, 9].map(lateStartDelay)).toEqual([10_000, 15_000, 20_000, 30_000, 30_000, 30_000]);
    expect(Math.max(...LATE_START_DELAYS_MS)).toBeLessThanOrEqual(30_000);
  });
});

describe('an upcoming live whose host is late (about page)', () => {
  it('asks at the countdown end, then at the back-off until the server says live, then stops', async () => {
    const fetchLiveState = jest
      .fn()
      .mockResolvedValueOnce(upcoming)
      .mockResolvedValueOnce(upcoming)
      .mockResolvedValue(started);
    const { vt, saga, run } = session({
      fromMs: START_MS - 3000,
      api: { fetchDetail: jest.fn().mockResolvedValue(detail103), fetchLiveState },
    });
    saga.dispatch(liveScreenOpened({ liveId: 103, screen: 'about' }));
    await vt.advance(2_000);
    expect(fetchLiveState).not.toHaveBeenCalled();
    await vt.advance(1_000);
    expect(fetchLiveState).toHaveBeenCalledTimes(1);
    await vt.advance(9_000);
    expect(fetchLiveState).toHaveBeenCalledTimes(1);
    await vt.advance(1_000);
    expect(fetchLiveState).toHaveBeenCalledTimes(2);
    await vt.advance(15_000);
    expect(fetchLiveState).toHaveBeenCalledTimes(3);
    await vt.advance(300_000);
    expect(fetchLiveState).toHaveBeenCalledTimes(3);
    const { storeState } = await run;
    expect(storeState.lives.entities[103]).toMatchObject({ status: 1, onlines: 5 });
  });

  it('shows "about to start" between the countdown end and the start, never a countdown of zero', async () => {
    const fetchLiveState = jest.fn().mockResolvedValue(upcoming);
    const { vt, saga, run, opened } = session({
      fromMs: START_MS - 2000,
      api: { fetchDetail: jest.fn().mockResolvedValue(detail103), fetchLiveState },
    });
    saga.dispatch(liveScreenOpened({ liveId: 103, screen: 'teaser' }));
    await vt.flush();
    const seen: Array<[string | null, string]> = [];
    for (let i = 0; i < 4; i++) {
      await vt.advance(1_000);
      const o = opened();
      seen.push([o.countdown, o.stage]);
    }
    await run;
    expect(seen).toEqual([
      ['00:00:01', 'waiting'],
      [null, 'starting'],
      [null, 'starting'],
      [null, 'starting'],
    ]);
  });

  it('a hidden page is not asked for; back on the page, one refresh, then the back-off goes on', async () => {
    const fetchLiveState = jest.fn().mockResolvedValue(upcoming);
    const { vt, saga, run } = session({
      fromMs: START_MS,
      api: { fetchDetail: jest.fn().mockResolvedValue(detail103), fetchLiveState },
    });
    saga.dispatch(liveScreenOpened({ liveId: 103, screen: 'about' }));
    await vt.advance(0);
    expect(fetchLiveState).toHaveBeenCalledTimes(1);
    saga.dispatch(pageVisibilityChanged({ hidden: true }));
    await vt.advance(600_000);
    expect(fetchLiveState).toHaveBeenCalledTimes(1);
    saga.dispatch(pageVisibilityChanged({ hidden: false }));
    await vt.advance(0);
    expect(fetchLiveState).toHaveBeenCalledTimes(2);
    // The loop waits its turn rather than asking twice on return.
    await vt.advance(9_999);
    expect(fetchLiveState).toHaveBeenCalledTimes(2);
    await vt.advance(1);
    expect(fetchLiveState).toHaveBeenCalledTimes(3);
    await run;
  });

  it('closing the screen stops the asking', async () => {
    const fetchLiveState = jest.fn().mockResolvedValue(upcoming);
    const { vt, saga, run } = session({
      fromMs: START_MS,
      api: { fetchDetail: jest.fn().mockResolvedValue(detail103), fetchLiveState },
    });
    saga.dispatch(liveScreenOpened({ liveId: 103, screen: 'about' }));
    await vt.advance(10_000);
    expect(fetchLiveState).toHaveBeenCalledTimes(2);
    saga.dispatch(liveScreenClosed());
    await vt.advance(600_000);
    expect(fetchLiveState).toHaveBeenCalledTimes(2);
    await run;
  });
});

describe('the live room follows the status', () => {
  const roomApi = (overrides: Parameters<typeof fakeServices>[0]) => ({
    fetchProducts: jest.fn().mockResolvedValue({ list: [] }),
    fetchMarketingPosition: jest.fn().mockResolvedValue({ list: [] }),
    fetchRoomMessages: jest.fn().mockResolvedValue({ room_id: 'room-103', list: [] }),
    heartbeat: jest.fn().mockResolvedValue({ onlines: 9, playback_number: 0 }),
    fetchRoomOnline: jest
      .fn()
      .mockResolvedValue({ items: [{ room_id: 'room-103', num: 9, num_index: 103, status: 1 }] }),
    ...overrides,
  });
  const modes = (heartbeat: jest.Mock) =>
    heartbeat.mock.calls.map(([b]: [{ mode: string; join: boolean }]) => `${b.mode}${b.join ? '+join' : ''}`);

  beforeEach(() => window.history.replaceState(null, '', '/liveDetail/103?uuid=u9'));

  it('upcoming → live: no heartbeat while waiting; at the start the room joins as live and polls the online count', async () => {
    const api = roomApi({
      fetchInteractDetail: jest.fn().mockResolvedValue({ live: detail103, auth: null }),
      fetchLiveState: jest.fn().mockResolvedValueOnce(upcoming).mockResolvedValue(started),
    });
    const { vt, saga, run, opened } = session({ fromMs: START_MS - 5000, api });
    saga.dispatch(liveScreenOpened({ liveId: 103, screen: 'room' }));
    await vt.advance(5_000);
    expect(api.fetchLiveState).toHaveBeenCalledTimes(1);
    expect(api.heartbeat).not.toHaveBeenCalled();
    expect(api.fetchRoomOnline).not.toHaveBeenCalled();
    expect(opened().stage).toBe('starting');
    await vt.advance(10_000);
    expect(api.fetchLiveState).toHaveBeenCalledTimes(2);
    expect(opened().stage).toBe('live');
    expect(modes(api.heartbeat as jest.Mock)).toEqual(['live+join']);
    expect(api.fetchRoomOnline).toHaveBeenCalledWith(['room-103']);
    await vt.advance(20_000);
    expect(modes(api.heartbeat as jest.Mock)).toEqual(['live+join', 'live']);
    // Started: no more getLiveState from the late-start loop.
    expect(api.fetchLiveState).toHaveBeenCalledTimes(2);
    const { storeState } = await run;
    expect(storeState.liveRoom?.heartbeat.onlines).toBe(9);
  });

  it('live → ended (online poll): the live heartbeat and polling stop, the room joins once as a replay', async () => {
    // The server's answer follows its clock: the host ends the live after the room was opened.
    let over = false;
    const api = roomApi({
      fetchInteractDetail: jest.fn().mockResolvedValue({ live: { ...detail103, status: 1 }, auth: null }),
      fetchRoomOnline: jest.fn().mockImplementation(async () => ({
        items: [{ room_id: 'room-103', num: over ? 0 : 9, num_index: 103, status: over ? 3 : 1 }],
      })),
    });
    const { vt, saga, run, opened } = session({ fromMs: START_MS + 60_000, api });
    saga.dispatch(liveScreenOpened({ liveId: 103, screen: 'room' }));
    await vt.advance(0);
    expect(opened().stage).toBe('live');
    over = true;
    await vt.advance(10_000);
    expect(opened().stage).toBe('ended');
    expect(modes(api.heartbeat as jest.Mock)).toEqual(['live+join', 'replay+join']);
    const polls = (api.fetchRoomOnline as jest.Mock).mock.calls.length;
    await vt.advance(120_000);
    expect(modes(api.heartbeat as jest.Mock)).toEqual(['live+join', 'replay+join']);
    expect(api.fetchRoomOnline).toHaveBeenCalledTimes(polls);
    await run;
  });
});

describe('the pages about a live follow it to its end', () => {
  it('about page of a live that is on: the online count polls its room, and when it ends the page shows ended and polling stops', async () => {
    let over = false;
    const fetchRoomOnline = jest.fn().mockImplementation(async () => ({
      items: [{ room_id: 'room-103', num: over ? 0 : 12, num_index: 103, status: over ? 3 : 1 }],
    }));
    const { vt, saga, run, opened } = session({
      fromMs: START_MS + 60_000,
      api: {
        fetchDetail: jest.fn().mockResolvedValue({ ...detail103, status: 1 }),
        fetchLiveState: jest.fn().mockResolvedValue(started),
        fetchRoomOnline,
      },
    });
    saga.dispatch(liveScreenOpened({ liveId: 103, screen: 'about' }));
    await vt.advance(0);
    expect(fetchRoomOnline).toHaveBeenCalledWith(['room-103']);
    expect(opened().live.onlines).toBe(12);
    over = true;
    await vt.advance(10_000);
    expect(opened().stage).toBe('ended');
    const polls = fetchRoomOnline.mock.calls.length;
    await vt.advance(120_000);
    expect(fetchRoomOnline).toHaveBeenCalledTimes(polls);
    await run;
  });

  it('an upcoming live polls nothing until it starts, then polls its room', async () => {
    const fetchRoomOnline = jest
      .fn()
      .mockResolvedValue({ items: [{ room_id: 'room-103', num: 5, num_index: 103, status: 1 }] });
    const fetchLiveState = jest.fn().mockResolvedValue(started);
    const { vt, saga, run } = session({
      fromMs: START_MS - 5000,
      api: { fetchDetail: jest.fn().mockResolvedValue(detail103), fetchLiveState, fetchRoomOnline },
    });
    saga.dispatch(liveScreenOpened({ liveId: 103, screen: 'teaser' }));
    await vt.advance(4_000);
    expect(fetchRoomOnline).not.toHaveBeenCalled();
    await vt.advance(1_000);
    expect(fetchLiveState).toHaveBeenCalledTimes(1);
    expect(fetchRoomOnline).toHaveBeenCalledTimes(1);
    await run;
  });
});
