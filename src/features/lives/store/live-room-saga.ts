import { all, call, fork, getContext, put, race, select, take } from 'redux-saga/effects';

import type { RoomHeartbeat, RoomMessages, RoomPreview, RoomUserDetail } from '../../../api/contract/chat-room';
import { HEARTBEAT_INTERVAL_MS, HOME_CATEGORY_ID, LiveStatus } from '../../../api/contract/live-constants';
import type {
  InteractAuth,
  InteractDetail,
  LeaveMessage,
  LeaveMessageList,
  LiveMinutes,
  LiveProductList,
} from '../../../api/contract/live-room';
import type { LiveDetail, LiveItem, LivePage, LiveState, LiveStatistics } from '../../../api/contract/lives';
import { apiErrorInfo, isSessionInvalid } from '../../../api/errors';
import { readItem, removeItem, StorageKey, writeItem } from '../../../platform/storage';
import { type ViewerIdentity, viewerIsAdviser } from './identity';
import {
  interactAuthFailed,
  interactAuthPassed,
  leaveMessageDraftChanged,
  leaveMessageFailed,
  leaveMessageSent,
  leaveMessagesLoaded,
  leaveMessagesLoadFailed,
  leaveMessageSubmitted,
  liveClockTicked,
  liveDetailLoaded,
  liveDetailLoadFailed,
  liveMinutesLoaded,
  liveMinutesLoadFailed,
  liveProductsLoaded,
  type LiveRoomState,
  liveStatisticsLoaded,
  relatedLivesLoaded,
  relatedLivesLoadFailed,
  roomHeartbeatAcked,
  roomMessagesLoaded,
  roomMessagesLoadFailed,
  roomPreviewLoaded,
  roomPreviewLoadFailed,
  roomViewerIdentified,
  selectLiveRoomState,
} from './live-room-slice';
import { selectLivesState } from './lives-slice';
import { liveItemOf, liveItemsReceived, liveStateReceived, roomOnlineReceived } from './lives-slice';
import { NETWORK_DOWN } from './network-down';
import { becameHidden, becameVisible, pollRooms, sleep, watchVisibility } from './online-polling-saga';
import type { LoadError } from './types';
import { viewerOfPage } from './viewer-saga';

import { sessionSettled } from '@/features/session';
import type { RootState, SagaServices } from '@/store';
import { sessionInvalidated } from '@/store';

/**
 * The live screens' workers, loaded on first use (see live-watchers.ts) so the home route's
 * first load does not carry them.
 */

/** New messages show within this long while the room is open. */
export const MESSAGE_POLL_MS = 5_000;
const CLOCK_TICK_MS = 1_000;
const selectRoom = selectLiveRoomState;
const api = (services: SagaServices) => services.api.lives;

/** Calls one endpoint; null answers (empty value, docs/rules/errors.md#network-failures) and errors become the failure action. */
function* attempt<T>(fn: () => Promise<T | null>, onFail: (e: LoadError) => { type: string }) {
  try {
    const result: T | null = yield call(fn);
    if (result === null) {
      yield put(onFail(NETWORK_DOWN));
      return null;
    }
    return result;
  } catch (error) {
    const info = apiErrorInfo(error);
    yield put(onFail(info));
    if (isSessionInvalid(error)) yield put(sessionInvalidated({ code: info.code }));
    return null;
  }
}

const noop = (e: LoadError) => ({ type: 'liveRoom/ignoredFailure', payload: e });

const toItem = liveItemOf;

function* loadMessages(services: SagaServices, roomId: string) {
  const result: RoomMessages | null = yield call(
    attempt,
    () => api(services).fetchRoomMessages(roomId),
    roomMessagesLoadFailed,
  );
  if (result) yield put(roomMessagesLoaded(result.list));
}

