import type { Action, PayloadAction } from '@reduxjs/toolkit';
import { all, call, fork, getContext, put, takeLatest, takeLeading } from 'redux-saga/effects';

import { type ApiErrorInfo, apiErrorInfo } from '../../../api/errors';
import type { ActionLog } from '../log-format';
import {
  actionLogDownloaded,
  actionLogDownloadFailed,
  actionLogDownloadRequested,
  actionLogReported,
  actionLogReportFailed,
  actionLogReportRequested,
  actionLogViewerFailed,
  actionLogViewerLoaded,
  actionLogViewerRequested,
} from './action-log-slice';
import type { ActionLogServices } from './types';

import { sessionSettled } from '@/features/session';
import type { SagaServices } from '@/store';

const NOT_RECORDING = '本页面没有开启操作记录';

function* logServices() {
  const services: SagaServices = yield getContext('services');
  return services.actionLog ?? null;
}

/** File name with the time of export, so several downloads do not overwrite each other. */
export function logFileName(at: number): string {
  return `wealth-live-log-${new Date(at).toISOString().replace(/[:.]/g, '-')}.json`;
}

export function* downloadLog() {
  const svc: ActionLogServices | null = yield call(logServices);
  if (!svc) {
    yield put(actionLogDownloadFailed({ message: NOT_RECORDING }));
    return;
  }
  try {
    const log: ActionLog = yield call([svc, svc.exportLog]);
    const fileName = logFileName(log.recordedAt);
    yield call([svc, svc.download], log, fileName);
    yield put(actionLogDownloaded({ fileName }));
  } catch (error) {
    yield put(
      actionLogDownloadFailed({ message: `日志导出失败：${error instanceof Error ? error.message : String(error)}` }),
    );
  }
}

export function* reportProblem(action: PayloadAction<{ note: string }>) {
  const svc: ActionLogServices | null = yield call(logServices);
  if (!svc) {
    yield put(actionLogReportFailed({ kind: 'business', code: null, httpStatus: null, message: NOT_RECORDING }));
    return;
  }
  try {
    const log: ActionLog = yield call([svc, svc.exportLog]);
    const { id }: { id: string } = yield call([svc, svc.upload], log, action.payload.note.trim());
    yield put(actionLogReported({ id }));
  } catch (error) {
    yield put(actionLogReportFailed(apiErrorInfo(error)));
  }
}

/** Reading a log is a developer's right: say so in words rather than the server's sentence. */
function viewerFailure(info: ApiErrorInfo): string {
  if (info.httpStatus === 403) return '只有开发人员可以查看操作日志：请用开发人员的企业微信账号登录';
  if (info.httpStatus === 401) return '请先用企业微信登录后再查看操作日志';
  return info.message;
}

export function* loadViewerLog(action: PayloadAction<{ id: string }>) {
  const svc: ActionLogServices | null = yield call(logServices);
  const { id } = action.payload;
  if (!svc) {
    yield put(actionLogViewerFailed({ id, message: NOT_RECORDING }));
    return;
  }
  // The viewer signs in through WeCom: back with a code, the read must carry the token that code becomes.
  yield call(sessionSettled);
  try {
    const log: unknown = yield call([svc, svc.fetch], id);
    yield put(actionLogViewerLoaded({ id, log }));
  } catch (error) {
    yield put(actionLogViewerFailed({ id, message: viewerFailure(apiErrorInfo(error)) }));
  }
}

const HANDLERS: Record<string, (action: never) => Generator> = {
  [actionLogDownloadRequested.type]: downloadLog,
  [actionLogReportRequested.type]: reportProblem,
  [actionLogViewerRequested.type]: loadViewerLog,
};

/** Started by the light saga with the request that loaded this chunk (and any that came meanwhile). */
export function* runActionLog(buffered: Action[] = []) {
  yield fork(function* watchers() {
    yield all([
      takeLeading(actionLogDownloadRequested.type, downloadLog),
      // One report at a time: a second tap while sending is the same report.
      takeLeading(actionLogReportRequested.type, reportProblem),
      takeLatest(actionLogViewerRequested.type, loadViewerLog),
    ]);
  });
  for (const action of buffered) {
    const handler = HANDLERS[action.type];
    if (handler) yield fork(handler as (a: Action) => Generator, action);
  }
}
