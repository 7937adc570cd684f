import { call, fork, select, take } from 'redux-saga/effects';
import type { RootState } from '@/store';
import { liveSubscribeRequested } from './livesSlice';
import type * as Worker from './subscribeWorker';

let workerModule: Promise<typeof Worker> | null = null;
// The worker (payload, identity, WeChat step) loads on the first tap, not with the home route.
export const loadSubscribeWorker = () => (workerModule ??= import(/* webpackChunkName: "live-subscribe" */ './subscribeWorker'));

/**
 * One call per live at a time: the reducer marks the live pending on the first tap and
 * ignores taps until the answer, and this watcher only forks when the reducer accepted.
 */
export function* watchSubscribe() {
  const inFlight = new Set<number>();
  while (true) {
    const action: ReturnType<typeof liveSubscribeRequested> = yield take(liveSubscribeRequested.type);
    const { liveId } = action.payload;
    const accepted: boolean = yield select((s: RootState) => Boolean(s.lives.pendingSubscribe[liveId]));
    if (!accepted || inFlight.has(liveId)) continue;
    inFlight.add(liveId);
    yield fork(function* run() {
      try {
        const mod: typeof Worker = yield call(loadSubscribeWorker);
        yield call(mod.subscribeWorker, action.payload);
      } finally {
        inFlight.delete(liveId);
      }
    });
  }
}
