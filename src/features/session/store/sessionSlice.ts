import { type WithSlice, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { rootReducer } from '@/store';
import type { PhoneRegion } from '../../../api/contract/auth';
import type { ApiErrorInfo } from '../../../api/errors';
import { isValidPassword, phoneProblem, smsCodeProblem } from '../../../lib/validators';
import type { FlowState, LoginAccount, LoginMode, LoginState, SessionFlow, SessionState, ShareMenu } from './types';

const idleFlow: FlowState = { status: 'idle', error: null, signedInAt: null };

export const initialLogin: LoginState = {
  regions: { status: 'idle', list: [], error: null },
  regionCode: null,
  sms: { status: 'idle', resendIn: 0, error: null },
  submit: { status: 'idle', error: null },
  fieldErrors: { phone: null, code: null, password: null },
  mode: 'sms',
  account: null,
  logout: { status: 'idle' },
};

const initialState: SessionState = {
  required: null,
  flows: { workChat: idleFlow, webChat: idleFlow, share: idleFlow },
  login: initialLogin,
  share: { status: 'idle', menu: null, error: null, shares: 0 },
};

const regionOf = (login: LoginState) => login.regions.list.find((r) => r.code === login.regionCode) ?? null;

const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    /** This page needs a flow (page load, retry, /jumpToWxAuth). Ignored while one runs. */
    sessionCheckRequested(state, action: PayloadAction<{ flow: SessionFlow }>) {
      const flow = state.flows[action.payload.flow];
      if (flow.status === 'checking' || flow.status === 'redirecting') return;
      state.required = action.payload.flow;
      flow.status = 'checking';
      flow.error = null;
    },
    /** Sent to the WeCom/WeChat authorization page; the page is about to unload. */
    sessionAuthorizationStarted(state, action: PayloadAction<{ flow: SessionFlow; reason: string }>) {
      const flow = state.flows[action.payload.flow];
      if (flow.status === 'checking') flow.status = 'redirecting';
    },
    sessionSignedIn(state, action: PayloadAction<{ flow: SessionFlow; at: number }>) {
      const flow = state.flows[action.payload.flow];
      if (flow.status !== 'checking') return;
      flow.status = 'signedIn';
      flow.signedInAt = action.payload.at;
    },
    /** Web-chat without a code and without a bound token: stored values were cleared. */
    sessionSignedOut(state, action: PayloadAction<{ flow: SessionFlow }>) {
      const flow = state.flows[action.payload.flow];
      if (flow.status === 'checking') flow.status = 'signedOut';
    },
    sessionCheckFailed(state, action: PayloadAction<{ flow: SessionFlow; error: ApiErrorInfo }>) {
      const flow = state.flows[action.payload.flow];
      if (flow.status !== 'checking') return;
      flow.status = 'failed';
      flow.error = action.payload.error;
    },

    /** /jumpToWxAuth opened: the saga authorizes (or exchanges the code it came back with). */
    wxAuthJumpOpened(_state) {
      // No state of its own: the web-chat flow's events follow.
    },
    /** The /login screen was opened (or its region list retried). */
    loginOpened(state) {
      if (state.login.regions.status === 'loading') return;
      const { sms } = state.login;
      // A code in flight or a resend countdown still running belongs to the send saga, which
      // keeps going: coming back to /login shows it instead of a button the saga would ignore.
      const keepSms = sms.status === 'sending' || (sms.status === 'sent' && sms.resendIn > 0);
      state.login = {
        ...initialLogin,
        regions: { ...state.login.regions, status: 'loading', error: null },
        regionCode: state.login.regionCode,
        sms: keepSms ? sms : initialLogin.sms,
      };
    },
    loginRegionsLoaded(state, action: PayloadAction<{ list: PhoneRegion[] }>) {
      const { login } = state;
      if (login.regions.status !== 'loading') return;
      login.regions = { status: 'loaded', list: action.payload.list, error: null };
      if (!login.regionCode || !regionOf(login)) login.regionCode = action.payload.list[0]?.code ?? null;
    },
    loginRegionsFailed(state, action: PayloadAction<ApiErrorInfo>) {
      if (state.login.regions.status !== 'loading') return;
      state.login.regions.status = 'failed';
      state.login.regions.error = action.payload;
    },
    loginRegionPicked(state, action: PayloadAction<{ code: string }>) {
      if (!state.login.regions.list.some((r) => r.code === action.payload.code)) return;
      state.login.regionCode = action.payload.code;
      state.login.fieldErrors.phone = null;
    },
    /**
     * The user edited a field (issue 15 item 10): its error and any earlier send/submit error go,
     * so the screen never shows two contradicting messages.
     */
    /** SMS code ↔ password: the other mode's errors go, the phone number stays. */
    loginModeSwitched(state, action: PayloadAction<{ mode: LoginMode }>) {
      const { login } = state;
      if (login.submit.status === 'submitting' || login.mode === action.payload.mode) return;
      login.mode = action.payload.mode;
      login.fieldErrors = { phone: login.fieldErrors.phone, code: null, password: null };
      if (login.submit.status === 'failed') login.submit = { status: 'idle', error: null };
    },
    passwordLoginSubmitted(state, action: PayloadAction<{ phone: string; password: string }>) {
      const { login } = state;
      if (login.submit.status === 'submitting' || login.submit.status === 'succeeded') return;
      const password = action.payload.password;
      login.fieldErrors = {
        phone: phoneProblem(action.payload.phone, regionOf(login)),
        code: null,
        password: !password ? '请输入密码' : isValidPassword(password) ? null : '密码为6-20位，需包含数字、字母、符号中的至少两种',
      };
      if (login.fieldErrors.phone || login.fieldErrors.password) return;
      login.submit = { status: 'submitting', error: null };
    },
    /** /login opened while signed in: the account it shows (null: nobody). */
    loginAccountRead(state, action: PayloadAction<LoginAccount | null>) {
      state.login.account = action.payload;
    },
    logoutRequested(state) {
      if (state.login.account) state.login.logout.status = 'leaving';
    },
    /** Signed out on this device (and on the server when it answered). */
    loggedOut(state) {
      state.login.account = null;
      state.login.logout.status = 'idle';
      state.login.submit = { status: 'idle', error: null };
    },
    loginInputChanged(state, action: PayloadAction<{ field: 'phone' | 'code' | 'password' }>) {
      const { login } = state;
      login.fieldErrors[action.payload.field] = null;
      if (login.sms.status === 'failed') login.sms = { ...login.sms, error: null };
      if (login.submit.status === 'failed') login.submit = { status: 'idle', error: null };
    },
    /** "获取验证码": refused with a field message when the number is not valid for its region. */
    smsCodeRequested(state, action: PayloadAction<{ phone: string }>) {
      const { login } = state;
      if (login.sms.status === 'sending' || (login.sms.status === 'sent' && login.sms.resendIn > 0)) return;
      const problem = phoneProblem(action.payload.phone, regionOf(login));
      login.fieldErrors.phone = problem;
      if (problem) return;
      login.sms = { status: 'sending', resendIn: 0, error: null };
    },
    smsCodeSent(state, action: PayloadAction<{ resendIn: number }>) {
      if (state.login.sms.status !== 'sending') return;
      state.login.sms = { status: 'sent', resendIn: action.payload.resendIn, error: null };
    },
    smsCodeFailed(state, action: PayloadAction<{ message: string }>) {
      if (state.login.sms.status !== 'sending') return;
      state.login.sms = { status: 'failed', resendIn: 0, error: action.payload.message };
    },
    smsCountdownTicked(state, action: PayloadAction<{ remaining: number }>) {
      if (state.login.sms.status !== 'sent') return;
      state.login.sms.resendIn = Math.max(0, action.payload.remaining);
    },
    loginSubmitted(state, action: PayloadAction<{ phone: string; code: string }>) {
      const { login } = state;
      if (login.submit.status === 'submitting' || login.submit.status === 'succeeded') return;
      login.fieldErrors = { phone: phoneProblem(action.payload.phone, regionOf(login)), code: smsCodeProblem(action.payload.code), password: null };
      if (login.fieldErrors.phone || login.fieldErrors.code) return;
      login.submit = { status: 'submitting', error: null };
    },
    loginSucceeded(state) {
      if (state.login.submit.status === 'submitting') state.login.submit = { status: 'succeeded', error: null };
    },
    loginFailed(state, action: PayloadAction<{ message: string }>) {
      if (state.login.submit.status === 'submitting') state.login.submit = { status: 'failed', error: action.payload.message };
    },

    /** A screen sets its share menu (title, description, link, image, timeline title). */
    shareMenuConfigured(state, action: PayloadAction<ShareMenu>) {
      state.share = { ...state.share, status: 'waiting', menu: action.payload, error: null };
    },
    /** A screen that must not be shared hides the menu. */
    shareMenuHidden(state) {
      state.share = { ...state.share, status: 'waiting', menu: null, error: null };
    },
    /** The SDK accepted the config and the menu was set (or hidden). */
    shareMenuApplied(state, action: PayloadAction<{ hidden: boolean }>) {
      if (state.share.status === 'waiting') state.share.status = action.payload.hidden ? 'hidden' : 'shown';
    },
    shareMenuUnavailable(state) {
      if (state.share.status === 'waiting') state.share.status = 'unsupported';
    },
    shareMenuFailed(state, action: PayloadAction<{ error: ApiErrorInfo }>) {
      if (state.share.status !== 'waiting') return;
      state.share.status = 'failed';
      state.share.error = action.payload.error;
    },
    /** The SDK's share callback: the user shared the page to a chat or the timeline. */
    /** WeCom "发送给客户" (issue 15 item 8): the share saga sends the link through the JS-SDK. */
    customerShareRequested(_state, _action: PayloadAction<Required<Pick<ShareMenu, 'title' | 'desc' | 'link'>> & { imgUrl: string }>) {},
    customerShareSent(_state, _action: PayloadAction<{ via: 'sendChatMessage' | 'shareToExternalContact' }>) {},
    customerShareFailed(_state, _action: PayloadAction<{ message: string }>) {},
    shareCompleted(state, _action: PayloadAction<{ channel: 'appMessage' | 'timeline' }>) {
      if (state.share.status === 'shown') state.share.shares += 1;
    },
  },
});

export const {
  sessionCheckRequested,
  sessionAuthorizationStarted,
  sessionSignedIn,
  sessionSignedOut,
  sessionCheckFailed,
  wxAuthJumpOpened,
  loginOpened,
  loginRegionsLoaded,
  loginRegionsFailed,
  loginRegionPicked,
  loginInputChanged,
  smsCodeRequested,
  smsCodeSent,
  smsCodeFailed,
  smsCountdownTicked,
  loginSubmitted,
  loginModeSwitched,
  passwordLoginSubmitted,
  loginAccountRead,
  logoutRequested,
  loggedOut,
  loginSucceeded,
  loginFailed,
  shareMenuConfigured,
  shareMenuHidden,
  shareMenuApplied,
  shareMenuUnavailable,
  shareMenuFailed,
  shareCompleted,
  customerShareRequested,
  customerShareSent,
  customerShareFailed,
} = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;

declare module '@/store/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof sessionSlice> {}
}

/**
 * A home-screen slice: injected when this file loads, and the app imports it (through the
 * feature's index) before it builds the store, so it is there from the first action.
 */
export const injectedSessionSlice = sessionSlice.injectInto(rootReducer);
export const selectSessionState = injectedSessionSlice.selectSlice;
