import type { Action } from '@reduxjs/toolkit';
import { buffers, type Channel } from 'redux-saga';
import { actionChannel, call, flush, getContext, put, race, take } from 'redux-saga/effects';

import { loadEventPassed } from '../../../platform/after-load';
import { currentContext, type RuntimeContext } from '../../../platform/context';
import { startupFlow, startupIsUrgent } from '../startup';
import { sessionCheckRequested, shareMenuConfigured, shareMenuHidden } from './session-slice';
import type * as Workers from './session-workers';

import { readGuardEnvironment } from '@/routes';
import type { SagaServices } from '@/store';

const isSessionEvent = (action: unknown): boolean =>
  typeof (action as { type?: unknown }).type === 'string' && (action as { type: string }).type.startsWith('session/');

/** A session event a person caused (a sign-in, 我的, a share): screens set their share menu on their own. */
const isRequest = (action: unknown): boolean =>
  isSessionEvent(action) && !shareMenuConfigured.match(action) && !shareMenuHidden.match(action);

/**
 * On page load: the flow this route needs in this context (requirements.ts). Asked for here, before the
 * flows' chunk arrives, so the flow is already `checking` when the first screen's sagas make their first
 * requests, and they wait for it (sessionSettled) instead of going out with a token it is about to replace.
 */
export function* startupCheck() {
  const services: SagaServices = yield getContext('services');
  const path: string = yield call([services, services.currentPath]);
  const context: RuntimeContext = yield call(currentContext);
  const flow = startupFlow(path, yield call(readGuardEnvironment), context);
  if (flow) yield put(sessionCheckRequested({ flow }));
}

export const loadSessionWorkers = () => import(/* webpackChunkName: "session" */ './session-workers');

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
  // Buffered with the rest: the chunk's watchers run it.
  yield call(startupCheck);
  const workers: typeof Workers = yield call(loadSessionWorkers);
  const buffered: Action[] = yield flush(early);
  early.close();
  yield call(workers.runSession, buffered);
}
