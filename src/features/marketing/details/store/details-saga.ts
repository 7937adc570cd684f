import type { Action } from '@reduxjs/toolkit';
import { all, call, put, select, takeEvery } from 'redux-saga/effects';

import { DETAIL_FETCHERS, LIST_FETCHERS } from './details-fetchers';
import {
  type DetailEntry,
  type DetailList,
  detailListLoaded,
  detailListLoadFailed,
  detailListRequested,
  detailLoaded,
  detailLoadFailed,
  detailRequested,
  EMPTY_ENTRY,
  EMPTY_LIST,
  selectDetails,
} from './details-slice';
import type { Clients } from './fetchers/fetcher-types';

import type { ApiErrorInfo } from '@/api';
import { failureInfo, marketClients, NO_DATA } from '@/features/marketing/shared';
import type { RootState } from '@/store';

type AnyFetcher = (c: Clients, params: object) => Promise<unknown>;
type AnyListFetcher = (
  c: Clients,
  params: object,
) => Promise<{ list: unknown[]; next_cursor: string | null; total?: number } | null>;

/** An unknown kind is a programming error, reported as a failure the screen can show (not a crash). */
const UNKNOWN_KIND: ApiErrorInfo = {
  kind: 'malformed',
  code: null,
  httpStatus: null,
  message: '页面数据类型未知，请返回重试',
};

function* errorOf(error: unknown) {
  if (error === NO_DATA || error === UNKNOWN_KIND) return error as ApiErrorInfo;
  return (yield call(failureInfo, error)) as ApiErrorInfo;
}

export function* loadDetail(fetchers: Record<string, AnyFetcher>, action: ReturnType<typeof detailRequested>) {
  const { key, kind, params } = action.payload;
  const entry: DetailEntry = yield select((s: RootState) => selectDetails(s).entries[key] ?? EMPTY_ENTRY);
  // The reducer skipped a first load of something loaded or on its way: nothing to do.
  if (entry.status !== 'loading') return;
  try {
    const fetch = fetchers[kind];
    if (!fetch) throw UNKNOWN_KIND;
    const clients: Clients = yield call(marketClients);
    const data: unknown = yield call(fetch, clients, params);
    if (data === null || data === undefined) throw NO_DATA;
    yield put(detailLoaded({ key, requestId: entry.requestId, data }));
  } catch (error) {
    yield put(detailLoadFailed({ key, requestId: entry.requestId, error: yield call(errorOf, error) }));
  }
}

export function* loadDetailList(
  fetchers: Record<string, AnyListFetcher>,
  action: ReturnType<typeof detailListRequested>,
) {
  const { key, kind, params, mode } = action.payload;
  const list: DetailList = yield select((s: RootState) => selectDetails(s).lists[key] ?? EMPTY_LIST);
  if (list.status !== 'loading' && list.status !== 'refreshing' && list.status !== 'loadingMore') return;
  const append = mode === 'more';
  try {
    const fetch = fetchers[kind];
    if (!fetch) throw UNKNOWN_KIND;
    const clients: Clients = yield call(marketClients);
    const page: Awaited<ReturnType<AnyListFetcher>> = yield call(
      fetch,
      clients,
      append && list.next ? { ...params, cursor: list.next } : params,
    );
    if (!page) throw NO_DATA;
    yield put(
      detailListLoaded({
        key,
        requestId: list.requestId,
        items: page.list,
        next: page.next_cursor,
        total: page.total ?? null,
        append,
      }),
    );
  } catch (error) {
    yield put(detailListLoadFailed({ key, requestId: list.requestId, error: yield call(errorOf, error) }));
  }
}

/**
 * Each key loads on its own (takeEvery), and the requestId in the slice drops an older answer for the
 * same key, so a refresh while a first load is out shows the newer answer only. Fetchers are a
 * parameter so tests can run the saga against their own.
 */
export function* detailsWatchers(
  fetchers: Record<string, AnyFetcher> = DETAIL_FETCHERS as Record<string, AnyFetcher>,
  lists: Record<string, AnyListFetcher> = LIST_FETCHERS as Record<string, AnyListFetcher>,
) {
  yield all([
    takeEvery(detailRequested.type, (a: Action) => loadDetail(fetchers, a as ReturnType<typeof detailRequested>)),
    takeEvery(detailListRequested.type, (a: Action) =>
      loadDetailList(lists, a as ReturnType<typeof detailListRequested>),
    ),
  ]);
}
