import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';

import { MINI_PATH_PATTERN } from '../../../api/contract/helpers-constants';
import type { ApiErrorInfo } from '../../../api/errors';

import { injectSlice } from '@/store';

/** What /test shows: gathered by the saga (storage and the browser are side effects). */
export interface DiagnosticsReport {
  environment: string;
  context: string;
  userAgent: string;
  version: string;
  /** Every storage key of docs/rules/data.md#local-storage-keys, its value masked (null: not stored). */
  keys: Array<{ key: string; masked: string | null; length: number }>;
  gatheredAt: number;
}

export interface FollowInfo {
  name: string;
  qrCodeUrl: string;
}

type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface HelpersState {
  diagnostics: { status: 'idle' | 'loading' | 'loaded'; report: DiagnosticsReport | null };
  mini: { status: LoadStatus | 'invalid'; openlink: string | null; error: ApiErrorInfo | null; invalid: string | null };
  follow: { status: LoadStatus; info: FollowInfo | null; error: string | null };
}

const initialState: HelpersState = {
  diagnostics: { status: 'idle', report: null },
  mini: { status: 'idle', openlink: null, error: null, invalid: null },
  follow: { status: 'idle', info: null, error: null },
};

const MINI_PATH = new RegExp(MINI_PATH_PATTERN);

export const helpersSlice = createSlice({
  name: 'helpers',
  initialState,
  reducers: {
    /** /test opened (or 刷新 tapped). */
    diagnosticsOpened(state) {
      state.diagnostics.status = 'loading';
    },
    diagnosticsGathered(state, action: PayloadAction<DiagnosticsReport>) {
      if (state.diagnostics.status === 'loading') state.diagnostics = { status: 'loaded', report: action.payload };
    },
    /** /jumpToMini opened (or retried) for a mini-program page; a malformed page path is refused here. */
    miniSchemeRequested(state, action: PayloadAction<{ path: string; query?: string }>) {
      if (state.mini.status === 'loading') return;
      if (!MINI_PATH.test(action.payload.path) || (action.payload.query?.length ?? 0) > 512) {
        state.mini = {
          status: 'invalid',
          openlink: null,
          error: null,
          invalid: '小程序页面地址无效，请从正确的链接重新打开',
        };
        return;
      }
      state.mini = { status: 'loading', openlink: null, error: null, invalid: null };
    },
    miniSchemeLoaded(state, action: PayloadAction<{ openlink: string }>) {
      if (state.mini.status === 'loading')
        state.mini = { status: 'loaded', openlink: action.payload.openlink, error: null, invalid: null };
    },
    miniSchemeFailed(state, action: PayloadAction<{ error: ApiErrorInfo }>) {
      if (state.mini.status === 'loading')
        state.mini = { status: 'failed', openlink: null, error: action.payload.error, invalid: null };
    },
    /** "打开小程序" tapped: the saga leaves for the weixin:// link. */
    miniProgramOpened(_state, _action: PayloadAction<{ openlink: string }>) {},
    followOpened(state) {
      if (state.follow.status !== 'loading') state.follow = { status: 'loading', info: null, error: null };
    },
    followInfoLoaded(state, action: PayloadAction<FollowInfo>) {
      if (state.follow.status === 'loading') state.follow = { status: 'loaded', info: action.payload, error: null };
    },
    followInfoFailed(state, action: PayloadAction<{ message: string }>) {
      if (state.follow.status === 'loading')
        state.follow = { status: 'failed', info: null, error: action.payload.message };
    },
  },
});

export const {
  diagnosticsOpened,
  diagnosticsGathered,
  miniSchemeRequested,
  miniSchemeLoaded,
  miniSchemeFailed,
  miniProgramOpened,
  followOpened,
  followInfoLoaded,
  followInfoFailed,
} = helpersSlice.actions;

/** Lazy slice: the helper screens' chunks import this file, which injects it (initial state until then). */
export const selectHelpersState = injectSlice(helpersSlice);

declare module '@/store/root-reducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof helpersSlice> {}
}