/** While the room is open: a heartbeat keeps the viewer counted, messages refresh. Stops when the screen closes. */
function* roomLoop(
  services: SagaServices,
  roomId: string,
  who: ViewerIdentity,
  mode: 'live' | 'replay',
  withMessages: boolean,
) {
  let join = true;
  let sinceBeat = HEARTBEAT_INTERVAL_MS;
  // Cancelled when the screen closes: no beat is sent after that, so the viewer drops out within the online window.
  while (true) {
    if (sinceBeat >= HEARTBEAT_INTERVAL_MS) {
      const beat: RoomHeartbeat | null = yield call(
        attempt,
        () => api(services).heartbeat({ room_id: roomId, viewer_id: who.viewerId, mode, join }),
        noop,
      );
      if (beat) {
        join = false;
        yield put(roomHeartbeatAcked({ onlines: beat.onlines, playbackNumber: beat.playback_number }));
      }
      sinceBeat = 0;
    }
    if (withMessages) yield call(loadMessages, services, roomId);
    // A replay counts once (its join); only a live room keeps beating and refreshing.
    if (mode === 'replay' && !join) return;
    yield call(sleep, MESSAGE_POLL_MS);
    sinceBeat += MESSAGE_POLL_MS;
  }
}

/** GET /api/live/getLiveState/{id}: the live's status and online count into the shared entities. */
export function* refreshLiveState(services: SagaServices, liveId: number) {
  const state: LiveState | null = yield call(attempt, () => api(services).fetchLiveState(liveId), noop);
  if (state) yield put(liveStateReceived(state));
}

/** The countdown's clock: one tick a second while the screen is open. */
function* clockLoop(services: SagaServices) {
  while (true) {
    yield put(liveClockTicked({ nowMs: services.now() }));
    yield call(sleep, CLOCK_TICK_MS);
  }
}

/** Back on the page after it was hidden: the status and count may have moved meanwhile. */
export function* refreshWhenVisibleAgain(services: SagaServices, liveId: number) {
  yield all([
    call(watchVisibility),
    call(function* refresher() {
      while (true) {
        yield take(becameHidden);
        yield take(becameVisible);
        yield call(refreshLiveState, services, liveId);
      }
    }),
  ]);
}

/** Waits after the n-th getLiveState that still said upcoming (the host is late): 10 s, 15 s, 20 s, then every 30 s. */
export const LATE_START_DELAYS_MS = [10_000, 15_000, 20_000, 30_000] as const;
export const lateStartDelay = (asked: number) =>
  LATE_START_DELAYS_MS[Math.min(Math.max(asked, 1), LATE_START_DELAYS_MS.length) - 1]!;

const selectHidden = (s: RootState) => selectLivesState(s).polling.hidden;
const statusOf = (liveId: number) => (s: RootState) => selectLivesState(s).entities[liveId]?.status;

/**
 * From the countdown's end until the server says the live started: asks getLiveState, then again
 * at a back-off while the page is visible. Ends when the status moves (by this or any other answer).
 */
export function* askUntilStarted(services: SagaServices, liveId: number) {
  let asked = 0;
  // Back from hidden: refreshWhenVisibleAgain asks at once, so this loop waits a turn instead of asking twice.
  let resumed = false;
  while (true) {
    const live: LiveItem | undefined = yield select((s: RootState) => selectLivesState(s).entities[liveId]);
    if (!live || live.status !== LiveStatus.upcoming) return;
    const nowMs: number | null = yield select((s: RootState) => selectRoom(s).nowMs);
    if (nowMs === null || nowMs < live.start_time * 1000) {
      yield take(liveClockTicked.type);
      continue;
    }
    const hidden: boolean = yield select(selectHidden);
    if (hidden) {
      yield take(becameVisible);
      resumed = true;
      continue;
    }
    if (!resumed) {
      asked += 1;
      yield call(refreshLiveState, services, liveId);
    }
    resumed = false;
    const turn: { hidden?: unknown } = yield race({
      wait: call(sleep, lateStartDelay(asked)),
      hidden: take(becameHidden),
    });
    if (turn.hidden) {
      yield take(becameVisible);
      resumed = true;
    }
  }
}

/** Resolves with the live's new status once any answer (getLiveState, an online poll, a list) moves it away from `from`. */
export function* statusMoved(liveId: number, from: number | undefined) {
  while (true) {
    yield take([liveStateReceived.type, roomOnlineReceived.type, liveItemsReceived.type]);
    const now: number | undefined = yield select(statusOf(liveId));
    if (now !== from) return now;
  }
}

