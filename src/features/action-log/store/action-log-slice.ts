import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';

import type { ApiErrorInfo } from '../../../api/errors';
import type { ActionLogState } from './types';

import { injectSlice } from '@/store';

const initialState: ActionLogState = {
  panelOpen: false,
  report: { status: 'idle', id: null, error: null },
  lastSentId: null,
  lastDownload: null,
  downloadError: null,
  viewer: { status: 'idle', id: null, log: null, error: null },
};

const actionLogSlice = createSlice({
  name: 'actionLog',
  initialState,
  reducers: {
    /** ?debug=1 or the hidden gesture (five taps in the top-left corner). */
    actionLogPanelOpened(state, _action: PayloadAction<{ via: 'query' | 'gesture' }>) {
      state.panelOpen = true;
    },
    actionLogPanelClosed(state) {
      state.panelOpen = false;
    },
    actionLogDownloadRequested(state) {
      state.downloadError = null;
    },
    actionLogDownloaded(state, action: PayloadAction<{ fileName: string }>) {
      state.lastDownload = action.payload.fileName;
    },
    actionLogDownloadFailed(state, action: PayloadAction<{ message: string }>) {
      state.downloadError = action.payload.message;
    },
    /** "Report a problem": send the log with a note. */
    actionLogReportRequested(state, _action: PayloadAction<{ note: string }>) {
      if (state.report.status === 'sending') return;
      state.report = { status: 'sending', id: null, error: null };
    },
    actionLogReported(state, action: PayloadAction<{ id: string }>) {
      if (state.report.status !== 'sending') return;
      state.report = { status: 'sent', id: action.payload.id, error: null };
      state.lastSentId = action.payload.id;
    },
    actionLogReportFailed(state, action: PayloadAction<ApiErrorInfo>) {
      if (state.report.status !== 'sending') return;
      state.report = { status: 'failed', id: null, error: action.payload };
    },
    actionLogViewerRequested(state, action: PayloadAction<{ id: string }>) {
      state.viewer = { status: 'loading', id: action.payload.id, log: null, error: null };
    },
    actionLogViewerLoaded(state, action: PayloadAction<{ id: string; log: unknown }>) {
      if (state.viewer.status !== 'loading' || state.viewer.id !== action.payload.id) return;
      state.viewer = { status: 'loaded', id: action.payload.id, log: action.payload.log, error: null };
    },
    actionLogViewerFailed(state, action: PayloadAction<{ id: string; message: string }>) {
      if (state.viewer.status !== 'loading' || state.viewer.id !== action.payload.id) return;
      state.viewer = { status: 'failed', id: action.payload.id, log: null, error: action.payload.message };
    },
  },
});

export const {
  actionLogPanelOpened,
  actionLogPanelClosed,
  actionLogDownloadRequested,
  actionLogDownloaded,
  actionLogDownloadFailed,
  actionLogReportRequested,
  actionLogReported,
  actionLogReportFailed,
  actionLogViewerRequested,
  actionLogViewerLoaded,
  actionLogViewerFailed,
} = actionLogSlice.actions;

declare module '@/store/root-reducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof actionLogSlice> {}
}

// A home-screen slice: the app imports it before it builds its store (src/app/store/eager-slices.ts).
export const selectActionLogState = injectSlice(actionLogSlice);
