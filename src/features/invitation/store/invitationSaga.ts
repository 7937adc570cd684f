import type { Action } from '@reduxjs/toolkit';
import { actionChannel, call, flush, take } from 'redux-saga/effects';
import { buffers, type Channel } from 'redux-saga';
import type * as Workers from './invitationWorkers';

const isInvitationEvent = (action: unknown): boolean =>
  typeof (action as { type?: unknown }).type === 'string' && (action as { type: string }).type.startsWith('invitation/');

/**
 * The root imports only this: the invitation workers (and the lazy slice they import) load with
 * their own chunk on the first invitation event; events meanwhile are buffered.
 */
export function* invitationSaga() {
  const early: Channel<Action> = yield actionChannel(isInvitationEvent, buffers.expanding<Action>(8));
  const first: Action = yield take(early);
  const workers: typeof Workers = yield call(() => import(/* webpackChunkName: "invitation" */ './invitationWorkers'));
  const buffered: Action[] = yield flush(early);
  early.close();
  yield call(workers.runInvitation, [first, ...buffered]);
}
