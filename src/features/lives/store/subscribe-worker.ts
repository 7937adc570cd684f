/** The subscribe call and its WeChat step, loaded on the first tap (see subscribe-saga.ts) to keep them out of the first load. */
import { call, delay, getContext, put, race, select, take } from 'redux-saga/effects';

import type { SubscribeRequest, SubscribeResult } from '../../../api/contract/lives';
import { apiErrorInfo, isSessionInvalid } from '../../../api/errors';
import { currentContext, type RuntimeContext } from '../../../platform/context';
import { readItem, removeItem, StorageKey, writeItem } from '../../../platform/storage';
import type { ViewerIdentity } from './identity';
import {
  liveSubscribed,
  liveSubscribeFailed,
  liveSubscribeRequested,
  liveSubscribeSignInRequired,
  liveWechatReminderFailed,
  selectLivesState,
  type SubscribeRequestedPayload,
} from './lives-slice';
import { NETWORK_DOWN } from './network-down';
import type { ReminderChannel } from './types';
import { viewerOfPage } from './viewer-saga';

import { sessionSettled, signInHref } from '@/features/session';
import type { RootState } from '@/store';
import type { SagaServices } from '@/store';
import { sessionInvalidated } from '@/store';

/** The subscribe payload (docs/rules/data.md#subscribe-payload, docs/rules/validation.md#subscribe-payload): union_id only when not null. */
export function subscribePayload(liveId: number, subscribe: boolean, who: ViewerIdentity): SubscribeRequest {
  return {
    num_index: liveId,
    real_name: who.realName,
    ...(who.unionId !== null ? { union_id: who.unionId } : {}),
    employee_id: who.employeeId,
    ...(subscribe ? {} : { is_subscribe: 0 as const }),
  };
}

/** Inside WeChat the one-time subscribe message reminds; a signed-in account has a verified phone for SMS; else nothing does. */
export function reminderChannel(context: RuntimeContext, who: ViewerIdentity): ReminderChannel {
  if (context.webChat) return 'wechat';
  return who.source === 'session' ? 'sms' : 'none';
}

/** A subscription asked for before signing in, kept while the visitor signs in. */
export interface PendingSubscribe {
  liveId: number;
  subscribe: boolean;
  channel: SubscribeRequestedPayload['channel'];
  at: number;
}

/** Sign-in takes a minute or two; an intent older than this is a different visit and is dropped. */
export const PENDING_SUBSCRIBE_TTL_MS = 10 * 60_000;

/** The stored intent, if it is one this app wrote and still fresh (pure apart from its inputs). */
export function parsePendingSubscribe(raw: string | null, now: number): PendingSubscribe | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<PendingSubscribe>;
    if (
      typeof v.liveId !== 'number' ||
      typeof v.subscribe !== 'boolean' ||
      typeof v.at !== 'number' ||
      (v.channel !== 'liveApp' && v.channel !== 'activity' && v.channel !== 'wechat')
    )
      return null;
    return now - v.at >= 0 && now - v.at < PENDING_SUBSCRIBE_TTL_MS ? (v as PendingSubscribe) : null;
  } catch {
    return null;
  }
}

/**
 * The server acts only for a signed-in person and a reminder needs someone to remind
 *: a visitor's tap is kept as an intent, they sign in, and the tap is completed on return.
 */
export function* signInFirst(payload: SubscribeRequestedPayload) {
  const services: SagaServices = yield getContext('services');
  const now: number = yield call([services, services.now]);
  const intent: PendingSubscribe = {
    liveId: payload.liveId,
    subscribe: payload.subscribe,
    channel: payload.channel,
    at: now,
  };
  yield call(writeItem, StorageKey.livePendingSubscribe, JSON.stringify(intent));
  yield put(liveSubscribeSignInRequired({ liveId: payload.liveId }));
  const context: RuntimeContext = yield call(currentContext);
  const here: string = yield call([services, services.currentPath]);
  yield call([services, services.navigate], signInHref(context, here), { replace: true });
}

/**
 * Back from signing in: once the live is on screen (home list or room), the subscription the visitor asked
 * for is made, once. Still not signed in (they backed out): the intent is dropped.
 */
export function* resumePendingSubscribe() {
  // Back from WeChat's authorization with a code: who the visitor is comes from the token that code is traded for.
  yield call(sessionSettled);
  const services: SagaServices = yield getContext('services');
  const now: number = yield call([services, services.now]);
  const intent: PendingSubscribe | null = yield call(
    parsePendingSubscribe,
    readItem(StorageKey.livePendingSubscribe),
    now,
  );
  if (!intent) {
    yield call(removeItem, StorageKey.livePendingSubscribe);
    return;
  }
  const who: ViewerIdentity = yield call(viewerOfPage);
  if (who.source !== 'session') {
    // Back on a list or room without signing in: they changed their mind.
    yield call(removeItem, StorageKey.livePendingSubscribe);
    return;
  }
  const listed = (s: RootState) => Boolean(selectLivesState(s).entities[intent.liveId]);
  const { timeout } = yield race({ shown: call(waitUntil, listed), timeout: delay(60_000) });
  yield call(removeItem, StorageKey.livePendingSubscribe);
  if (timeout) return;
  yield put(liveSubscribeRequested({ liveId: intent.liveId, subscribe: intent.subscribe, channel: intent.channel }));
}

function* waitUntil(predicate: (s: RootState) => boolean) {
  while (!((yield select(predicate)) as boolean)) yield take('*');
}

export function* subscribeWorker(payload: SubscribeRequestedPayload) {
  const { liveId, subscribe, channel } = payload;
  const services: SagaServices = yield getContext('services');
  try {
    const who: ViewerIdentity = yield call(viewerOfPage);
    if (who.source !== 'session') {
      yield call(signInFirst, payload);
      return;
    }
    const result: SubscribeResult | null = yield call(
      [services.api.lives, services.api.lives.subscribe],
      channel,
      subscribePayload(liveId, subscribe, who),
    );
    if (result === null) {
      yield put(liveSubscribeFailed({ liveId, error: NETWORK_DOWN }));
      return;
    }
    const context: RuntimeContext = yield call(currentContext);
    yield put(liveSubscribed({ ...result, reminder: reminderChannel(context, who) }));
    if (subscribe && channel !== 'wechat') yield call(wechatReminderStep, liveId, who);
  } catch (error) {
    const info = apiErrorInfo(error);
    yield put(liveSubscribeFailed({ liveId, error: info }));
    if (isSessionInvalid(error)) yield put(sessionInvalidated({ code: info.code }));
  }
}

/**
 * WeChat's one-time subscribe message: after a subscribe inside WeChat, tell wechatSubscribe so the
 * server sends the start reminder. The `wx-open-subscribe` open tag is not used: it needs a verified
 * service account's template ids that no local or test environment has; the server call is the part we own.
 * Its failure keeps the subscription and only says the reminder is off.
 */
export function* wechatReminderStep(liveId: number, who: ViewerIdentity) {
  const context: RuntimeContext = yield call(currentContext);
  if (!context.webChat) return;
  const services: SagaServices = yield getContext('services');
  try {
    const result: SubscribeResult | null = yield call(
      [services.api.lives, services.api.lives.subscribe],
      'wechat',
      subscribePayload(liveId, true, who),
    );
    if (result === null) yield put(liveWechatReminderFailed({ liveId, error: NETWORK_DOWN }));
  } catch (error) {
    yield put(liveWechatReminderFailed({ liveId, error: apiErrorInfo(error) }));
  }
}
