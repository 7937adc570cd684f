import type { Action } from '@reduxjs/toolkit';
import { buffers, type Channel } from 'redux-saga';
import { actionChannel, call, flush, take } from 'redux-saga/effects';

import type * as Workers from './helpers-workers';

const isHelpersEvent = (action: unknown): boolean =>
  typeof (action as { type?: unknown }).type === 'string' && (action as { type: string }).type.startsWith('helpers/');

/**
 * The root imports only this: the helper screens' sagas (and their lazy slice) load with their
 * own chunk on the first helpers event, not on every page; events meanwhile are buffered.
 */
export function* helpersSaga() {
  const early: Channel<Action> = yield actionChannel(isHelpersEvent, buffers.expanding<Action>(8));
  const first: Action = yield take(early);
  const workers: typeof Workers = yield call(() => import(/* webpackChunkName: "helpers" */ './helpers-workers'));
  const buffered: Action[] = yield flush(early);
  early.close();
  yield call(workers.runHelpers, [first, ...buffered]);
}
