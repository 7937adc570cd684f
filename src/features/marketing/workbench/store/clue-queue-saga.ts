import type { Action } from '@reduxjs/toolkit';
import { type EventChannel, eventChannel } from 'redux-saga';
import { all, call, delay, fork, put, select, take, takeEvery, takeLeading } from 'redux-saga/effects';

import * as api from '../api';
import {
  clueQueueFlushRequested,
  clueQueueRestored,
  clueSubmitDeferred,
  clueSubmitDiscarded,
  clueSubmitQueued,
  clueSubmitRejected,
  clueSubmitSending,
  clueSubmitSucceeded,
  handleSubmitted,
  selectWorkbench,
} from './workbench-slice';
import type { QueuedSubmit } from './workbench-types';

import type { ApiErrorInfo, ServiceClients } from '@/api';
import type { ClueHandleResult, ClueHandleSubmitRequest } from '@/api/contract/market-map';
import { failureInfo, isRetriable, marketClients, NO_DATA, nowMs } from '@/features/marketing/shared';
import { readItem, removeItem, StorageKey, writeItem } from '@/platform/storage';

/** While something is pending, try again this often (the 'online' event is not reliable in every web view). */
export const QUEUE_RETRY_MS = 30_000;

const selectQueue = (s: Parameters<typeof selectWorkbench>[0]) => selectWorkbench(s).queue;

/** An idempotency key: the server answers a repeat of it with the first result and writes nothing. */
export function makeIdempotencyKey(now: number, random: () => number = Math.random): string {
  return `h${now.toString(36)}${Math.floor(random() * 36 ** 8)
    .toString(36)
    .padStart(8, '0')}`;
}

function isQueuedSubmit(v: unknown): v is QueuedSubmit {
  const q = v as QueuedSubmit | null;
  return (
    typeof q === 'object' &&
    q !== null &&
    typeof q.key === 'string' &&
    typeof q.request === 'object' &&
    q.request !== null &&
    typeof q.customerName === 'string'
  );
}

export function readStoredQueue(): QueuedSubmit[] {
  try {
    const parsed: unknown = JSON.parse(readItem(StorageKey.marketingClueQueue) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isQueuedSubmit) : [];
  } catch {
    return [];
  }
}

export function writeStoredQueue(queue: QueuedSubmit[]): void {
  if (queue.length === 0) removeItem(StorageKey.marketingClueQueue);
  else writeItem(StorageKey.marketingClueQueue, JSON.stringify(queue));
}

/** Sends one entry; a network failure keeps it (pending), a refusal marks it failed. */
export function* sendQueued(key: string) {
  const queue: QueuedSubmit[] = yield select(selectQueue);
  const entry = queue.find((q) => q.key === key);
  if (!entry) return;
  yield put(clueSubmitSending({ key }));
  const clients: ServiceClients = yield call(marketClients);
  try {
    const result: ClueHandleResult | null = yield call(api.submitClueHandle, clients, entry.request);
    if (!result) throw NO_DATA;
    yield put(clueSubmitSucceeded({ key, result, at: yield call(nowMs) }));
  } catch (error) {
    const info: ApiErrorInfo = error === NO_DATA ? NO_DATA : yield call(failureInfo, error);
    yield put(
      isRetriable(info) || info.kind === 'session-invalid'
        ? clueSubmitDeferred({ key, error: info })
        : clueSubmitRejected({ key, error: info }),
    );
  }
}

/** The sheet's 提交: into the outbox (stored first, so a reload mid-request loses nothing), then sent. */
export function* queueSubmit(action: ReturnType<typeof handleSubmitted>) {
  const { draft, customerName } = action.payload;
  const now: number = yield call(nowMs);
  const key = makeIdempotencyKey(now);
  const request: ClueHandleSubmitRequest = {
    idempotency_key: key,
    ...draft.target,
    outcome: draft.outcome,
    note: draft.note.slice(0, 500),
    ...(draft.nextFollowUp ? { next_follow_up: draft.nextFollowUp } : {}),
    submitted_at: Math.floor(now / 1000),
  };
  yield put(
    clueSubmitQueued({ key, request, customerName, queuedAt: now, status: 'sending', attempts: 0, error: null }),
  );
  yield call(sendQueued, key);
}

/** Sends every pending entry, oldest first, one at a time. */
export function* flushQueue() {
  const queue: QueuedSubmit[] = yield select(selectQueue);
  for (const entry of queue.filter((q) => q.status === 'pending')) {
    yield call(sendQueued, entry.key);
  }
}

/** Every change of the outbox is written through to storage (after the stored one was read back). */
function* persistQueue() {
  const restored: boolean = yield select((s) => selectWorkbench(s).queueRestored);
  if (!restored) return;
  const queue: QueuedSubmit[] = yield select(selectQueue);
  yield call(writeStoredQueue, queue);
}

function onlineChannel(): EventChannel<true> {
  return eventChannel((emit) => {
    const onOnline = () => emit(true);
    globalThis.addEventListener?.('online', onOnline);
    return () => globalThis.removeEventListener?.('online', onOnline);
  });
}

function* watchOnline() {
  if (typeof globalThis.addEventListener !== 'function') return;
  const channel: EventChannel<true> = yield call(onlineChannel);
  for (;;) {
    yield take(channel);
    yield put(clueQueueFlushRequested());
  }
}

function* retryWhilePending() {
  for (;;) {
    yield delay(QUEUE_RETRY_MS);
    const queue: QueuedSubmit[] = yield select(selectQueue);
    if (queue.some((q) => q.status === 'pending')) yield put(clueQueueFlushRequested());
  }
}

const QUEUE_CHANGES = new Set<string>([
  clueQueueRestored.type,
  clueSubmitQueued.type,
  clueSubmitDeferred.type,
  clueSubmitSucceeded.type,
  clueSubmitRejected.type,
  clueSubmitDiscarded.type,
]);

/** The outbox: read back on start, written through on change, flushed when the network returns. */
export function* clueQueueSaga() {
  yield all([
    takeEvery((a: Action) => QUEUE_CHANGES.has(a.type), persistQueue),
    takeEvery(handleSubmitted.type, queueSubmit),
    takeLeading(clueQueueFlushRequested.type, flushQueue),
    fork(watchOnline),
    fork(retryWhilePending),
    fork(function* restore() {
      const stored: QueuedSubmit[] = yield call(readStoredQueue);
      yield put(clueQueueRestored({ queue: stored }));
      if (stored.length > 0) yield put(clueQueueFlushRequested());
    }),
  ]);
}
