import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic } from 'redux-saga-test-plan/providers';

import { ApiError } from '../../../api/errors';
import { silentRunVirtually } from '../../../lib/testing/virtual-time';
import { loadPollingModule, onlinePollingSaga } from '../store/live-watchers';
import {
  homeListLoaded,
  homeListOpened,
  onlinePollingStarted,
  onlinePollingStopped,
  pageVisibilityChanged,
} from '../store/lives-slice';
import { POLL_INTERVAL_MS, POLL_MAX_BACKOFF_MS, pollRooms, sleep, watchVisibility } from '../store/online-polling-saga';
import { fakeServices, liveNow, makeLive, upcomingOpen } from './fixtures';

import { rootReducer } from '@/store';

const twenty = Array.from({ length: 20 }, (_, i) => makeLive({ num_index: 200 + i, status: 2 }));
const listed = rootReducer(
  rootReducer(undefined, homeListOpened({ uuid: 'u1', date: null })),
  homeListLoaded({ page: 1, pageSize: 20, total: 20, list: [liveNow, upcomingOpen, ...twenty.slice(2)] }),
);
const rooms = [liveNow, upcomingOpen, ...twenty.slice(2)].map((l) => l.room_id);

/** Every wait is recorded and passes after one millisecond of the fake clock silentRunVirtually runs on. */
function virtualSleep(waits: number[]) {
  return [
    matchers.call.fn(sleep),
    dynamic(({ args }: { args: [number] }) => {
      waits.push(args[0]);
      return new Promise((r) => setTimeout(r, 1));
    }),
  ] as const;
}

// The workers load lazily in the app; load them up front so the virtual clock starts at once.
beforeAll(() => loadPollingModule());

describe('chat-room online polling', () => {
  it('one batched request for every room on screen per interval; counts and statuses move', async () => {
    const waits: number[] = [];
    const fetchRoomOnline = jest.fn().mockResolvedValue({
      items: [
        { room_id: upcomingOpen.room_id, num: 3, num_index: 103, status: 1 },
        { room_id: liveNow.room_id, num: 99 },
      ],
    });
    const { storeState } = await silentRunVirtually(
      expectSaga(onlinePollingSaga)
        .withReducer(rootReducer, listed)
        .provide([[matchers.getContext('services'), fakeServices({ fetchRoomOnline })], virtualSleep(waits) as never])
        .dispatch(onlinePollingStarted({ roomIds: rooms })),
      40,
    );
    expect(fetchRoomOnline.mock.calls.length).toBeGreaterThan(3);
    for (const call of fetchRoomOnline.mock.calls) expect(call[0]).toEqual(rooms);
    expect(new Set(waits)).toEqual(new Set([POLL_INTERVAL_MS]));
    // Per minute with 20 lives on screen: one request per interval.
    expect(60_000 / POLL_INTERVAL_MS).toBe(6);
    expect(storeState.lives.entities[103]).toMatchObject({ status: 1, onlines: 3 });
    expect(storeState.lives.entities[101]).toMatchObject({ onlines: 99 });
  });

  it('pauses while the page is hidden (the real visibilitychange event) and resumes when it is shown', async () => {
    let visibility: DocumentVisibilityState = 'visible';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    const setVisibility = (v: DocumentVisibilityState) => {
      visibility = v;
      document.dispatchEvent(new Event('visibilitychange'));
    };
    let countWhileHidden = -1;
    const fetchRoomOnline: jest.Mock = jest.fn(async () => {
      if (fetchRoomOnline.mock.calls.length === 3) {
        setVisibility('hidden');
        // 30 ms hidden is thousands of virtual intervals: any poll sent meanwhile would show.
        setTimeout(() => {
          countWhileHidden = fetchRoomOnline.mock.calls.length;
          setVisibility('visible');
        }, 30);
      }
      return { items: [] };
    });
    await silentRunVirtually(
      expectSaga(onlinePollingSaga)
        .withReducer(rootReducer, listed)
        .provide([[matchers.getContext('services'), fakeServices({ fetchRoomOnline })], virtualSleep([]) as never])
        .dispatch(onlinePollingStarted({ roomIds: rooms })),
      150,
    );
    expect(countWhileHidden).toBe(3);
    expect(fetchRoomOnline.mock.calls.length).toBeGreaterThan(3);
  });

  it('stops when the screen is left', async () => {
    const fetchRoomOnline = jest.fn().mockResolvedValue({ items: [] });
    let atStop = 0;
    const run = silentRunVirtually(
      expectSaga(onlinePollingSaga)
        .withReducer(rootReducer, listed)
        .provide([[matchers.getContext('services'), fakeServices({ fetchRoomOnline })], virtualSleep([]) as never])
        .dispatch(onlinePollingStarted({ roomIds: rooms }))
        .delay(10)
        .dispatch(onlinePollingStopped()),
      120,
    );
    // Sampled well after the stop: any poll sent later would raise the count.
    setTimeout(() => {
      atStop = fetchRoomOnline.mock.calls.length;
    }, 40);
    const { storeState } = await run;
    expect(atStop).toBeGreaterThan(0);
    expect(fetchRoomOnline.mock.calls.length).toBe(atStop);
    expect(storeState.lives.polling.active).toBe(false);
  });

  it('backs off on errors, doubling up to the cap, and returns to the interval after a success', async () => {
    const waits: number[] = [];
    const fetchRoomOnline = jest.fn().mockRejectedValue(new ApiError({ kind: 'http', httpStatus: 503 }));
    for (let i = 0; i < 8; i++) fetchRoomOnline.mockRejectedValueOnce(new ApiError({ kind: 'http', httpStatus: 503 }));
    fetchRoomOnline.mockResolvedValueOnce({ items: [] });
    await silentRunVirtually(
      expectSaga(onlinePollingSaga)
        .withReducer(rootReducer, listed)
        .provide([[matchers.getContext('services'), fakeServices({ fetchRoomOnline })], virtualSleep(waits) as never])
        .dispatch(onlinePollingStarted({ roomIds: rooms })),
      300,
    );
    expect(waits.slice(0, 9)).toEqual([
      20_000,
      40_000,
      80_000,
      160_000,
      POLL_MAX_BACKOFF_MS,
      POLL_MAX_BACKOFF_MS,
      POLL_MAX_BACKOFF_MS,
      POLL_MAX_BACKOFF_MS,
      POLL_INTERVAL_MS,
    ]);
  });
});