/**
 * The pages about a live (not the room): while it is on, its online count and the moment it ends
 * come from the batched online poll of its one room, so the page moves to "ended" without waiting
 * for the viewer to leave and come back. The screen's refreshWhenVisibleAgain watches visibility.
 */
export function* pollWhileLive(liveId: number, roomId: string) {
  while (true) {
    const status: number | undefined = yield select(statusOf(liveId));
    if (status === undefined || status === LiveStatus.ended) return;
    if (status === LiveStatus.live)
      yield race({
        poll: call(pollRooms, [roomId], { watchesVisibility: false }),
        moved: call(statusMoved, liveId, status),
      });
    else yield call(statusMoved, liveId, status);
  }
}

/** An upcoming live on screen: the countdown ticks and, once it ends, the server is asked until the live starts. */
function* awaitStart(services: SagaServices, liveId: number) {
  yield all([call(clockLoop, services), call(askUntilStarted, services, liveId)]);
}

/**
 * The room follows its live's status while open: upcoming waits for the start; live beats, polls
 * messages and the online count (which also carries the status); ended joins once as a replay.
 */
export function* followRoom(services: SagaServices, liveId: number, roomId: string, who: ViewerIdentity) {
  while (true) {
    const status: number | undefined = yield select(statusOf(liveId));
    let phase;
    if (status === LiveStatus.upcoming)
      phase = all([call(awaitStart, services, liveId), call(loadMessages, services, roomId)]);
    else if (status === LiveStatus.live)
      phase = all([
        call(roomLoop, services, roomId, who, 'live', true),
        call(pollRooms, [roomId], { watchesVisibility: false }),
      ]);
    else phase = call(roomLoop, services, roomId, who, 'replay', true);
    const result: { moved?: number } = yield race({ run: phase, moved: call(statusMoved, liveId, status) });
    if (!('moved' in result) || result.moved === undefined) return;
  }
}

/** The end page's chat preview shows this many of the room's latest messages. */
export const PREVIEW_MESSAGE_COUNT = 3;

/** /chat-room/room/preview (platform 106) and the latest messages, as one preview. */
export function* loadRoomPreview(services: SagaServices, roomId: string) {
  const [summary, messages]: [RoomPreview | null, RoomMessages | null] = yield all([
    call(attempt, () => api(services).fetchRoomPreview(roomId), roomPreviewLoadFailed),
    call(attempt, () => api(services).fetchRoomMessages(roomId), roomPreviewLoadFailed),
  ]);
  if (summary && messages)
    yield put(roomPreviewLoaded({ summary, recent: messages.list.slice(-PREVIEW_MESSAGE_COUNT) }));
}

export function* retryRoomPreview() {
  const room: LiveRoomState = yield select(selectRoom);
  if (room.preview.status !== 'loading' || !room.detail.data) return;
  const services: SagaServices = yield getContext('services');
  yield call(loadRoomPreview, services, room.detail.data.room_id);
}

/** Signed in (a token): how the viewer appears in the room. Not signed in: no call, nothing shown. */
export function* identifyViewer(services: SagaServices, roomId: string) {
  const token: string | null = yield call(readItem, StorageKey.token);
  if (!token) return;
  const me: RoomUserDetail | null = yield call(attempt, () => api(services).fetchRoomUserDetail(roomId, token), noop);
  if (me) yield put(roomViewerIdentified(me));
}

function* loadRelated(services: SagaServices, who: ViewerIdentity, excludeId: number | null) {
  const page: LivePage | null = yield call(
    attempt,
    () =>
      api(services).fetchInteractLives({
        category_id: HOME_CATEGORY_ID,
        employee_id: who.employeeId,
        page: 1,
        page_size: 20,
      }),
    relatedLivesLoadFailed,
  );
  if (!page) return;
  yield put(liveItemsReceived(page.list));
  yield put(relatedLivesLoaded(page.list.map((l) => l.num_index).filter((id) => id !== excludeId)));
}

/**
 * The room's products and banners as the server sends them to this viewer: a private fund only once the
 * viewer may see it, so they are read again when the viewer passes the gate.
 */
