/** The subscribe call and its WeChat step, loaded on the first tap (see subscribeSaga.ts) to keep them out of the first load. */
import { call, getContext, put } from 'redux-saga/effects';
import type { SagaServices } from '@/store';
import type { SubscribeRequest, SubscribeResult } from '../../../api/contract/lives';
import { apiErrorInfo, isSessionInvalid } from '../../../api/errors';
import { sessionInvalidated } from '@/store';
import { currentContext, type RuntimeContext } from '../../../platform/context';
import { liveSubscribed, liveSubscribeFailed, liveWechatReminderFailed, type SubscribeRequestedPayload } from './livesSlice';
import { currentSearch, newDeviceId, readViewerIdentity, type ViewerIdentity } from './identity';
import type { LoadError, ReminderChannel } from './types';

const NETWORK_DOWN: LoadError = { kind: 'network', code: null, httpStatus: null, message: '网络连接失败，请检查网络后重试' };

/** The subscribe payload (spec §3, §5): union_id only when not null. */
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

export function* subscribeWorker(payload: SubscribeRequestedPayload) {
  const { liveId, subscribe, channel } = payload;
  const services: SagaServices = yield getContext('services');
  try {
    const who: ViewerIdentity = yield call(readViewerIdentity, currentSearch(), newDeviceId);
    const result: SubscribeResult | null = yield call([services.api.lives, services.api.lives.subscribe], channel, subscribePayload(liveId, subscribe, who));
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
    const result: SubscribeResult | null = yield call([services.api.lives, services.api.lives.subscribe], 'wechat', subscribePayload(liveId, true, who));
    if (result === null) yield put(liveWechatReminderFailed({ liveId, error: NETWORK_DOWN }));
  } catch (error) {
    yield put(liveWechatReminderFailed({ liveId, error: apiErrorInfo(error) }));
  }
}
