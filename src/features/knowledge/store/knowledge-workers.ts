import type { Action } from '@reduxjs/toolkit';
import { all, call, fork, getContext, put, select, takeEvery, takeLeading } from 'redux-saga/effects';

import * as api from '../api';
import {
  followFailed,
  followSettled,
  followTapped,
  listFailed,
  listLoaded,
  listRequested,
  qualificationConfirmed,
  qualificationDeclined,
  qualificationFailed,
  qualificationSubmitted,
  questionAccepted,
  questionRefused,
  questionSubmitted,
  resourceFailed,
  resourceLoaded,
  resourceRequested,
  reviewDecided,
  reviewDecisionFailed,
  reviewDecisionRecorded,
  thumbsFailed,
  thumbsSettled,
  thumbsTapped,
} from './knowledge-slice';
import { selectList, selectResource } from './selectors';

import { apiErrorInfo, isApiError, isSessionInvalid } from '@/api';
import { type RootState, type SagaServices, sessionInvalidated } from '@/store';

type Clients = SagaServices['api']['clients'];
const PAGE = 10;

function* clients() {
  const services: SagaServices = yield getContext('services');
  return services.api.clients;
}

/** A failure's words for the screen (a worker's own Error keeps its words); a dead session also goes to the sign-in flow. */
function* failureMessage(error: unknown) {
  if (!isApiError(error) && error instanceof Error && error.message) return error.message;
  const info = apiErrorInfo(error);
  if (isSessionInvalid(error)) yield put(sessionInvalidated({ code: info.code }));
  return info.message || '网络异常，请稍后重试';
}

export function* loadList(action: ReturnType<typeof listRequested>) {
  const { key, kind, query, mode } = action.payload;
  const list: ReturnType<typeof selectList> = yield select((s: RootState) => selectList(s, key));
  if (mode === 'more' && list.status !== 'loadingMore') return;
  const c: Clients = yield call(clients);
  try {
    const page: { list: unknown[]; next_cursor: string | null } | null = yield call(api.LIST_FETCHERS[kind], c, {
      limit: PAGE,
      ...query,
      ...(mode === 'more' && list.next ? { cursor: list.next } : {}),
    });
    if (!page) throw new Error('网络异常，请下拉重试');
    yield put(
      listLoaded({ key, requestId: list.requestId, items: page.list, next: page.next_cursor, append: mode === 'more' }),
    );
  } catch (error) {
    const message: string = yield call(failureMessage, error);
    yield put(listFailed({ key, requestId: list.requestId, message }));
  }
}

const RESOURCES = {
  index: (c: Clients) => api.fetchStoreIndex(c),
  qa: (c: Clients, id: number) => api.fetchQaDetail(c, id),
  member: (c: Clients, id: number) => api.fetchCoreMember(c, id),
  fund: (c: Clients, id: number) => api.fetchFundDetail(c, id),
  contract: (c: Clients, id: number) => api.fetchPrivateContract(c, id),
  role: (c: Clients) => api.fetchReviewRole(c),
} as const;

export function* loadResource(action: ReturnType<typeof resourceRequested>) {
  const { key, kind, id } = action.payload;
  const r: ReturnType<typeof selectResource> = yield select((s: RootState) => selectResource(s, key));
  const c: Clients = yield call(clients);
  try {
    const data: unknown = yield call(RESOURCES[kind] as (c: Clients, id: number) => Promise<unknown>, c, id ?? 0);
    if (data === null) throw new Error('网络异常，请重试');
    yield put(resourceLoaded({ key, requestId: r.requestId, data }));
  } catch (error) {
    const message: string = yield call(failureMessage, error);
    yield put(resourceFailed({ key, requestId: r.requestId, message }));
  }
}

/** Sends the state the tap asked for; a retried request sets the same state, so it counts once. */
export function* sendThumbs(action: ReturnType<typeof thumbsTapped>) {
  const { itemType, itemId } = action.payload;
  const key = `${itemType}:${itemId}`;
  const like: { liked: boolean; pending: boolean } | undefined = yield select(
    (s: RootState) => s.knowledge?.likes[key],
  );
  if (!like?.pending) return;
  const c: Clients = yield call(clients);
  try {
    const result: { liked: boolean; likes: number } | null = yield call(api.postThumbsUp, c, {
      item_type: itemType,
      item_id: itemId,
      liked: like.liked,
    });
    if (!result) throw new Error('网络异常');
    yield put(thumbsSettled({ key, liked: result.liked, likes: result.likes }));
  } catch (error) {
    yield call(failureMessage, error);
    yield put(thumbsFailed({ key }));
  }
}

