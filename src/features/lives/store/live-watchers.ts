import { call, race, take, takeLatest, takeLeading } from 'redux-saga/effects';

import type * as RoomWorkers from './live-room-saga';
import type * as Room from './live-room-slice';
import { onlinePollingStarted, onlinePollingStopped } from './lives-slice';
import type * as PollingWorkers from './online-polling-saga';

/*
 * Watchers stay in the first load (they are tiny); the workers behind them load on first
 * use, so the home route's first-load script does not carry the live room's code.
 * Nor the liveRoom slice (lazy, injected by the live screens' chunks): its event types are
 * spelled out here, typed by the slice's action creators so a renamed event fails the typecheck.
 */
const liveScreenOpened: typeof Room.liveScreenOpened.type = 'liveRoom/liveScreenOpened';
const liveScreenRetried: typeof Room.liveScreenRetried.type = 'liveRoom/liveScreenRetried';
const liveScreenClosed: typeof Room.liveScreenClosed.type = 'liveRoom/liveScreenClosed';
const leaveMessageSubmitted: typeof Room.leaveMessageSubmitted.type = 'liveRoom/leaveMessageSubmitted';
const interactAuthConfirmed: typeof Room.interactAuthConfirmed.type = 'liveRoom/interactAuthConfirmed';
const interactAuthDeclined: typeof Room.interactAuthDeclined.type = 'liveRoom/interactAuthDeclined';
const topicListOpened: typeof Room.topicListOpened.type = 'liveRoom/topicListOpened';
const topicListRetried: typeof Room.topicListRetried.type = 'liveRoom/topicListRetried';
const roomPreviewRetried: typeof Room.roomPreviewRetried.type = 'liveRoom/roomPreviewRetried';
const roomMessagesRetried: typeof Room.roomMessagesRetried.type = 'liveRoom/roomMessagesRetried';

type RoomModule = typeof RoomWorkers;
type PollingModule = typeof PollingWorkers;
let roomModule: Promise<RoomModule> | null = null;
let pollingModule: Promise<PollingModule> | null = null;
export const loadRoomModule = () =>
  (roomModule ??= import(/* webpackChunkName: "live-room-saga" */ './live-room-saga'));
export const loadPollingModule = () =>
  (pollingModule ??= import(/* webpackChunkName: "online-polling" */ './online-polling-saga'));

function* roomWorker(
  name:
    | 'openLiveScreen'
    | 'submitLeaveMessage'
    | 'confirmInteractAuth'
    | 'declineInteractAuth'
    | 'openTopicList'
    | 'retryRoomPreview'
    | 'retryRoomMessages',
) {
  const mod: RoomModule = yield call(loadRoomModule);
  yield call(mod[name]);
}

function* screenSession(action: { type: string }) {
  if (action.type === liveScreenClosed) return;
  yield race({ run: call(roomWorker, 'openLiveScreen'), closed: take(liveScreenClosed) });
}

/** Live screens: a newer open (another live), a retry or a close replaces the running session. */
export function* liveRoomWatchers() {
  yield takeLatest([liveScreenOpened, liveScreenRetried, liveScreenClosed], screenSession);
  yield takeLeading(leaveMessageSubmitted, roomWorker, 'submitLeaveMessage');
  yield takeLeading(interactAuthConfirmed, roomWorker, 'confirmInteractAuth');
  yield takeLeading(interactAuthDeclined, roomWorker, 'declineInteractAuth');
  yield takeLatest([topicListOpened, topicListRetried], roomWorker, 'openTopicList');
  yield takeLatest(roomPreviewRetried, roomWorker, 'retryRoomPreview');
  yield takeLatest(roomMessagesRetried, roomWorker, 'retryRoomMessages');
}

function* runPolling(action: ReturnType<typeof onlinePollingStarted>) {
  if (action.payload.roomIds.length === 0) return;
  const mod: PollingModule = yield call(loadPollingModule);
  yield race({ poll: call(mod.pollRooms, action.payload.roomIds), stop: take(onlinePollingStopped.type) });
}

/** Chat-room online polling (/chat-room/room/online {room_ids}, docs/rules/services.md#chat-room), named by the product owner. */
export function* onlinePollingSaga() {
  yield takeLatest([onlinePollingStarted.type, onlinePollingStopped.type], function* route(action: { type: string }) {
    if (action.type === onlinePollingStarted.type)
      yield call(runPolling, action as ReturnType<typeof onlinePollingStarted>);
  });
}
