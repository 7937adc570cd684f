import { call, getContext, put } from 'redux-saga/effects';

import { type ApiErrorInfo, apiErrorInfo, isSessionInvalid, type ServiceClients } from '@/api';
import { sessionSettled } from '@/features/session';
import { type SagaServices, sessionInvalidated } from '@/store';

/** The shared clients from the saga context (api.ts functions take them), once no sign-in is under way. */
export function* marketClients() {
  yield call(sessionSettled);
  const services: SagaServices = yield getContext('services');
  return services.api.clients as ServiceClients;
}

export function* nowMs() {
  const services: SagaServices = yield getContext('services');
  return (yield call([services, services.now])) as number;
}

/** A success without data: the marketing map always answers with data, so this is malformed. */
export const NO_DATA: ApiErrorInfo = {
  kind: 'malformed',
  code: null,
  httpStatus: null,
  message: '服务返回的数据不完整，请稍后重试',
};

/** A failure as plain data; an invalid session also becomes the app-wide event (→ /login). */
export function* failureInfo(error: unknown) {
  const info = apiErrorInfo(error);
  if (isSessionInvalid(error)) yield put(sessionInvalidated({ code: info.code }));
  return info;
}

/** Offline, timed out or cut off by a gateway: worth sending again later with the same key. */
export const isRetriable = (info: ApiErrorInfo) =>
  info.kind === 'network' || info.kind === 'timeout' || (info.kind === 'http' && (info.httpStatus ?? 0) >= 502);
