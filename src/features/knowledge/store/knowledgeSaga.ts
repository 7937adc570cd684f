import type { Action } from '@reduxjs/toolkit';
import { actionChannel, call, flush, take } from 'redux-saga/effects';
import { buffers, type Channel } from 'redux-saga';
import type * as Workers from './knowledgeWorkers';

const isKnowledgeEvent = (action: unknown): boolean =>
  typeof (action as { type?: unknown }).type === 'string' && (action as { type: string }).type.startsWith('knowledge/');

/**
 * The root imports only this: the store's workers (and its slice) load with their own chunk
 * on the first knowledge event; events that arrive meanwhile are buffered and replayed.
 */
export function* knowledgeSaga() {
  const early: Channel<Action> = yield actionChannel(isKnowledgeEvent, buffers.expanding<Action>(8));
  const first: Action = yield take(early);
  const workers: typeof Workers = yield call(() => import(/* webpackChunkName: "knowledge" */ './knowledgeWorkers'));
  const buffered: Action[] = yield flush(early);
  early.close();
  yield call(workers.runKnowledge, [first, ...buffered]);
}
