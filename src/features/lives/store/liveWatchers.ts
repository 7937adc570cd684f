import { call, race, take, takeLatest, takeLeading } from 'redux-saga/effects';
import {
  interactAuthConfirmed,
  leaveMessageSubmitted,
  liveScreenClosed,
  liveScreenOpened,
  liveScreenRetried,
  roomPreviewRetried,
  topicListOpened,
  topicListRetried,
} from './liveRoomSlice';
import { onlinePollingStarted, onlinePollingStopped } from './livesSlice';
import type * as RoomWorkers from './liveRoomSaga';
import type * as PollingWorkers from './onlinePollingSaga';

/*
 * Watchers stay in the first load (they are tiny); the workers behind them load on first
 * use, so the home route's first-load script does not carry the live room's code.
 */
type RoomModule = typeof RoomWorkers;
type PollingModule = typeof PollingWorkers;
let roomModule: Promise<RoomModule> | null = null;
let pollingModule: Promise<PollingModule> | null = null;
export const loadRoomModule = () => (roomModule ??= import(/* webpackChunkName: "live-room-saga" */ './liveRoomSaga'));
export const loadPollingModule = () => (pollingModule ??= import(/* webpackChunkName: "online-polling" */ './onlinePollingSaga'));

function* roomWorker(name: 'openLiveScreen' | 'submitLeaveMessage' | 'confirmInteractAuth' | 'openTopicList' | 'retryRoomPreview') {
  const mod: RoomModule = yield call(loadRoomModule);
  yield call(mod[name]);
}

function* screenSession(action: { type: string }) {
  if (action.type === liveScreenClosed.type) return;
  yield race({ run: call(roomWorker, 'openLiveScreen'), closed: take(liveScreenClosed.type) });
}

/** Live screens: a newer open (another live), a retry or a close replaces the running session. */
export function* liveRoomWatchers() {
  yield takeLatest([liveScreenOpened.type, liveScreenRetried.type, liveScreenClosed.type], screenSession);
  yield takeLeading(leaveMessageSubmitted.type, roomWorker, 'submitLeaveMessage');
  yield takeLeading(interactAuthConfirmed.type, roomWorker, 'confirmInteractAuth');
  yield takeLatest([topicListOpened.type, topicListRetried.type], roomWorker, 'openTopicList');
  yield takeLatest(roomPreviewRetried.type, roomWorker, 'retryRoomPreview');
}

function* runPolling(action: ReturnType<typeof onlinePollingStarted>) {
  if (action.payload.roomIds.length === 0) return;
  const mod: PollingModule = yield call(loadPollingModule);
  yield race({ poll: call(mod.pollRooms, action.payload.roomIds), stop: take(onlinePollingStopped.type) });
}

/** Chat-room online polling (spec §7 /chat-room/room/online {room_ids}), named by the product owner. */
export function* onlinePollingSaga() {
  yield takeLatest([onlinePollingStarted.type, onlinePollingStopped.type], function* route(action: { type: string }) {
    if (action.type === onlinePollingStarted.type) yield call(runPolling, action as ReturnType<typeof onlinePollingStarted>);
  });
}
