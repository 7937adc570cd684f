import { type EventChannel, eventChannel } from 'redux-saga';
import { call, fork, getContext, put, race, select, take } from 'redux-saga/effects';

import type { RoomOnlineResult } from '../../../api/contract/chat-room';
import { apiErrorInfo, isSessionInvalid } from '../../../api/errors';
import { selectLivesState } from './lives-slice';
import { pageVisibilityChanged, roomOnlinePollFailed, roomOnlineReceived } from './lives-slice';
import { NETWORK_DOWN } from './network-down';

import type { RootState, SagaServices } from '@/store';
import { sessionInvalidated } from '@/store';

/** One batched request per interval for every room on screen: 6 per minute, whatever the number of lives. */
export const POLL_INTERVAL_MS = 10_000;
/** After failures the wait doubles, up to this. */
export const POLL_MAX_BACKOFF_MS = 5 * 60_000;
/** The server takes at most 100 rooms per call. */
export const POLL_MAX_ROOMS = 100;

/** Wait between polls; a function of its own so tests control time by providing it. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function pollDelay(failures: number): number {
  return failures === 0 ? POLL_INTERVAL_MS : Math.min(POLL_MAX_BACKOFF_MS, POLL_INTERVAL_MS * 2 ** failures);
}

function visibilityChannel(): EventChannel<{ hidden: boolean }> {
  return eventChannel((emit) => {
    const doc = globalThis.document;
    if (!doc) return () => undefined;
    const onChange = () => emit({ hidden: doc.visibilityState === 'hidden' });
    doc.addEventListener('visibilitychange', onChange);
    return () => doc.removeEventListener('visibilitychange', onChange);
  });
}

/** Page visibility as events, for as long as polling runs. */
export function* watchVisibility() {
  const channel: EventChannel<{ hidden: boolean }> = yield call(visibilityChannel);
  const doc = globalThis.document;
  if (doc) yield put(pageVisibilityChanged({ hidden: doc.visibilityState === 'hidden' }));
  try {
    while (true) {
      const change: { hidden: boolean } = yield take(channel);
      yield put(pageVisibilityChanged(change));
    }
  } finally {
    // Runs when polling stops (this watcher is cancelled with it): no listener outlives the screen.
    channel.close();
  }
}

const selectPolling = (s: RootState) => selectLivesState(s).polling;

type VisibilityAction = { type: string; payload?: { hidden?: boolean } };
export const becameHidden = (a: VisibilityAction) =>
  a.type === pageVisibilityChanged.type && a.payload?.hidden === true;
export const becameVisible = (a: VisibilityAction) =>
  a.type === pageVisibilityChanged.type && a.payload?.hidden === false;

/**
 * Polls until stopped (the screen left or a newer start): poll, wait, repeat; paused while hidden.
 * `watchesVisibility: false` when the caller already runs watchVisibility (the live room): two
 * watchers would put every visibility change twice.
 */
export function* pollRooms(roomIds: string[], { watchesVisibility = true }: { watchesVisibility?: boolean } = {}) {
  const services: SagaServices = yield getContext('services');
  const rooms = roomIds.slice(0, POLL_MAX_ROOMS);
  if (watchesVisibility) yield fork(watchVisibility);
  while (true) {
    const { hidden }: ReturnType<typeof selectLivesState>['polling'] = yield select(selectPolling);
    if (hidden) {
      // Paused: nothing is sent until the page is visible again.
      yield take(becameVisible);
      continue;
    }
    try {
      const result: RoomOnlineResult | null = yield call(
        [services.api.lives, services.api.lives.fetchRoomOnline],
        rooms,
      );
      if (result === null) yield put(roomOnlinePollFailed({ error: NETWORK_DOWN }));
      else yield put(roomOnlineReceived({ items: result.items }));
    } catch (error) {
      const info = apiErrorInfo(error);
      yield put(roomOnlinePollFailed({ error: info }));
      if (isSessionInvalid(error)) {
        yield put(sessionInvalidated({ code: info.code }));
        return;
      }
    }
    const { failures }: ReturnType<typeof selectLivesState>['polling'] = yield select(selectPolling);
    // Hiding the page ends the wait early so the next turn pauses at once; any other
    // visibility event (the watcher's first report, a page shown again) does not cut it short.
    yield race({ wait: call(sleep, pollDelay(failures)), hidden: take(becameHidden) });
  }
}
