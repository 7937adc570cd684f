import type { Saga } from 'redux-saga';
import { call, put, spawn } from 'redux-saga/effects';

import { appSaga } from './app-saga';

import { actionLogSaga } from '@/features/action-log';
import { helpersSaga } from '@/features/helpers';
import { invitationSaga } from '@/features/invitation';
import { knowledgeSaga } from '@/features/knowledge';
import { livesSaga } from '@/features/lives';
import { marketingSaga } from '@/features/marketing';
import { mineSaga } from '@/features/mine';
import { sessionSaga } from '@/features/session';
import { deskAccessSaga, staffSaga } from '@/features/staff';
import { trackingSaga } from '@/features/tracking';
import { featureSagaCrashed } from '@/store';

export type FeatureSagas = Record<string, Saga>;

export const featureSagas: FeatureSagas = {
  app: appSaga,
  lives: livesSaga,
  actionLog: actionLogSaga,
  tracking: trackingSaga,
  session: sessionSaga,
  helpers: helpersSaga,
  marketing: marketingSaga,
  knowledge: knowledgeSaga,
  invitation: invitationSaga,
  mine: mineSaga,
  staff: staffSaga,
  deskAccess: deskAccessSaga,
};

const MAX_RESTARTS = 3;

/**
 * Runs one feature's root saga; if it throws, the crash becomes an event (so error
 * reporting and the action log see it) and the feature is restarted, a few times at most.
 * Other features keep running because each lives in its own spawned task.
 */
export function* superviseFeature(feature: string, saga: Saga, now: () => number = Date.now) {
  for (let attempt = 0; attempt <= MAX_RESTARTS; attempt += 1) {
    try {
      yield call(saga);
      return;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      yield put(featureSagaCrashed({ feature, message, at: now() }));
    }
  }
}

export function createRootSaga(sagas: FeatureSagas = featureSagas) {
  return function* rootSaga() {
    for (const [feature, saga] of Object.entries(sagas)) {
      yield spawn(superviseFeature, feature, saga);
    }
  };
}
