import type { Action } from '@reduxjs/toolkit';
import { all, call, fork, getContext, put, select, takeLatest, takeLeading } from 'redux-saga/effects';

import type { Environment } from '../../../../config/types';
import { currentEnvironment } from '../../../api/environment';
import { ApiError, apiErrorInfo } from '../../../api/errors';
import { currentContext, describeContext, type RuntimeContext } from '../../../platform/context';
import { redirectTo } from '../../../platform/location';
import { readAll } from '../../../platform/storage';
import {
  diagnosticsGathered,
  diagnosticsOpened,
  followInfoFailed,
  followInfoLoaded,
  followOpened,
  miniProgramOpened,
  miniSchemeFailed,
  miniSchemeLoaded,
  miniSchemeRequested,
} from './helpers-slice';
import { selectMiniScheme } from './selectors';

import type { AuthApi, MiniScheme } from '@/features/session';
import type { SagaServices } from '@/store';

/** The official account /follow shows (its QR code lives on the environment's static host). */
export const OFFICIAL_ACCOUNT_NAME = '财富直播服务号';
export const FOLLOW_QR_PATH = '/follow/qrcode.svg';

/** Shows a stored value's shape, never the value: first 2 and last 2 characters. */
export function maskValue(value: string): string {
  if (value.length <= 4) return '*'.repeat(value.length);
  return `${value.slice(0, 2)}${'*'.repeat(Math.min(8, value.length - 4))}${value.slice(-2)}`;
}

function appVersion(): string {
  return typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '未知';
}

export function* gatherDiagnostics() {
  const services: SagaServices = yield getContext('services');
  const environment: Environment = yield call(currentEnvironment);
  const context: RuntimeContext = yield call(currentContext);
  const stored: ReturnType<typeof readAll> = yield call(readAll);
  const now: number = yield call([services, services.now]);
  yield put(
    diagnosticsGathered({
      environment: environment.name,
      context: describeContext(context),
      userAgent: globalThis.navigator?.userAgent ?? '',
      version: appVersion(),
      keys: stored.map(({ key, value }) => ({
        key,
        masked: value === null ? null : maskValue(value),
        length: value?.length ?? 0,
      })),
      gatheredAt: now,
    }),
  );
}

export function* loadMiniScheme(action: ReturnType<typeof miniSchemeRequested>) {
  const { status }: ReturnType<typeof selectMiniScheme> = yield select(selectMiniScheme);
  // The reducer refused a malformed page path (or one is already loading): nothing to request.
  if (status !== 'loading') return;
  const services: SagaServices = yield getContext('services');
  try {
    if (!services.auth) throw new ApiError({ kind: 'http', detail: 'SagaServices.auth is missing' });
    const auth: AuthApi = services.auth;
    const scheme: MiniScheme | null = yield call(
      [auth, auth.generateScheme],
      action.payload.path,
      action.payload.query,
    );
    if (!scheme) throw new ApiError({ kind: 'network', detail: 'empty value after a network failure' });
    yield put(miniSchemeLoaded({ openlink: scheme.openlink }));
  } catch (error) {
    yield put(miniSchemeFailed({ error: apiErrorInfo(error) }));
  }
}

export function* openMiniProgram(action: ReturnType<typeof miniProgramOpened>) {
  yield call(redirectTo, action.payload.openlink);
}

export function* loadFollow() {
  const environment: Environment = yield call(currentEnvironment);
  if (!environment.staticDomain) {
    yield put(followInfoFailed({ message: '当前环境未配置公众号二维码' }));
    return;
  }
  yield put(
    followInfoLoaded({
      name: OFFICIAL_ACCOUNT_NAME,
      qrCodeUrl: `${environment.staticDomain.replace(/\/+$/, '')}${FOLLOW_QR_PATH}`,
    }),
  );
}

/** The helper screens' watchers; `buffered`: events that arrived while this chunk loaded. */
export function* runHelpers(buffered: Action[] = []) {
  yield all([
    takeLatest(diagnosticsOpened.type, gatherDiagnostics),
    takeLatest(miniSchemeRequested.type, loadMiniScheme),
    takeLeading(miniProgramOpened.type, openMiniProgram),
    takeLatest(followOpened.type, loadFollow),
  ]);
  const handlers: Record<string, (action: never) => Generator> = {
    [diagnosticsOpened.type]: gatherDiagnostics,
    [miniSchemeRequested.type]: loadMiniScheme,
    [miniProgramOpened.type]: openMiniProgram,
    [followOpened.type]: loadFollow,
  };
  for (const action of buffered) {
    const handler = handlers[action.type];
    if (handler) yield fork(handler as (a: Action) => Generator, action);
  }
}
