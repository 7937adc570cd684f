import { createSelector } from 'reselect';

import { selectLoginState } from './login-slice';
import { selectSessionState } from './session-slice';
import type { SessionFlow } from './types';

import type { RootState } from '@/store';

export const selectLogin = (state: RootState) => selectLoginState(state);
export const selectFlows = (state: RootState) => selectSessionState(state).flows;

export const selectFlowStatus = (flow: SessionFlow) => createSelector([selectFlows], (flows) => flows[flow].status);

export const selectLoginView = createSelector([selectLogin], (login) => ({
  regions: login.regions.list,
  regionsStatus: login.regions.status,
  regionsError: login.regions.error?.message ?? null,
  region: login.regions.list.find((r) => r.code === login.regionCode) ?? null,
  sending: login.sms.status === 'sending',
  resendIn: login.sms.status === 'sent' ? login.sms.resendIn : 0,
  codeSent: login.sms.status === 'sent',
  smsError: login.sms.error,
  submitting: login.submit.status === 'submitting',
  succeeded: login.submit.status === 'succeeded',
  submitError: login.submit.error,
  phoneError: login.fieldErrors.phone,
  codeError: login.fieldErrors.code,
  passwordError: login.fieldErrors.password,
  mode: login.mode,
  account: login.account,
  accountChecked: login.accountChecked ?? false,
  leaving: login.logout.status === 'leaving',
  inApp: Boolean(login.appWebView),
}));
