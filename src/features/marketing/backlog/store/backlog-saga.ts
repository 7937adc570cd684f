import { call, put, takeEvery } from 'redux-saga/effects';

import { backlogCardPulled, backlogPullFailed, backlogPullRequested } from './backlog-slice';

import type { ApiErrorInfo } from '@/api';
import type { PullResult } from '@/api/contract/market-map-backlog';
import type { Clients } from '@/features/marketing/details';
import { detailKey, detailListRequested, detailRequested, pullCard } from '@/features/marketing/details';
import { failureInfo, marketClients, NO_DATA } from '@/features/marketing/shared';

/** 提前处理: the card is let in; 待处理 and 今日 are then read again (their counts and lists move together). */
export function* pullWorker(action: ReturnType<typeof backlogPullRequested>) {
  const { cardId } = action.payload;
  try {
    const clients: Clients = yield call(marketClients);
    const out: PullResult | null = yield call(pullCard, clients, { card_id: cardId });
    if (!out) {
      yield put(backlogPullFailed({ cardId, message: NO_DATA.message }));
      return;
    }
    yield put(backlogCardPulled({ cardId }));
  } catch (error) {
    const info: ApiErrorInfo = yield call(failureInfo, error);
    yield put(backlogPullFailed({ cardId, message: info.message || '提前处理失败，请重试' }));
  }
  // Pulled or refused (already let in meanwhile): what the screens show is read afresh either way.
  yield put(
    detailListRequested({ key: detailKey('waitingCards', {}), kind: 'waitingCards', params: {}, mode: 'refresh' }),
  );
  const summary = { limit: 1 };
  yield put(
    detailRequested({
      key: detailKey('waitingSummary', summary),
      kind: 'waitingSummary',
      params: summary,
      mode: 'refresh',
    }),
  );
  yield put(detailRequested({ key: detailKey('todayCards', {}), kind: 'todayCards', params: {}, mode: 'refresh' }));
}

export function* backlogWatchers() {
  yield takeEvery(backlogPullRequested.type, pullWorker);
}
