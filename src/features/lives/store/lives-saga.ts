import { all, call, getContext, put, select, take, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';

import { HOME_CATEGORY_ID } from '../../../api/contract/live-constants';
import type { LivePage, LivesByCategoryRequest } from '../../../api/contract/lives';
import { apiErrorInfo, isSessionInvalid } from '../../../api/errors';
import type { ViewerIdentity } from './identity';
import { watchLiveShare } from './live-share-saga';
import { liveRoomWatchers, onlinePollingSaga } from './live-watchers';
import {
  homeListLoaded,
  homeListLoadFailed,
  homeListMoreRequested,
  homeListOpened,
  homeListRefreshRequested,
  homeListRetried,
  serverTagsConfirmedForVisitor,
} from './lives-slice';
import { NETWORK_DOWN } from './network-down';
import { selectHomeList } from './selectors';
import { watchSubscribe } from './subscribe-saga';
import type { HomeListState } from './types';
import { viewerFor } from './viewer-saga';

import type { SagaServices } from '@/store';
import { sessionInvalidated, ssrDataHydrated } from '@/store';

/** Loads the page the current status asks for: page 1 for load/retry/refresh, the next one for "more". */
export function* loadHomePage() {
  const list: HomeListState = yield select(selectHomeList);
  // The reducer refused the event (e.g. "more" on a complete list): nothing to load.
  if (!list.query || (list.status !== 'loading' && list.status !== 'refreshing' && list.status !== 'loadingMore'))
    return;
  const page = list.status === 'loadingMore' ? list.page + 1 : 1;
  // The list is the viewer's (session, mini-program user or this device), not the link's.
  const who: ViewerIdentity = yield call(viewerFor, list.query.uuid || null);
  const request: LivesByCategoryRequest = {
    category_id: HOME_CATEGORY_ID,
    employee_id: who.employeeId,
    page,
    page_size: list.pageSize,
    ...(list.query.date ? { date: list.query.date } : {}),
  };
  const services: SagaServices = yield getContext('services');
  try {
    const result: LivePage | null = yield call([services.api.lives, services.api.lives.fetchLivesByCategory], request);
    if (result === null) {
      yield put(homeListLoadFailed(NETWORK_DOWN));
      return;
    }
    yield put(
      homeListLoaded({ page: result.page, pageSize: result.page_size, total: result.total, list: result.list }),
    );
  } catch (error) {
    const info = apiErrorInfo(error);
    yield put(homeListLoadFailed(info));
    if (isSessionInvalid(error)) yield put(sessionInvalidated({ code: info.code }));
  }
}

/**
 * The server rendered the home list for the address's mini-program user or, anywhere else, the public list
 *. A signed-in person's own tags come from the API: once the screen has opened (hydrated),
 * page 1 is reloaded in place for them; anyone else already sees what the API would answer them.
 */
export function* refreshServerListForViewer(action: ReturnType<typeof ssrDataHydrated>) {
  const home = action.payload.data.home;
  if (!home) return;
  // After hydration only: the first client render must match the server's HTML (its neutral tags included). Taken
  // before the viewer is known, since knowing a first-time guest asks the server for a visitor id (general_id) and
  // the screen opens meanwhile.
  yield take(homeListOpened.type);
  const who: ViewerIdentity = yield call(viewerFor, home.query.uuid || null);
  if (who.source !== 'session' && home.personalFor !== null) return;
  yield put(who.source === 'session' ? homeListRefreshRequested() : serverTagsConfirmedForVisitor());
}

export function* livesSaga() {
  yield all([
    // A newer open/retry/refresh makes an older answer irrelevant.
    takeLatest([homeListOpened.type, homeListRetried.type, homeListRefreshRequested.type], loadHomePage),
    // Scrolling fires "more" repeatedly; one page at a time.
    takeLeading(homeListMoreRequested.type, loadHomePage),
    takeEvery(ssrDataHydrated.type, refreshServerListForViewer),
    call(watchSubscribe),
    call(watchLiveShare),
    call(onlinePollingSaga),
    call(liveRoomWatchers),
  ]);
}
