import type { Action } from '@reduxjs/toolkit';
import { buffers, type Channel } from 'redux-saga';
import { actionChannel, call, flush, race, take } from 'redux-saga/effects';

import { loadEventPassed } from '../../../platform/after-load';
import { startupIsUrgent } from '../startup';
import { shareMenuConfigured, shareMenuHidden } from './session-slice';
import type * as Workers from './session-workers';

const isSessionEvent = (action: unknown): boolean =>
  typeof (action as { type?: unknown }).type === 'string' && (action as { type: string }).type.startsWith('session/');

/** A session event a person caused (a sign-in, 我的, a share): screens set their share menu on their own. */
const isRequest = (action: unknown): boolean =>
  isSessionEvent(action) && !shareMenuConfigured.match(action) && !shareMenuHidden.match(action);

/**
 * The root saga imports only this: the flows, the login saga and the encryption they load come in their own
 * chunk; events meanwhile are buffered, not lost. The chunk comes at once where the startup sign-in may leave
 * the page or is finishing an authorization; anywhere else after the load event, or at the first request a
 * person makes of it, whichever comes first.
 */
export function* sessionSaga() {
  const early: Channel<Action> = yield actionChannel(isSessionEvent, buffers.expanding<Action>(16));
  const urgent: boolean = yield call(startupIsUrgent);
  if (!urgent) yield race([call(loadEventPassed), take(isRequest)]);
  const workers: typeof Workers = yield call(() => import(/* webpackChunkName: "session" */ './session-workers'));
  const buffered: Action[] = yield flush(early);
  early.close();
  yield call(workers.runSession, buffered);
}
