import type { Action } from '@reduxjs/toolkit';
import type { Channel } from 'redux-saga';
import { actionChannel, all, call, delay, fork, put, select, take, takeLatest, takeLeading } from 'redux-saga/effects';

import * as api from '../api';
import {
  cardDetailLoaded,
  cardDetailLoadFailed,
  cardDetailRequested,
  cardRestored,
  cardRestoreFailed,
  cardRestoreRequested,
  ignoredListLoaded,
  ignoredListLoadFailed,
  ignoredListRequested,
  type PagesState,
  searchFailed,
  searchKeywordChanged,
  searchLoaded,
  searchRecentCleared,
  searchRecentRestored,
  searchStarted,
  selectPages,
  settingsChangeRequested,
  settingsLoaded,
  settingsLoadFailed,
  settingsRequested,
  settingsSaved,
  settingsSaveFailed,
  statsLoaded,
  statsLoadFailed,
  statsRequested,
  userListLoaded,
  userListLoadFailed,
  userListRequested,
} from './pages-slice';
import { cardStateChanged } from './workbench-slice';

import type { ServiceClients } from '@/api';
import type {
  CardItem,
  CardPage,
  CardStats,
  ChanceDetail,
  FeedbackCancelResult,
  RuleSettings,
  SearchResult,
  UserPage,
} from '@/api/contract/market-map';
import { failureInfo, marketClients, NO_DATA, nowMs } from '@/features/marketing/shared';
import { readItem, StorageKey, writeItem } from '@/platform/storage';

/** Keystrokes closer together than this make one search. */
export const SEARCH_DEBOUNCE_MS = 300;
const PAGE = 30;

export function* search(action: ReturnType<typeof searchKeywordChanged>) {
  const keyword = action.payload.keyword.trim().slice(0, 30);
  if (!keyword) return;
  yield delay(SEARCH_DEBOUNCE_MS);
  yield put(searchStarted());
  const clients: ServiceClients = yield call(marketClients);
  try {
    const result: SearchResult | null = yield call(api.searchKeyword, clients, { keyword, limit: 20 });
    if (!result) throw NO_DATA;
    yield put(searchLoaded({ keyword, result }));
    const pages: PagesState = yield select(selectPages);
    yield call(writeItem, StorageKey.marketingRecentSearch, JSON.stringify(pages.search.recent));
  } catch (error) {
    yield put(searchFailed({ keyword, error: error === NO_DATA ? NO_DATA : yield call(failureInfo, error) }));
  }
}

function* restoreRecent() {
  try {
    const parsed: unknown = JSON.parse((yield call(readItem, StorageKey.marketingRecentSearch)) ?? '[]');
    if (Array.isArray(parsed))
      yield put(
        searchRecentRestored({ recent: parsed.filter((k): k is string => typeof k === 'string' && k.length <= 30) }),
      );
  } catch {
    // A damaged entry is forgotten.
  }
}

const wantsMore = (a: Action) => (a as { payload?: { mode?: string } }).payload?.mode === 'more';
/** Whether a paged list's status is the one this request's mode put it in (else the reducer refused it). */
const accepted = (a: Action, status: string) =>
  wantsMore(a) ? status === 'loadingMore' : status === 'loading' || status === 'refreshing';

export function* loadUsers(action: Action) {
  const { users }: PagesState = yield select(selectPages);
  if (!accepted(action, users.status)) return;
  const more = users.status === 'loadingMore';
  const clients: ServiceClients = yield call(marketClients);
  try {
    const page: UserPage | null = yield call(api.fetchUserList, clients, {
      order: users.filter.order,
      limit: PAGE,
      ...(users.filter.tag ? { tag: users.filter.tag } : {}),
      ...(users.filter.risk ? { risk_level: users.filter.risk } : {}),
      ...(more && users.cursor ? { cursor: users.cursor } : {}),
    });
    if (!page) throw NO_DATA;
    yield put(userListLoaded({ page, replace: !more }));
  } catch (error) {
    yield put(userListLoadFailed({ error: error === NO_DATA ? NO_DATA : yield call(failureInfo, error) }));
  }
}

function* loadStats() {
  const clients: ServiceClients = yield call(marketClients);
  try {
    const data: CardStats | null = yield call(api.fetchCardStats, clients);
    if (!data) throw NO_DATA;
    yield put(statsLoaded(data));
  } catch (error) {
    yield put(statsLoadFailed({ error: error === NO_DATA ? NO_DATA : yield call(failureInfo, error) }));
  }
}

