import type { Action } from '@reduxjs/toolkit';
import { actionChannel, call, flush, take } from 'redux-saga/effects';
import { buffers, type Channel } from 'redux-saga';
import type * as Workers from './marketingWorkers';

/** Event type prefixes of the marketing slices (lazy: their files are not in the first load). */
const PREFIXES = ['workbench/', 'marketingPages/'];
const isMarketingEvent = (action: unknown): boolean => {
  const type = (action as { type?: unknown }).type;
  return typeof type === 'string' && PREFIXES.some((p) => type.startsWith(p));
};

/**
 * The root imports only this: the marketing sagas load with their own chunk on the first marketing
 * event (a marketing screen opening), not on every page; events meanwhile are buffered and put again.
 */
export function* marketingSaga() {
  const early: Channel<Action> = yield actionChannel(isMarketingEvent, buffers.expanding<Action>(16));
  const first: Action = yield take(early);
  const workers: typeof Workers = yield call(() => import(/* webpackChunkName: "marketing-sagas" */ './marketingWorkers'));
  const buffered: Action[] = yield flush(early);
  early.close();
  yield call(workers.runMarketing, [first, ...buffered]);
}
