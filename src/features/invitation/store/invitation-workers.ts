import type { Action } from '@reduxjs/toolkit';
import type { Task } from 'redux-saga';
import {
  all,
  call,
  cancel,
  delay,
  fork,
  getContext,
  put,
  select,
  take,
  takeLatest,
  takeLeading,
} from 'redux-saga/effects';

import * as api from '../api';
import { downloadEvents } from './download-slice';
import { loadDownloadLinks, wakeFromDownloadPage } from './download-workers';
import { invitationEvents as ev, selectFriends, selectGifts, selectLanding } from './invitation-slice';

import { ApiError, apiErrorInfo, isSessionInvalid, type ServiceClients } from '@/api';
import type { PhoneRegion } from '@/api/contract/auth';
import type {
  FriendList,
  GiftList,
  LearningTask,
  MgmRegistered,
  MgmRsaKey,
  MgmSentCode,
  ShareUserInfo,
  TaskList,
  UserBaseInfo,
} from '@/api/contract/invitation';
import { InvitationErrorCode } from '@/api/contract/invitation-constants';
import { loadOfferedRegions, sessionSettled } from '@/features/session';
import { rsaEncrypt } from '@/lib/crypto';
import { copyText } from '@/platform/clipboard';
import { readItem, removeItem, StorageKey, writeItem } from '@/platform/storage';
import { type SagaServices, sessionInvalidated } from '@/store';

export const PAGE_SIZE = 10;
/** The invitation client answers a network failure with an empty value (docs/rules/errors.md#network-failures); we say so. */
const EMPTY = () => new ApiError({ kind: 'network', detail: 'empty value after a network failure' });

function* clients() {
  yield call(sessionSettled);
  const services: SagaServices = yield getContext('services');
  return services.api.clients as Pick<ServiceClients, 'invitation'>;
}

