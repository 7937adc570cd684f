import { call, fork, select, take, takeLatest } from 'redux-saga/effects';

import { readItem, StorageKey } from '../../../platform/storage';
import { homeListOpened, liveSubscribeRequested, selectLivesState } from './lives-slice';
import type * as Worker from './subscribe-worker';

import type { RootState } from '@/store';

/** liveRoomSlice's liveScreenOpened, by type: the room slice loads with the room, not the home list (tested equal). */
export const LIVE_SCREEN_OPENED = 'liveRoom/liveScreenOpened';

let workerModule: Promise<typeof Worker> | null = null;
// The worker (payload, identity, WeChat step) loads on the first tap, not with the home route.
export const loadSubscribeWorker = () =>
  (workerModule ??= import(/* webpackChunkName: "live-subscribe" */ './subscribe-worker'));

/**
 * One call per live at a time: the reducer marks the live pending on the first tap and
 * ignores taps until the answer, and this watcher only forks when the reducer accepted.
 */
export function* watchSubscribe() {
  // Back from signing in with a subscription to complete: checked when a list or a room
  // opens (sign-in comes back to one of them); the worker loads only when there is something to complete.
  yield takeLatest([homeListOpened.type, LIVE_SCREEN_OPENED], function* resume() {
    if (!readItem(StorageKey.livePendingSubscribe)) return;
    const mod: typeof Worker = yield call(loadSubscribeWorker);
    yield call(mod.resumePendingSubscribe);
  });
  const inFlight = new Set<number>();
  while (true) {
    const action: ReturnType<typeof liveSubscribeRequested> = yield take(liveSubscribeRequested.type);
    const { liveId } = action.payload;
    const accepted: boolean = yield select((s: RootState) => Boolean(selectLivesState(s).pendingSubscribe[liveId]));
    if (!accepted || inFlight.has(liveId)) continue;
    inFlight.add(liveId);
    yield fork(function* run() {
      try {
        const mod: typeof Worker = yield call(loadSubscribeWorker);
        yield call(mod.subscribeWorker, action.payload);
      } finally {
        inFlight.delete(liveId);
      }
    });
  }
}