function* loadRoomProducts(services: SagaServices, liveId: number) {
  const [p, b]: [LiveProductList | null, LiveProductList | null] = yield all([
    call(attempt, () => api(services).fetchProducts(liveId), noop),
    call(attempt, () => api(services).fetchMarketingPosition(liveId), noop),
  ]);
  yield put(liveProductsLoaded({ products: p?.list ?? [], banners: b?.list ?? [] }));
}

/** Loads what the opened screen shows, then runs its live parts until the screen closes. */
export function* openLiveScreen() {
  const room: LiveRoomState = yield select(selectRoom);
  const { liveId, screen } = room;
  if (liveId === null || screen === null || room.detail.status !== 'loading') return;
  // The room's gate and the viewer's own state depend on who is signed in: a sign-in under way decides it.
  yield call(sessionSettled);
  const services: SagaServices = yield getContext('services');
  const who: ViewerIdentity = yield call(viewerOfPage);
  const req = { num_index: liveId, employee_id: who.employeeId };

  let detail: LiveDetail | null = null;
  let auth: InteractAuth | null = null;
  if (screen === 'room') {
    const found: InteractDetail | null = yield call(
      attempt,
      () => api(services).fetchInteractDetail(req),
      liveDetailLoadFailed,
    );
    detail = found?.live ?? null;
    auth = found?.auth ?? null;
    // Advisers are never shown the customer-only gate.
    if (auth && !auth.passed && ((yield call(viewerIsAdviser)) as boolean)) auth = { ...auth, passed: true };
  } else if (screen === 'activity') {
    detail = yield call(attempt, () => api(services).fetchActivityDetail(req), liveDetailLoadFailed);
  } else {
    detail = yield call(attempt, () => api(services).fetchDetail(req), liveDetailLoadFailed);
  }
  if (!detail) return;
  yield put(liveItemsReceived([toItem(detail)]));
  yield put(liveDetailLoaded({ detail, auth }));
  yield fork(resumeLeaveDraft, liveId);

  const tasks: unknown[] = [];
  if (screen === 'room') {
    tasks.push(
      call(loadRoomProducts, services, liveId),
      call(followRoom, services, liveId, detail.room_id, who),
      call(identifyViewer, services, detail.room_id),
    );
  }
  if (screen === 'replay') tasks.push(call(roomLoop, services, detail.room_id, who, 'replay', false));
  if (screen === 'replay' || screen === 'minutes') {
    tasks.push(
      call(function* minutes() {
        const m: LiveMinutes | null = yield call(
          attempt,
          () => api(services).fetchMinutes(liveId),
          liveMinutesLoadFailed,
        );
        if (m) yield put(liveMinutesLoaded(m));
      }),
    );
  }
  if (screen === 'end' || screen === 'report' || screen === 'replay') {
    tasks.push(
      call(function* stats() {
        const s: LiveStatistics | null = yield call(attempt, () => api(services).fetchStatistics(liveId), noop);
        if (s) yield put(liveStatisticsLoaded(s));
      }),
    );
  }
  if (screen === 'end')
    tasks.push(call(loadRelated, services, who, liveId), call(loadRoomPreview, services, detail.room_id));
  if (screen === 'messages') tasks.push(call(loadLeaveMessages, services, liveId));
  if (screen === 'about' || screen === 'teaser' || screen === 'activity' || screen === 'miniApp') {
    tasks.push(
      call(clockLoop, services),
      call(askUntilStarted, services, liveId),
      call(pollWhileLive, liveId, detail.room_id),
    );
  }
  if (screen === 'about' || screen === 'teaser' || screen === 'activity' || screen === 'miniApp' || screen === 'room') {
    tasks.push(call(refreshWhenVisibleAgain, services, liveId));
  }
  yield all(tasks as never[]);
}

function* loadLeaveMessages(services: SagaServices, liveId: number) {
  const list: LeaveMessageList | null = yield call(
    attempt,
    () => api(services).fetchLeaveMessages(liveId),
    leaveMessagesLoadFailed,
  );
  if (list) yield put(leaveMessagesLoaded(list.list));
}

/** A kept message older than this belongs to another visit (signing in takes a minute or two) and is dropped. */
export const LEAVE_DRAFT_TTL_MS = 30 * 60_000;