/** Sends the follow state the tap asked for; a retried request sets the same state, so it counts once. */
export function* sendFollow(action: ReturnType<typeof followTapped>) {
  const { expertId } = action.payload;
  const follow: { followed: boolean; pending: boolean } | undefined = yield select(
    (s: RootState) => s.knowledge?.follows[expertId],
  );
  if (!follow?.pending) return;
  const c: Clients = yield call(clients);
  try {
    const result: { followed: boolean; followers: number } | null = yield call(api.postFollow, c, {
      expert_id: expertId,
      followed: follow.followed,
    });
    if (!result) throw new Error('网络异常，关注失败，请重试');
    yield put(followSettled({ expertId, followed: result.followed, followers: result.followers }));
  } catch (error) {
    const message: string = yield call(failureMessage, error);
    yield put(followFailed({ expertId, message }));
  }
}

export function* submitQuestion(action: ReturnType<typeof questionSubmitted>) {
  const c: Clients = yield call(clients);
  try {
    const q: { id: number } | null = yield call(api.postQuestion, c, {
      content: action.payload.content,
      ...(action.payload.parentId ? { parent_id: action.payload.parentId } : {}),
    });
    if (!q) throw new Error('网络异常，提交失败，请重试');
    yield put(questionAccepted({ questionId: q.id }));
    yield put(listRequested({ key: 'mine', kind: 'mine', mode: 'refresh' }));
  } catch (error) {
    const message: string = yield call(failureMessage, error);
    yield put(questionRefused({ message }));
  }
}

/** The exit is recorded for the compliance trail; the reader has already left, so a failure changes nothing for them. */
export function* declineQualification(action: ReturnType<typeof qualificationDeclined>) {
  try {
    const c: Clients = yield call(clients);
    yield call(api.postQualifiedDecline, c, { product_id: action.payload.productId });
  } catch {
    // Nothing to show: the reader is not kept waiting on the record.
  }
}

export function* submitQualification(action: ReturnType<typeof qualificationSubmitted>) {
  const c: Clients = yield call(clients);
  const { productId, basis, amount } = action.payload;
  try {
    const q: { confirmed: boolean } | null = yield call(api.postQualifiedConfirm, c, {
      product_id: productId,
      basis,
      amount,
      risk_acknowledged: true,
    });
    if (!q?.confirmed) throw new Error('确认失败，请重试');
    yield put(qualificationConfirmed({ productId }));
    yield put(resourceRequested({ key: `contract:${productId}`, kind: 'contract', id: productId }));
  } catch (error) {
    const message: string = yield call(failureMessage, error);
    yield put(qualificationFailed({ message }));
  }
}

export function* submitDecision(action: ReturnType<typeof reviewDecided>) {
  const c: Clients = yield call(clients);
  const { answerId, decision, reason } = action.payload;
  try {
    const item: unknown = yield call(api.postReviewDecision, c, {
      answer_id: answerId,
      decision,
      ...(reason ? { reason } : {}),
    });
    if (!item) throw new Error('网络异常，请重试');
    yield put(reviewDecisionRecorded({ answerId }));
  } catch (error) {
    const message: string = yield call(failureMessage, error);
    yield put(reviewDecisionFailed({ answerId, message }));
  }
}

/**
 * takeLeading per key: a tap on an item whose request is still out is dropped here, as the
 * reducer dropped it, so a double tap sends one request; taps on other items go on in parallel.
 */
function* leadingPerKey<A extends Action>(
  type: string,
  keyOf: (action: A) => string,
  worker: (action: A) => Generator,
) {
  const busy = new Set<string>();
  yield takeEvery(type, function* perKey(action: A) {
    const key = keyOf(action);
    if (busy.has(key)) return;
    busy.add(key);
    try {
      yield call(worker, action);
    } finally {
      busy.delete(key);
    }
  });
}

export function* knowledgeWatchers() {
  // Loads run side by side per key; a newer request for the same key makes older answers stale (requestId).
  yield takeEvery(listRequested.type, loadList);
  yield takeEvery(resourceRequested.type, loadResource);
  yield fork(
    leadingPerKey<ReturnType<typeof thumbsTapped>>,
    thumbsTapped.type,
    (a) => `${a.payload.itemType}:${a.payload.itemId}`,
    sendThumbs,
  );
  yield fork(
    leadingPerKey<ReturnType<typeof followTapped>>,
    followTapped.type,
    (a) => String(a.payload.expertId),
    sendFollow,
  );
  yield takeLeading(questionSubmitted.type, submitQuestion);
  yield takeLeading(qualificationSubmitted.type, submitQualification);
  yield takeLeading(qualificationDeclined.type, declineQualification);
  yield takeEvery(reviewDecided.type, submitDecision);
}

/** Starts the watchers, then replays the events that arrived before this chunk loaded. */
export function* runKnowledge(early: Action[]) {
  yield fork(knowledgeWatchers);
  yield all(early.map((a) => put(a)));
}
