import { createNextState as produce, type UnknownAction } from '@reduxjs/toolkit';
import fc from 'fast-check';

// Every slice, the lazy liveRoom included (its state is read directly below).
import { fullReducer as rootReducer } from '@/app/store/full-reducer';
import { makeLive } from '@/features/lives/__tests__/fixtures';
import type { LiveRoomState } from '@/features/lives/store/live-room-slice';
import { liveClockTicked, liveScreenClosed, liveScreenOpened } from '@/features/lives/store/live-room-slice';
import {
  homeListLoaded,
  type HomeListLoadedPayload,
  homeListMoreRequested,
  homeListOpened,
  homeListRefreshRequested,
  livesAdapter,
  type LivesState,
  roomOnlinePollFailed,
  roomOnlineReceived,
} from '@/features/lives/store/lives-slice';
import type { LiveItem } from '@/features/lives/store/types';
import { isDeepFrozen } from '@/lib/testing/is-deep-frozen';

/**
 * roomOnlineReceived, homeListLoaded and liveClockTicked are written by hand for replay speed
 * (lib/frozen.ts). This model is how they were written with immer's drafts; over random action
 * sequences the app's reducer must produce equal states, still frozen all the way down.
 */
type State = ReturnType<typeof rootReducer>;

function modelLives(lives: LivesState, action: UnknownAction): LivesState {
  if (roomOnlineReceived.match(action)) {
    return produce(lives, (state) => {
      state.polling.failures = 0;
      state.polling.lastError = null;
      const byRoom = new Map(action.payload.items.map((i) => [i.room_id, i]));
      for (const id of state.ids) {
        const live = state.entities[id]!;
        const item = byRoom.get(live.room_id);
        if (!item) continue;
        live.onlines = item.num;
        if (item.status) live.status = item.status;
      }
    });
  }
  if (homeListLoaded.match(action)) {
    return produce(lives, (state) => {
      const { homeList } = state;
      if (homeList.status !== 'loading' && homeList.status !== 'refreshing' && homeList.status !== 'loadingMore')
        return;
      const { page, pageSize, total, list } = action.payload;
      if (page !== (homeList.status === 'loadingMore' ? homeList.page + 1 : 1)) return;
      livesAdapter.setMany(state, list);
      const incoming = list.map((live) => live.num_index);
      if (page <= 1) homeList.ids = incoming;
      else homeList.ids.push(...incoming.filter((id) => !homeList.ids.includes(id)));
      Object.assign(homeList, { page, pageSize, total, status: 'succeeded', error: null, refreshError: null });
    });
  }
  return rootReducer({ lives } as State, action).lives!;
}

function modelLiveRoom(room: LiveRoomState, action: UnknownAction): LiveRoomState {
  if (liveClockTicked.match(action)) {
    return produce(room, (state) => {
      if (state.screen) state.nowMs = action.payload.nowMs;
    });
  }
  return rootReducer({ liveRoom: room } as State, action).liveRoom;
}

const id = fc.integer({ min: 1, max: 12 });
const live = id.chain((num_index) =>
  fc
    .record({ status: fc.constantFrom(1, 2, 3) as fc.Arbitrary<1 | 2 | 3>, onlines: fc.nat(50) })
    .map((o) => makeLive({ num_index, ...o })),
);
const pagePayload = (page: number) =>
  fc
    .record({ list: fc.array(live, { maxLength: 6 }), total: fc.integer({ min: 0, max: 20 }) })
    .map(({ list, total }): HomeListLoadedPayload => ({ page, pageSize: 6, total, list: list as LiveItem[] }));
const action: fc.Arbitrary<UnknownAction> = fc.oneof(
  fc.constant(homeListOpened({ uuid: 'u1', date: null })),
  fc.constant(homeListMoreRequested()),
  fc.constant(homeListRefreshRequested()),
  fc
    .integer({ min: 1, max: 3 })
    .chain(pagePayload)
    .map((p) => homeListLoaded(p)),
  fc
    .array(
      fc.record({
        room_id: id.map((n) => `room-${n}`),
        num: fc.nat(50),
        status: fc.option(fc.constantFrom(1, 2, 3) as fc.Arbitrary<1 | 2 | 3>, { nil: undefined }),
      }),
      { maxLength: 8 },
    )
    .map((items) => roomOnlineReceived({ items })),
  fc.constant(
    roomOnlinePollFailed({ error: { kind: 'network', code: null, httpStatus: null, message: '网络连接失败' } }),
  ),
  id.map((liveId) => liveScreenOpened({ liveId, screen: 'about' })),
  fc.constant(liveScreenClosed()),
  fc.nat().map((nowMs) => liveClockTicked({ nowMs })),
);

test('the hand-written reducers equal their immer model and keep the state frozen', () => {
  fc.assert(
    fc.property(fc.array(action, { maxLength: 40 }), (actions) => {
      let state = rootReducer(undefined, { type: '@@test/init' });
      let lives = state.lives!;
      let liveRoom = state.liveRoom;
      for (const a of actions) {
        // Payloads are frozen by the reducers; each side gets its own copy.
        const copy = JSON.parse(JSON.stringify(a)) as UnknownAction;
        lives = modelLives(lives, a);
        liveRoom = modelLiveRoom(liveRoom, a);
        state = rootReducer(state, copy);
        expect(state.lives).toEqual(lives);
        expect(state.liveRoom).toEqual(liveRoom);
        expect(isDeepFrozen(state.lives) && isDeepFrozen(state.liveRoom)).toBe(true);
      }
    }),
    { numRuns: 300 },
  );
});

test('an unchanged poll or a tick with no screen open returns the very same state', () => {
  let state = rootReducer(undefined, homeListOpened({ uuid: 'u1', date: null }));
  state = rootReducer(
    state,
    homeListLoaded({ page: 1, pageSize: 20, total: 1, list: [makeLive({ num_index: 1, status: 1, onlines: 3 })] }),
  );
  expect(rootReducer(state, roomOnlineReceived({ items: [{ room_id: 'room-1', num: 3 }] }))).toBe(state);
  expect(rootReducer(state, liveClockTicked({ nowMs: 1 }))).toBe(state);
});
