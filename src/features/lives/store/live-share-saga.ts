import { call, takeLeading } from 'redux-saga/effects';

import type * as Worker from './live-share-worker';
import { liveShareRequested } from './lives-slice';

let workerModule: Promise<typeof Worker> | null = null;
// The worker (platform checks, link cleaning, the WeCom hand-off) loads on the first tap.
export const loadShareWorker = () =>
  (workerModule ??= import(/* webpackChunkName: "live-share" */ './live-share-worker'));

function* share(action: ReturnType<typeof liveShareRequested>) {
  const mod: typeof Worker = yield call(loadShareWorker);
  yield call(mod.shareWorker, action);
}

/** One share sheet at a time: taps while it is open are ignored. */
export function* watchLiveShare() {
  yield takeLeading(liveShareRequested.type, share);
}