function* loadSettings() {
  const clients: ServiceClients = yield call(marketClients);
  try {
    const data: RuleSettings | null = yield call(api.fetchRuleSettings, clients);
    if (!data) throw NO_DATA;
    yield put(settingsLoaded(data));
  } catch (error) {
    yield put(settingsLoadFailed({ error: error === NO_DATA ? NO_DATA : yield call(failureInfo, error) }));
  }
}

/** One change: already shown (optimistic); the server's answer confirms it, a failure rolls back. */
export function* saveSettings(action: ReturnType<typeof settingsChangeRequested>) {
  const clients: ServiceClients = yield call(marketClients);
  try {
    const data: RuleSettings | null = yield call(api.saveRuleSettings, clients, action.payload.change);
    if (!data) throw NO_DATA;
    yield put(settingsSaved({ settings: data, notice: action.payload.notice }));
  } catch (error) {
    yield put(settingsSaveFailed({ error: error === NO_DATA ? NO_DATA : yield call(failureInfo, error) }));
  }
}

/** Changes are saved one after another in the order made, so the last one wins on the server too. */
export function* watchSettingsSaves() {
  const channel: Channel<Action> = yield actionChannel(settingsChangeRequested.type);
  for (;;) {
    const action: ReturnType<typeof settingsChangeRequested> = yield take(channel);
    const { settings }: PagesState = yield select(selectPages);
    if (settings.saving) yield call(saveSettings, action);
  }
}

export function* loadIgnored(action: Action) {
  const { ignored }: PagesState = yield select(selectPages);
  if (!accepted(action, ignored.status)) return;
  const more = ignored.status === 'loadingMore';
  const clients: ServiceClients = yield call(marketClients);
  try {
    const page: CardPage | null = yield call(api.fetchChanceList, clients, {
      state: 'ignored',
      limit: PAGE,
      ...(more && ignored.cursor ? { cursor: ignored.cursor } : {}),
    });
    if (!page) throw NO_DATA;
    yield put(ignoredListLoaded({ page, replace: !more }));
  } catch (error) {
    yield put(ignoredListLoadFailed({ error: error === NO_DATA ? NO_DATA : yield call(failureInfo, error) }));
  }
}

export function* restoreCard(action: ReturnType<typeof cardRestoreRequested>) {
  const { cardId } = action.payload;
  const clients: ServiceClients = yield call(marketClients);
  try {
    const r: FeedbackCancelResult | null = yield call(api.feedbackCancel, clients, {
      card_id: cardId,
      action: 'restore',
    });
    if (!r) throw NO_DATA;
    yield put(cardRestored({ cardId, state: r.state as CardItem['state'] }));
    yield put(cardStateChanged({ cardId, state: r.state, notice: '已恢复到工作台', at: yield call(nowMs) }));
    // The detail's history gains its 恢复 step from the server, not from a guess here.
    yield put(cardDetailRequested({ cardId }));
  } catch (error) {
    yield put(cardRestoreFailed({ cardId, error: error === NO_DATA ? NO_DATA : yield call(failureInfo, error) }));
  }
}

function* loadDetail(action: ReturnType<typeof cardDetailRequested>) {
  const { cardId } = action.payload;
  const clients: ServiceClients = yield call(marketClients);
  try {
    const data: ChanceDetail | null = yield call(api.fetchChanceDetail, clients, cardId);
    if (!data) throw NO_DATA;
    yield put(cardDetailLoaded(data));
  } catch (error) {
    yield put(cardDetailLoadFailed({ cardId, error: error === NO_DATA ? NO_DATA : yield call(failureInfo, error) }));
  }
}

const modeIs = (type: string, more: boolean) => (a: Action) => a.type === type && wantsMore(a) === more;

export function* pagesWatchers() {
  yield all([
    fork(restoreRecent),
    takeLatest(searchKeywordChanged.type, search),
    takeLatest(searchRecentCleared.type, function* clear() {
      yield call(writeItem, StorageKey.marketingRecentSearch, '[]');
    }),
    takeLatest(modeIs(userListRequested.type, false), loadUsers),
    takeLeading(modeIs(userListRequested.type, true), loadUsers),
    takeLatest(statsRequested.type, loadStats),
    takeLatest(settingsRequested.type, loadSettings),
    fork(watchSettingsSaves),
    takeLatest(modeIs(ignoredListRequested.type, false), loadIgnored),
    takeLeading(modeIs(ignoredListRequested.type, true), loadIgnored),
    takeLeading(cardRestoreRequested.type, restoreCard),
    takeLatest(cardDetailRequested.type, loadDetail),
  ]);
}
