import type { Action } from '@reduxjs/toolkit';
import type { Task } from 'redux-saga';
import {
  all,
  call,
  cancel,
  delay,
  fork,
  getContext,
  join,
  put,
  select,
  takeEvery,
  takeLatest,
  takeLeading,
} from 'redux-saga/effects';

import * as api from '../api';
import {
  askBoxShown,
  followFailed,
  followSettled,
  type FollowState,
  followTapped,
  type LikeState,
  listFailed,
  listLoaded,
  listRequested,
  qualificationConfirmed,
  qualificationDeclined,
  qualificationFailed,
  qualificationSubmitted,
  questionAccepted,
  type QuestionDraft,
  questionDraftRestored,
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
import { ErrorCode } from '@/api/contract/codes';
import type { HoldMark } from '@/api/contract/policy-holds';
import { sessionSettled } from '@/features/session';
import { readItem, removeItem, StorageKey, writeItem } from '@/platform/storage';
import { type RootState, type SagaServices, sessionInvalidated } from '@/store';

type Clients = SagaServices['api']['clients'];
const PAGE = 10;

function* clients() {
  yield call(sessionSettled);
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
  article: (c: Clients, id: number) => api.fetchArticle(c, id),
  qa: (c: Clients, id: number) => api.fetchQaDetail(c, id),
  member: (c: Clients, id: number) => api.fetchCoreMember(c, id),
  fund: (c: Clients, id: number) => api.fetchFundDetail(c, id),
  contract: (c: Clients, id: number) => api.fetchPrivateContract(c, id),
  role: (c: Clients) => api.fetchReviewRole(c),
} as const;

export function* loadResource(action: ReturnType<typeof resourceRequested>) {
  const { key, kind, id } = action.payload;
  const r: ReturnType<typeof selectResource> = yield select((s: RootState) => selectResource(s, key));
  if (r.fromServer) {
    // The server rendered it for nobody in particular: only a signed-in reader's own likes can differ.
    const token: string | null = yield call(readItem, StorageKey.token);
    if (token) yield put(resourceRequested({ key, kind, id, mode: 'reload' }));
    return;
  }
  const c: Clients = yield call(clients);
  try {
    const data: unknown = yield call(RESOURCES[kind] as (c: Clients, id: number) => Promise<unknown>, c, id ?? 0);
    if (data === null) throw new Error('网络异常，请重试');
    yield put(resourceLoaded({ key, requestId: r.requestId, data }));
  } catch (error) {
    const message: string = yield call(failureMessage, error);
    const info = apiErrorInfo(error);
    const gone = info.httpStatus === 404 || info.code === ErrorCode.notFound;
    yield put(resourceFailed({ key, requestId: r.requestId, message, gone }));
  }
}

/**
 * Sends the like the taps ended in, if it differs from what the server has: a double tap likes with one request,
 * two separate taps that come back to where they started send nothing. Naming the state makes a retry count once.
 */
export function* sendThumbs(action: ReturnType<typeof thumbsTapped>) {
  const { itemType, itemId } = action.payload;
  const key = `${itemType}:${itemId}`;
  const like: LikeState | undefined = yield select((s: RootState) => s.knowledge?.likes[key]);
  if (!like?.pending) return;
  if (like.liked === like.saved.liked) {
    yield put(thumbsSettled({ key, ...like.saved }));
    return;
  }
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

/** Sends the follow the taps ended in, if it differs from what the server has (as for likes). */
export function* sendFollow(action: ReturnType<typeof followTapped>) {
  const { expertId } = action.payload;
  const follow: FollowState | undefined = yield select((s: RootState) => s.knowledge?.follows[expertId]);
  if (!follow?.pending) return;
  if (follow.followed === follow.saved.followed) {
    yield put(followSettled({ expertId, ...follow.saved }));
    return;
  }
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

/** A kept question older than this belongs to another visit (sign-in takes a minute or two) and is dropped. */
export const QUESTION_DRAFT_TTL_MS = 30 * 60_000;

/** The stored question, if this app wrote it and it is still fresh (pure apart from its inputs). */
export function parseQuestionDraft(raw: string | null, now: number): QuestionDraft | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as { content?: unknown; parentId?: unknown; at?: unknown };
    if (typeof v.content !== 'string' || typeof v.at !== 'number') return null;
    if (v.parentId !== null && typeof v.parentId !== 'number') return null;
    if (now - v.at < 0 || now - v.at >= QUESTION_DRAFT_TTL_MS) return null;
    return { content: v.content, parentId: v.parentId };
  } catch {
    return null;
  }
}

/**
 * The question is kept on the device before it is sent: if the sign-in wall answers instead of the server,
 * it is still there when the asker comes back. Any other answer settles it, and it is forgotten.
 */
export function* submitQuestion(action: ReturnType<typeof questionSubmitted>) {
  const { content, parentId } = action.payload;
  const at: number = yield call(Date.now);
  yield call(writeItem, StorageKey.storeQuestionDraft, JSON.stringify({ content, parentId: parentId ?? null, at }));
  const c: Clients = yield call(clients);
  try {
    const q: { id: number; hold: HoldMark | null } | null = yield call(api.postQuestion, c, {
      content,
      ...(parentId ? { parent_id: parentId } : {}),
    });
    if (!q) throw new Error('网络异常，提交失败，请重试');
    yield call(removeItem, StorageKey.storeQuestionDraft);
    yield put(questionAccepted({ questionId: q.id, hold: q.hold }));
    yield put(listRequested({ key: 'mine', kind: 'mine', mode: 'refresh' }));
  } catch (error) {
    if (!isSessionInvalid(error)) yield call(removeItem, StorageKey.storeQuestionDraft);
    const message: string = yield call(failureMessage, error);
    yield put(questionRefused({ message }));
  }
}

/**
 * A question box is on screen: the question kept over the sign-in wall is sent if the asker is now signed
 * in, else put back in its box (they backed out of signing in; nothing typed is lost).
 */
export function* resumeQuestionDraft(action: ReturnType<typeof askBoxShown>) {
  const now: number = yield call(Date.now);
  const draft: QuestionDraft | null = yield call(parseQuestionDraft, readItem(StorageKey.storeQuestionDraft), now);
  if (!draft) {
    yield call(removeItem, StorageKey.storeQuestionDraft);
    return;
  }
  if (draft.parentId !== action.payload.parentId) return;
  yield put(questionDraftRestored(draft));
  const token: string | null = yield call(readItem, StorageKey.token);
  if (!token) return;
  yield call(removeItem, StorageKey.storeQuestionDraft);
  yield put(questionSubmitted({ content: draft.content, ...(draft.parentId ? { parentId: draft.parentId } : {}) }));
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

/** Quick taps closer together than this are one gesture: only the state they end in is sent. */
export const TAP_SETTLE_MS = 300;

/**
 * takeLatest with a debounce, per key: each tap restarts its item's wait, so a burst of taps sends once. A
 * request already out is never cancelled (the server may have stored it): the next send waits for its answer,
 * so it compares against what the server really has. Taps on other items go on in parallel.
 */
function* settledPerKey<A extends Action>(
  type: string,
  keyOf: (action: A) => string,
  worker: (action: A) => Generator,
) {
  const waiting = new Map<string, Task>();
  const tail = new Map<string, Task>();
  yield takeEvery(type, function* perKey(action: A) {
    const key = keyOf(action);
    const before = waiting.get(key);
    if (before) yield cancel(before);
    const task: Task = yield fork(function* settle() {
      yield delay(TAP_SETTLE_MS);
      // Past its wait, this send queues behind the last one still out for the item.
      waiting.delete(key);
      const ahead = tail.get(key);
      tail.set(key, task);
      if (ahead?.isRunning()) yield join(ahead);
      yield call(worker, action);
      if (tail.get(key) === task) tail.delete(key);
    });
    waiting.set(key, task);
  });
}

export function* knowledgeWatchers() {
  // Loads run side by side per key; a newer request for the same key makes older answers stale (requestId).
  yield takeEvery(listRequested.type, loadList);
  yield takeEvery(resourceRequested.type, loadResource);
  yield fork(
    settledPerKey<ReturnType<typeof thumbsTapped>>,
    thumbsTapped.type,
    (a) => `${a.payload.itemType}:${a.payload.itemId}`,
    sendThumbs,
  );
  yield fork(
    settledPerKey<ReturnType<typeof followTapped>>,
    followTapped.type,
    (a) => String(a.payload.expertId),
    sendFollow,
  );
  yield takeLeading(questionSubmitted.type, submitQuestion);
  yield takeLatest(askBoxShown.type, resumeQuestionDraft);
  yield takeLeading(qualificationSubmitted.type, submitQualification);
  yield takeLeading(qualificationDeclined.type, declineQualification);
  yield takeEvery(reviewDecided.type, submitDecision);
}

/** Starts the watchers, then replays the events that arrived before this chunk loaded. */
export function* runKnowledge(early: Action[]) {
  yield fork(knowledgeWatchers);
  yield all(early.map((a) => put(a)));
}