/** The stored message, if this app wrote it for this live and it is still fresh (pure apart from its inputs). */
export function parseLeaveDraft(raw: string | null, liveId: number, now: number): string | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as { liveId?: unknown; draft?: unknown; at?: unknown };
    if (v.liveId !== liveId || typeof v.draft !== 'string' || typeof v.at !== 'number') return null;
    return now - v.at >= 0 && now - v.at < LEAVE_DRAFT_TTL_MS ? v.draft : null;
  } catch {
    return null;
  }
}

/**
 * Back in the room after the sign-in a guest's message led to: the kept message is sent if they are now signed in,
 * else put back in its box (they backed out of signing in; nothing typed is lost).
 */
export function* resumeLeaveDraft(liveId: number) {
  // Back from WeChat's authorization with a code: who they are comes from the token that code is traded for.
  yield call(sessionSettled);
  const services: SagaServices = yield getContext('services');
  const now: number = yield call([services, services.now]);
  const draft: string | null = yield call(parseLeaveDraft, readItem(StorageKey.liveLeaveDraft), liveId, now);
  if (draft === null) return;
  yield call(removeItem, StorageKey.liveLeaveDraft);
  yield put(leaveMessageDraftChanged(draft));
  const token: string | null = yield call(readItem, StorageKey.token);
  if (token) yield put(leaveMessageSubmitted());
}

export function* submitLeaveMessage() {
  const room: LiveRoomState = yield select(selectRoom);
  if (room.leave.status !== 'sending' || room.liveId === null) return;
  const services: SagaServices = yield getContext('services');
  const who: ViewerIdentity = yield call(viewerOfPage);
  // A guest's message is kept on the device before it goes: if the sign-in wall answers instead of the server,
  // it is sent when they come back signed in.
  if (who.source !== 'session') {
    const at: number = yield call([services, services.now]);
    const kept = JSON.stringify({ liveId: room.liveId, draft: room.leave.draft, at });
    yield call(writeItem, StorageKey.liveLeaveDraft, kept);
  }
  const sent: LeaveMessage | null = yield call(
    attempt,
    () =>
      api(services).leaveMessage({
        num_index: room.liveId!,
        employee_id: who.employeeId,
        real_name: who.realName,
        content: room.leave.draft.trim(),
      }),
    leaveMessageFailed,
  );
  if (!sent) return;
  yield call(removeItem, StorageKey.liveLeaveDraft);
  yield put(leaveMessageSent(sent));
  // The room shows left messages too: refresh it now rather than at the next poll.
  if (room.screen === 'room' && room.detail.data) yield call(loadMessages, services, room.detail.data.room_id);
}

export function* retryRoomMessages() {
  const room: LiveRoomState = yield select(selectRoom);
  if (room.screen !== 'room' || !room.detail.data || room.messages.status !== 'loading') return;
  const services: SagaServices = yield getContext('services');
  yield call(loadMessages, services, room.detail.data.room_id);
}

export function* confirmInteractAuth() {
  const room: LiveRoomState = yield select(selectRoom);
  if (room.authStatus !== 'confirming' || room.liveId === null) return;
  const services: SagaServices = yield getContext('services');
  const who: ViewerIdentity = yield call(viewerOfPage);
  const auth: InteractAuth | null = yield call(
    attempt,
    () => api(services).authenticate(room.liveId!, who.employeeId, room.authDeclaration),
    interactAuthFailed,
  );
  if (!auth) return;
  yield put(interactAuthPassed(auth));
  if (auth.passed) yield call(loadRoomProducts, services, room.liveId);
}

/** "我不符合" goes on the compliance trail; the viewer has already left, so a failure only goes to the log. */
export function* declineInteractAuth() {
  const room: LiveRoomState = yield select(selectRoom);
  if (room.liveId === null) return;
  const services: SagaServices = yield getContext('services');
  const who: ViewerIdentity = yield call(viewerOfPage);
  try {
    yield call(() => api(services).declineAuth(room.liveId!, who.employeeId));
  } catch {
    // Nothing to show: the screen is gone and the room stays shut whatever happened.
  }
}

export function* openTopicList() {
  const services: SagaServices = yield getContext('services');
  const who: ViewerIdentity = yield call(viewerOfPage);
  yield call(loadRelated, services, who, null);
}
