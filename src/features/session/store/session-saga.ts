import type { Action } from '@reduxjs/toolkit';
import { buffers, type Channel } from 'redux-saga';
import { actionChannel, call, flush } from 'redux-saga/effects';

import type * as Workers from './session-workers';

const isSessionEvent = (action: unknown): boolean =>
  typeof (action as { type?: unknown }).type === 'string' && (action as { type: string }).type.startsWith('session/');

/**
 * The root saga imports only this: the flows, the login saga and the encryption they load
 * come in their own chunk after first paint; events meanwhile are buffered, not lost.
 */
export function* sessionSaga() {
  const early: Channel<Action> = yield actionChannel(isSessionEvent, buffers.expanding<Action>(16));
  const workers: typeof Workers = yield call(() => import(/* webpackChunkName: "session" */ './session-workers'));
  const buffered: Action[] = yield flush(early);
  early.close();
  yield call(workers.runSession, buffered);
}
