import type { Action } from '@reduxjs/toolkit';
import { buffers, type Channel } from 'redux-saga';
import { actionChannel, call, flush, take } from 'redux-saga/effects';

/**
 * A feature's root saga for the first load when its screens are lazy: it waits for the feature's
 * first event (a screen of it opening), loads the feature's workers from their own chunk, and hands
 * them that event and any that came while the chunk loaded, so nothing is lost and the home screen
 * carries none of the feature's code.
 */
export function lazyFeatureSaga(prefixes: readonly string[], load: () => Promise<(events: Action[]) => unknown>) {
  const isFeatureEvent = (action: unknown): boolean => {
    const type = (action as { type?: unknown }).type;
    return typeof type === 'string' && prefixes.some((p) => type.startsWith(p));
  };
  return function* featureSaga() {
    const early: Channel<Action> = yield actionChannel(isFeatureEvent, buffers.expanding<Action>(16));
    const first: Action = yield take(early);
    const run: (events: Action[]) => unknown = yield call(load);
    const buffered: Action[] = yield flush(early);
    early.close();
    yield call(run, [first, ...buffered]);
  };
}