/** The invitation program's device id, made once and kept (self-referral and first-touch checks). */
export function deviceId(): string {
  const known = readItem(StorageKey.mgmDevice);
  if (known && /^[A-Za-z0-9_-]{8,64}$/.test(known)) return known;
  const made =
    `d${(globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`).replace(/[^A-Za-z0-9]/g, '')}`.slice(
      0,
      40,
    );
  writeItem(StorageKey.mgmDevice, made);
  return made;
}

/** FNV-1a of the attempt's fields: tells a resend of the same form from a new one without storing the code. */
function attemptHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(36);
}

/**
 * The requestId of this registration attempt: the one kept from an earlier send of the same phone
 * and code (whose answer may have been lost with the connection), else a new one, kept until answered.
 */
export function registrationRequestId(region: string, phone: string, code: string): string {
  const attempt = attemptHash(`${region}-${phone}-${code}`);
  const [keptAttempt, keptId] = (readItem(StorageKey.mgmPendingRegistration) ?? '').split(':');
  if (keptAttempt === attempt && keptId && /^[A-Za-z0-9_-]{16,64}$/.test(keptId)) return keptId;
  const made =
    `r${(globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`).replace(/[^A-Za-z0-9]/g, '')}`.slice(
      0,
      40,
    );
  writeItem(StorageKey.mgmPendingRegistration, `${attempt}:${made}`);
  return made;
}

function* failWith(error: unknown, failed: (p: { message: string }) => Action) {
  if (isSessionInvalid(error)) yield put(sessionInvalidated({ code: apiErrorInfo(error).code }));
  yield put(failed({ message: apiErrorInfo(error).message }));
}

export function* loadFriends(page: number) {
  try {
    const c: Pick<ServiceClients, 'invitation'> = yield call(clients);
    const list: FriendList | null = yield call(api.friendList, c, page, PAGE_SIZE);
    if (!list) throw EMPTY();
    yield put(ev.friendsLoaded({ items: list.list, page: list.page, total: list.total }));
  } catch (error) {
    yield call(failWith, error, ev.friendsFailed);
  }
}

export function* loadGifts(page: number) {
  try {
    const c: Pick<ServiceClients, 'invitation'> = yield call(clients);
    const list: GiftList | null = yield call(api.giftList, c, page, PAGE_SIZE);
    if (!list) throw EMPTY();
    yield put(
      ev.giftsLoaded({
        items: list.list,
        page: list.page,
        total: list.total,
        pendingPoints: list.pendingPoints,
        grantedPoints: list.grantedPoints,
      }),
    );
  } catch (error) {
    yield call(failWith, error, ev.giftsFailed);
  }
}

/**
 * /record: a member is signed in to the programme (a user token becomes an mgmtoken), then both lists. Opening it
 * enrols no one: a visitor, or a signed-in person who has not joined, is told so and offered 加入.
 */
export function* loadRecord() {
  const token: string | null = yield call(readItem, StorageKey.token);
  const mgmToken: string | null = yield call(readItem, StorageKey.mgmToken);
  if (!token && !mgmToken) {
    yield put(ev.memberNotJoined());
    return;
  }
  try {
    const c: Pick<ServiceClients, 'invitation'> = yield call(clients);
    const device: string = yield call(deviceId);
    const info: UserBaseInfo | null = yield call(api.userBaseInfo, c, { deviceId: device });
    if (!info) throw EMPTY();
    if (info.mgmtoken) yield call(writeItem, StorageKey.mgmToken, info.mgmtoken);
    const { mgmtoken: _token, ...member } = info;
    yield put(ev.memberLoaded(member));
  } catch (error) {
    if (apiErrorInfo(error).code === InvitationErrorCode.notMember) yield put(ev.memberNotJoined());
    else yield call(failWith, error, ev.memberFailed);
    return;
  }
  yield all([call(loadFriends, 1), call(loadGifts, 1), call(loadTasks)]);
}

/** 加入 tapped: the explicit enrolment; a visitor is sent to sign in first (and taps 加入 again on return). */
export function* joinProgram() {
  try {
    const c: Pick<ServiceClients, 'invitation'> = yield call(clients);
    const device: string = yield call(deviceId);
    const info: UserBaseInfo | null = yield call(api.join, c, { deviceId: device });
    if (!info) throw EMPTY();
    if (info.mgmtoken) yield call(writeItem, StorageKey.mgmToken, info.mgmtoken);
    const { mgmtoken: _token, ...member } = info;
    yield put(ev.joined(member));
  } catch (error) {
    yield call(failWith, error, ev.joinFailed);
    return;
  }
  yield all([call(loadFriends, 1), call(loadGifts, 1), call(loadTasks)]);
}

export function* loadTasks() {
  try {
    const c: Pick<ServiceClients, 'invitation'> = yield call(clients);
    const list: TaskList | null = yield call(api.taskList, c);
    if (!list) throw EMPTY();
    yield put(ev.tasksLoaded({ list: list.list }));
  } catch (error) {
    yield call(failWith, error, ev.tasksFailed);
  }
}

/** Counts a reading task's wait down once a second on screen; the server decides when it may complete. */
export function* countReading(task: LearningTask) {
  for (let left = task.secondsLeft; left > 0; left -= 1) {
    yield delay(1000);
    yield put(ev.taskTicked({ articleId: task.articleId }));
  }
}

/** Start or complete a learning task; a task being read gets its countdown (one at a time). */
export function* runTask(
  action: ReturnType<typeof ev.taskStartRequested> | ReturnType<typeof ev.taskCompleteRequested>,
) {
  try {
    const c: Pick<ServiceClients, 'invitation'> = yield call(clients);
    const call_ = action.type === ev.taskStartRequested.type ? api.taskStart : api.taskComplete;
    const task: LearningTask | null = yield call(call_, c, action.payload.articleId);
    if (!task) throw EMPTY();
    yield put(ev.taskUpdated(task));
    if (task.state === 'reading' && task.secondsLeft > 0) yield call(countReading, task);
    // A completed task earned points: the rewards tab reads them again.
    if (task.state === 'done') yield call(loadGifts, 1);
  } catch (error) {
    yield call(failWith, error, ev.taskFailed);
  }
}

/** Identity verification: userBaseInfo with the real name and resident ID (checked again on the server). */
export function* submitIdentity(action: ReturnType<typeof ev.identitySubmitted>) {
  try {
    const c: Pick<ServiceClients, 'invitation'> = yield call(clients);
    const info: UserBaseInfo | null = yield call(api.userBaseInfo, c, { identity: action.payload });
    if (!info) throw EMPTY();
    const { mgmtoken: _token, ...member } = info;
    yield put(ev.identityVerified(member));
  } catch (error) {
    yield call(failWith, error, ev.identityFailed);
  }
}

/** Task calls one after another; a new start cancels the previous countdown (only one task is read at a time). */
export function* watchTasks() {
  let running: Task | null = null;
  while (true) {
    const action: ReturnType<typeof ev.taskStartRequested> = yield take([
      ev.taskStartRequested.type,
      ev.taskCompleteRequested.type,
    ]);
    if (running?.isRunning()) yield cancel(running);
    running = yield fork(runTask, action);
  }
}

export function* loadMoreFriends() {
  const s: ReturnType<typeof selectFriends> = yield select(selectFriends);
  if (s.loadingMore) yield call(loadFriends, s.page + 1);
}
export function* loadMoreGifts() {
  const s: ReturnType<typeof selectGifts> = yield select(selectGifts);
  if (s.loadingMore) yield call(loadGifts, s.page + 1);
}

export function* loadRegions() {
  const services: SagaServices = yield getContext('services');
  try {
    if (!services.auth) throw new ApiError({ kind: 'http', detail: 'SagaServices.auth is missing' });
    const list: PhoneRegion[] = yield call(loadOfferedRegions, services.auth);
    yield put(ev.regionsLoaded({ list }));
  } catch (error) {
    yield put(ev.regionsFailed({ message: apiErrorInfo(error).message }));
  }
}

/** The landing page: the inviter (this also records the link as opened) and the phone regions. */
export function* loadLanding(action: ReturnType<typeof ev.landingOpened>) {
  yield fork(loadRegions);
  try {
    const c: Pick<ServiceClients, 'invitation'> = yield call(clients);
    const device: string = yield call(deviceId);
    const info: ShareUserInfo | null = yield call(api.getShareUserInfo, c, action.payload.shareCode, device);
    if (!info) throw EMPTY();
    yield put(ev.landingLoaded(info));
  } catch (error) {
    yield put(ev.landingFailed({ message: apiErrorInfo(error).message }));
  }
}

/** Send the code, then count the resend wait down once a second. */
export function* sendCode(action: ReturnType<typeof ev.registerCodeRequested>) {
  try {
    const c: Pick<ServiceClients, 'invitation'> = yield call(clients);
    const sent: MgmSentCode | null = yield call(api.sendCode, c, action.payload.region, action.payload.phone);
    if (!sent) throw EMPTY();
    yield put(ev.registerCodeSent({ resendIn: sent.resend_in }));
    for (let left = sent.resend_in; left > 0; left -= 1) {
      yield delay(1000);
      yield put(ev.registerCountdownTicked());
    }
  } catch (error) {
    yield put(ev.registerCodeFailed({ message: apiErrorInfo(error).message }));
  }
}

/** Register: the password leaves encrypted with the getRSA key; the mgmtoken is kept. */
export function* submitRegistration(action: ReturnType<typeof ev.registerSubmitted>) {
  try {
    const c: Pick<ServiceClients, 'invitation'> = yield call(clients);
    const landing: ReturnType<typeof selectLanding> = yield select(selectLanding);
    const key: MgmRsaKey | null = yield call(api.getRsa, c);
    if (!key) throw EMPTY();
    const password: string = yield call(rsaEncrypt, key.pubKey, action.payload.password);
    const device: string = yield call(deviceId);
    const { region, phone, code, agree } = action.payload;
    const requestId: string = yield call(registrationRequestId, region, phone, code);
    const result: MgmRegistered | null = yield call(api.register, c, {
      region,
      phone,
      code,
      password,
      agree,
      deviceId: device,
      requestId,
      ...(landing.shareCode ? { shareCode: landing.shareCode } : {}),
    });
    if (!result) throw EMPTY();
    yield call(writeItem, StorageKey.mgmToken, result.mgmtoken);
    yield call(removeItem, StorageKey.mgmPendingRegistration);
    yield put(ev.registered(result));
  } catch (error) {
    yield put(ev.registerFailed({ message: apiErrorInfo(error).message }));
  }
}

/** How long the 复制链接 toast stays. */
export const COPY_TOAST_MS = 2000;

/** 复制链接: the clipboard (or its fallback), then a toast that hides itself. */
export function* copyInviteLink(action: ReturnType<typeof ev.inviteLinkCopyRequested>) {
  try {
    yield call(copyText, action.payload.link);
    yield put(ev.inviteLinkCopied());
  } catch {
    yield put(ev.inviteLinkCopyFailed());
  }
  yield delay(COPY_TOAST_MS);
  yield put(ev.inviteLinkToastHidden());
}

const HANDLERS: Record<string, (action: never) => Generator> = {
  [ev.inviteLinkCopyRequested.type]: copyInviteLink,
  [ev.recordOpened.type]: loadRecord,
  [ev.joinRequested.type]: joinProgram,
  [ev.friendsMoreRequested.type]: loadMoreFriends,
  [ev.giftsMoreRequested.type]: loadMoreGifts,
  [ev.landingOpened.type]: loadLanding,
  [ev.registerCodeRequested.type]: sendCode,
  [ev.registerSubmitted.type]: submitRegistration,
  [ev.identitySubmitted.type]: submitIdentity,
  [ev.regionsRequested.type]: loadRegions,
  [ev.taskStartRequested.type]: runTask,
  [ev.taskCompleteRequested.type]: runTask,
  [downloadEvents.downloadPageOpened.type]: loadDownloadLinks,
  [downloadEvents.appWakeRequested.type]: wakeFromDownloadPage,
};

/** Started by invitationSaga once the chunk is in: the watchers, and the events that woke it handled once. */
export function* runInvitation(buffered: Action[] = []) {
  yield fork(function* watchers() {
    yield all([
      takeLatest(ev.recordOpened.type, loadRecord),
      takeLeading(ev.joinRequested.type, joinProgram),
      takeLeading(ev.friendsMoreRequested.type, loadMoreFriends),
      takeLeading(ev.giftsMoreRequested.type, loadMoreGifts),
      takeLatest(ev.landingOpened.type, loadLanding),
      takeLeading(ev.registerCodeRequested.type, sendCode),
      takeLeading(ev.registerSubmitted.type, submitRegistration),
      takeLeading(ev.identitySubmitted.type, submitIdentity),
      takeLeading(ev.regionsRequested.type, loadRegions),
      takeLatest(ev.inviteLinkCopyRequested.type, copyInviteLink),
      takeLatest(downloadEvents.downloadPageOpened.type, loadDownloadLinks),
      takeLeading(downloadEvents.appWakeRequested.type, wakeFromDownloadPage),
      call(watchTasks),
    ]);
  });
  for (const action of buffered) {
    const handler = HANDLERS[action.type];
    if (handler) yield fork(handler as (a: Action) => Generator, action);
  }
}
