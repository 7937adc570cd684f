import type { Action } from '@reduxjs/toolkit';
import { all, call, fork, getContext, put, select, take, takeLatest, takeLeading } from 'redux-saga/effects';

import { currentUrl } from '../../../platform/location';
import { sendToCustomer } from './customer-share-saga';
import { reauthorize, shareCheck, webChatCheck, workChatCheck } from './flow-sagas';
import {
  loadRegions,
  logout,
  readAccount,
  safeReturnPath,
  sendSmsCode,
  submitLogin,
  submitPasswordLogin,
} from './login-saga';
import {
  loginOpened,
  loginSubmitted,
  logoutRequested,
  mineOpened,
  passwordLoginSubmitted,
  smsCodeRequested,
} from './login-slice';
import { selectFlows } from './selectors';
import {
  customerShareRequested,
  sessionCheckFailed,
  sessionCheckRequested,
  sessionSignedIn,
  sessionSignedOut,
  shareMenuConfigured,
  shareMenuHidden,
  wxAuthJumpOpened,
} from './session-slice';
import { setupShareMenu } from './share-saga';
import type { FlowState, SessionFlow } from './types';

import type { SagaServices } from '@/store';

const CHECKS = { workChat: workChatCheck, webChat: webChatCheck, share: shareCheck } as const;

export function* runCheck(action: ReturnType<typeof sessionCheckRequested>) {
  const flows: Record<SessionFlow, FlowState> = yield select(selectFlows);
  // The reducer refused the request (a check already under way): nothing to run.
  if (flows[action.payload.flow].status !== 'checking') return;
  yield call(CHECKS[action.payload.flow]);
}

/** /jumpToWxAuth: authorize, or exchange the returned code, then go back to `redirect`. */
export function* jumpToWxAuth() {
  const href: string = yield call(currentUrl);
  const url = new URL(href);
  if (!url.searchParams.get('code')) {
    yield call(reauthorize, 'webChat', 'jump');
    return;
  }
  yield put(sessionCheckRequested({ flow: 'webChat' }));
  const outcome: ReturnType<typeof sessionSignedIn> = yield take([
    sessionSignedIn.type,
    sessionSignedOut.type,
    sessionCheckFailed.type,
  ]);
  if (outcome.type !== sessionSignedIn.type) return;
  const services: SagaServices = yield getContext('services');
  yield call([services, services.navigate], safeReturnPath(url.searchParams.get('redirect')), { replace: true });
}

const HANDLERS: Record<string, (action: never) => Generator> = {
  [sessionCheckRequested.type]: runCheck,
  [loginOpened.type]: loadRegions,
  [smsCodeRequested.type]: sendSmsCode,
  [loginSubmitted.type]: submitLogin,
  [wxAuthJumpOpened.type]: jumpToWxAuth,
  [passwordLoginSubmitted.type]: submitPasswordLogin,
  [logoutRequested.type]: logout,
  [mineOpened.type]: readAccount,
  [shareMenuConfigured.type]: setupShareMenu,
  [shareMenuHidden.type]: setupShareMenu,
  [customerShareRequested.type]: sendToCustomer,
};

/** The session feature's watchers; `buffered`: events that arrived while this chunk loaded. */
export function* runSession(buffered: Action[] = []) {
  yield all([
    takeLatest(sessionCheckRequested.type, runCheck),
    takeLatest(loginOpened.type, loadRegions),
    // One send and its countdown at a time; requests during the countdown are refused anyway.
    takeLeading(smsCodeRequested.type, sendSmsCode),
    takeLeading(loginSubmitted.type, submitLogin),
    takeLeading(passwordLoginSubmitted.type, submitPasswordLogin),
    takeLeading(logoutRequested.type, logout),
    takeLatest(mineOpened.type, readAccount),
    takeLeading(wxAuthJumpOpened.type, jumpToWxAuth),
    // The latest screen's menu wins: an earlier setup still waiting is cancelled.
    takeLatest([shareMenuConfigured.type, shareMenuHidden.type], setupShareMenu),
    takeLeading(customerShareRequested.type, sendToCustomer),
  ]);
  const isShare = (a: Action) => a.type === shareMenuConfigured.type || a.type === shareMenuHidden.type;
  const lastShare = [...buffered].reverse().find(isShare);
  for (const action of buffered) {
    // As takeLatest would: only the latest screen's share menu is set up.
    if (isShare(action) && action !== lastShare) continue;
    const handler = HANDLERS[action.type];
    if (handler) yield fork(handler as (a: Action) => Generator, action);
  }
}