describe('visibility events that are not a hide', () => {
  it('a "visible" report during the wait does not send an extra poll', async () => {
    const waits: number[] = [];
    // The interval never passes: only something cutting the wait short could poll again.
    const fetchRoomOnline = jest.fn().mockResolvedValue({ items: [] });
    await silentRunVirtually(
      expectSaga(onlinePollingSaga)
        .withReducer(rootReducer, listed)
        .provide([
          [matchers.getContext('services'), fakeServices({ fetchRoomOnline })],
          [
            matchers.call.fn(sleep),
            dynamic(({ args }: { args: [number] }) => (waits.push(args[0]), new Promise(() => undefined))),
          ] as never,
        ])
        .dispatch(onlinePollingStarted({ roomIds: rooms }))
        .delay(10)
        .dispatch(pageVisibilityChanged({ hidden: false }))
        .dispatch(pageVisibilityChanged({ hidden: false })),
      40,
    );
    expect(fetchRoomOnline).toHaveBeenCalledTimes(1);
    expect(waits).toEqual([POLL_INTERVAL_MS]);
  });

  it('in the live room, which watches visibility itself, polling adds no second watcher', async () => {
    const provide = [
      [matchers.getContext('services'), fakeServices({ fetchRoomOnline: jest.fn().mockResolvedValue({ items: [] }) })],
      virtualSleep([]),
    ] as never;
    await silentRunVirtually(
      expectSaga(pollRooms, ['room-1'], { watchesVisibility: false })
        .withReducer(rootReducer, listed)
        .provide(provide)
        .not.fork.fn(watchVisibility),
      20,
    );
    await silentRunVirtually(
      expectSaga(pollRooms, ['room-1']).withReducer(rootReducer, listed).provide(provide).fork.fn(watchVisibility),
      20,
    );
  });
});
