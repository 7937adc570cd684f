import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';

import type { PhoneRegion } from '../../../api/contract/auth';
import type { AppWebView } from '../../../api/contract/phone-sign-in';
import type { ApiErrorInfo } from '../../../api/errors';
import { isValidPassword, phoneProblem, smsCodeProblem } from '../../../lib/validators';
import type { LoginAccount, LoginMode, LoginState } from './types';

import { injectSlice } from '@/store';

export const initialLogin: LoginState = {
  regions: { status: 'idle', list: [], error: null },
  regionCode: null,
  sms: { status: 'idle', resendIn: 0, error: null },
  submit: { status: 'idle', error: null },
  fieldErrors: { phone: null, code: null, password: null },
  mode: 'sms',
  account: null,
  logout: { status: 'idle' },
  appWebView: null,
};

const regionOf = (login: LoginState) => login.regions.list.find((r) => r.code === login.regionCode) ?? null;

/**
 * /login's form, as its own slice injected by the screen and the session workers (not the first load):
 * its events keep the session feature's `session/` prefix (the feature's saga and recorded logs name them
 * so), its state lives at `login`.
 */
const loginSlice = createSlice({
  name: 'session',
  reducerPath: 'login',
  initialState: initialLogin,
  reducers: {
    /** The /login screen was opened (or its region list retried). */
    loginOpened(state): LoginState | undefined {
      if (state.regions.status === 'loading') return;
      const { sms } = state;
      // A code in flight or a resend countdown still running belongs to the send saga, which
      // keeps going: coming back to /login shows it instead of a button the saga would ignore.
      const keepSms = sms.status === 'sending' || (sms.status === 'sent' && sms.resendIn > 0);
      return {
        ...initialLogin,
        regions: { ...state.regions, status: 'loading', error: null },
        regionCode: state.regionCode,
        sms: keepSms ? { ...sms } : initialLogin.sms,
        appWebView: state.appWebView ?? null,
      };
    },
    loginRegionsLoaded(state, action: PayloadAction<{ list: PhoneRegion[] }>) {
      const login = state;
      if (login.regions.status !== 'loading') return;
      login.regions = { status: 'loaded', list: action.payload.list, error: null };
      if (!login.regionCode || !regionOf(login)) login.regionCode = action.payload.list[0]?.code ?? null;
    },
    loginRegionsFailed(state, action: PayloadAction<ApiErrorInfo>) {
      if (state.regions.status !== 'loading') return;
      state.regions.status = 'failed';
      state.regions.error = action.payload;
    },
    loginRegionPicked(state, action: PayloadAction<{ code: string }>) {
      if (!state.regions.list.some((r) => r.code === action.payload.code)) return;
      state.regionCode = action.payload.code;
      state.fieldErrors.phone = null;
    },
    /**
     * The user edited a field: its error and any earlier send/submit error go,
     * so the screen never shows two contradicting messages.
     */
    /** SMS code ↔ password: the other mode's errors go, the phone number stays. */
    loginModeSwitched(state, action: PayloadAction<{ mode: LoginMode }>) {
      const login = state;
      if (login.submit.status === 'submitting' || login.mode === action.payload.mode) return;
      login.mode = action.payload.mode;
      login.fieldErrors = { phone: login.fieldErrors.phone, code: null, password: null };
      if (login.submit.status === 'failed') login.submit = { status: 'idle', error: null };
    },
    passwordLoginSubmitted(state, action: PayloadAction<{ phone: string; password: string }>) {
      const login = state;
      if (login.submit.status === 'submitting' || login.submit.status === 'succeeded') return;
      const password = action.payload.password;
      login.fieldErrors = {
        phone: phoneProblem(action.payload.phone, regionOf(login)),
        code: null,
        password: !password
          ? '请输入密码'
          : isValidPassword(password)
            ? null
            : '密码为6-20位，需包含数字、字母、符号中的至少两种',
      };
      if (login.fieldErrors.phone || login.fieldErrors.password) return;
      login.submit = { status: 'submitting', error: null };
    },
    /** Where /login runs: inside one of the firm's app web views (docs/rules/roles.md#contexts), or not (null). */
    loginContextRead(state, action: PayloadAction<{ appWebView: AppWebView | null }>) {
      state.appWebView = action.payload.appWebView;
    },
    /** checkCode refused the code before signing in: the code field says why, nothing was signed in. */
    loginCodeRejected(state, action: PayloadAction<{ message: string }>) {
      if (state.submit.status !== 'submitting') return;
      state.submit = { status: 'failed', error: null };
      state.fieldErrors.code = action.payload.message;
    },
    /** /login opened while signed in: the account it shows (null: nobody). */
    loginAccountRead(state, action: PayloadAction<LoginAccount | null>) {
      state.account = action.payload;
      state.accountChecked = true;
    },
    /** 我的 opened: it shows the account read from this device (or the sign-in prompt). */
    mineOpened(_state) {},
    logoutRequested(state) {
      if (state.account) state.logout.status = 'leaving';
    },
    /** Signed out on this device (and on the server when it answered). */
    loggedOut(state) {
      state.account = null;
      state.logout.status = 'idle';
      state.submit = { status: 'idle', error: null };
    },
    loginInputChanged(state, action: PayloadAction<{ field: 'phone' | 'code' | 'password' }>) {
      const login = state;
      login.fieldErrors[action.payload.field] = null;
      if (login.sms.status === 'failed') login.sms = { ...login.sms, error: null };
      if (login.submit.status === 'failed') login.submit = { status: 'idle', error: null };
    },
    /** "获取验证码": refused with a field message when the number is not valid for its region. */
    smsCodeRequested(state, action: PayloadAction<{ phone: string }>) {
      const login = state;
      if (login.sms.status === 'sending' || (login.sms.status === 'sent' && login.sms.resendIn > 0)) return;
      const problem = phoneProblem(action.payload.phone, regionOf(login));
      login.fieldErrors.phone = problem;
      if (problem) return;
      login.sms = { status: 'sending', resendIn: 0, error: null };
    },
    smsCodeSent(state, action: PayloadAction<{ resendIn: number }>) {
      if (state.sms.status !== 'sending') return;
      state.sms = { status: 'sent', resendIn: action.payload.resendIn, error: null };
    },
    smsCodeFailed(state, action: PayloadAction<{ message: string }>) {
      if (state.sms.status !== 'sending') return;
      state.sms = { status: 'failed', resendIn: 0, error: action.payload.message };
    },
    smsCountdownTicked(state, action: PayloadAction<{ remaining: number }>) {
      if (state.sms.status !== 'sent') return;
      state.sms.resendIn = Math.max(0, action.payload.remaining);
    },
    loginSubmitted(state, action: PayloadAction<{ phone: string; code: string }>) {
      const login = state;
      if (login.submit.status === 'submitting' || login.submit.status === 'succeeded') return;
      login.fieldErrors = {
        phone: phoneProblem(action.payload.phone, regionOf(login)),
        code: smsCodeProblem(action.payload.code),
        password: null,
      };
      if (login.fieldErrors.phone || login.fieldErrors.code) return;
      login.submit = { status: 'submitting', error: null };
    },
    loginSucceeded(state) {
      if (state.submit.status === 'submitting') state.submit = { status: 'succeeded', error: null };
    },
    loginFailed(state, action: PayloadAction<{ message: string }>) {
      if (state.submit.status === 'submitting') state.submit = { status: 'failed', error: action.payload.message };
    },
  },
});

export const {
  loginOpened,
  loginRegionsLoaded,
  loginRegionsFailed,
  loginRegionPicked,
  loginModeSwitched,
  passwordLoginSubmitted,
  loginAccountRead,
  loginContextRead,
  loginCodeRejected,
  logoutRequested,
  mineOpened,
  loggedOut,
  loginInputChanged,
  smsCodeRequested,
  smsCodeSent,
  smsCodeFailed,
  smsCountdownTicked,
  loginSubmitted,
  loginSucceeded,
  loginFailed,
} = loginSlice.actions;
export { loginSlice };

declare module '@/store/root-reducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof loginSlice> {}
}

export const selectLoginState = injectSlice(loginSlice);
