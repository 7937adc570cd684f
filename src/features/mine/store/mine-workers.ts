import type { Action } from '@reduxjs/toolkit';
import { all, call, fork, getContext, put, takeEvery, takeLatest } from 'redux-saga/effects';

import { MINE_LISTS, mineEvents as ev, type MineItems, type MineListKey } from './mine-slice';

import { apiErrorInfo, isSessionInvalid, type ServiceClients } from '@/api';
import type { FriendList, UserBaseInfo } from '@/api/contract/invitation';
import { InvitationErrorCode } from '@/api/contract/invitation-constants';
import type { LivePage } from '@/api/contract/lives';
import type { StoreExpertPage, StoreQuestionPage } from '@/api/contract/store';
import { type InvitationApi, loadInvitationApi } from '@/features/invitation';
import { loadStoreApi, type StoreApi } from '@/features/knowledge';
import { fetchMySubscriptions } from '@/features/lives';
import { sessionSettled } from '@/features/session';
import { readItem, StorageKey, writeItem } from '@/platform/storage';
import { type SagaServices, sessionInvalidated } from '@/store';

/** How many of each list 我的 shows inline; 全部 opens the page with the rest. */
export const MINE_INLINE = 3;

type Loaded = { items: MineItems[MineListKey][]; total: number; notJoined?: boolean };
/** The live and invitation clients answer a network failure with an empty value (docs/rules/errors.md#network-failures). */
const empty = () => new Error('网络连接失败，请检查网络后重试');

function* clients() {
  yield call(sessionSettled);
  const services: SagaServices = yield getContext('services');
  return services.api.clients as ServiceClients;
}

function* bookings(c: ServiceClients) {
  const page: LivePage | null = yield call(fetchMySubscriptions, c, { page_size: MINE_INLINE });
  if (!page) throw empty();
  return { items: page.list, total: page.total };
}

function* questions(c: ServiceClients) {
  const store: StoreApi = yield call(loadStoreApi);
  const page: StoreQuestionPage | null = yield call(store.fetchMyQuestionList, c, { limit: MINE_INLINE });
  if (!page) throw empty();
  return { items: page.list, total: page.list.length + (page.next_cursor ? 1 : 0) };
}

function* follows(c: ServiceClients) {
  const store: StoreApi = yield call(loadStoreApi);
  const page: StoreExpertPage | null = yield call(store.fetchExpertList, c, { kind: 'followed', limit: MINE_INLINE });
  if (!page) throw empty();
  return { items: page.list, total: page.list.length + (page.next_cursor ? 1 : 0) };
}

/** A member's invitations; someone not in the program is told so (opening 我的 enrols no one). */
function* invitations(c: ServiceClients) {
  const mgm: InvitationApi = yield call(loadInvitationApi);
  try {
    const info: UserBaseInfo | null = yield call(mgm.userBaseInfo, c, {});
    if (!info) throw empty();
    if (info.mgmtoken) yield call(writeItem, StorageKey.mgmToken, info.mgmtoken);
  } catch (error) {
    if (apiErrorInfo(error).code === InvitationErrorCode.notMember) return { items: [], total: 0, notJoined: true };
    throw error;
  }
  const list: FriendList | null = yield call(mgm.friendList, c, 1, MINE_INLINE);
  if (!list) throw empty();
  return { items: list.list, total: list.total };
}

const LOADERS: Record<MineListKey, (c: ServiceClients) => Generator> = { bookings, questions, follows, invitations };

export function* loadMineList(key: MineListKey) {
  try {
    const c: ServiceClients = yield call(clients);
    const loaded: Loaded = yield call(LOADERS[key], c);
    yield put(ev.mineListLoaded({ key, ...loaded }));
  } catch (error) {
    const info = apiErrorInfo(error);
    if (isSessionInvalid(error)) yield put(sessionInvalidated({ code: info.code }));
    const own = error instanceof Error && !('kind' in error) ? error.message : null;
    yield put(ev.mineListFailed({ key, message: own ?? (info.message || '加载失败，请稍后重试') }));
  }
}

export function* loadMineLists() {
  // A visitor has nothing here; the screen asks them to sign in and never opens the lists.
  const token: string | null = yield call(readItem, StorageKey.token);
  if (!token) return;
  yield all(MINE_LISTS.map((key) => call(loadMineList, key)));
}

function* retry(action: ReturnType<typeof ev.mineListRetried>) {
  yield call(loadMineList, action.payload.key);
}

/** Starts the watchers, then handles the events that arrived before this chunk loaded. */
export function* runMine(early: Action[]) {
  yield fork(function* watchers() {
    yield takeLatest(ev.mineListsOpened.type, loadMineLists);
    yield takeEvery(ev.mineListRetried.type, retry);
  });
  for (const action of early) {
    if (ev.mineListsOpened.match(action)) yield fork(loadMineLists);
    if (ev.mineListRetried.match(action)) yield fork(retry, action);
  }
}
