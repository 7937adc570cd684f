import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';

import type { ApiErrorInfo } from '../../../api/errors';
import type { AnalyticsCall } from '../analytics/types';
import type { OwnTrackingExtras } from '../own/fields';

import { injectSlice } from '@/store';

/** 2 initialising, 3 ready to queue, 4 fully running (docs/rules/states.md#analytics-readiness). */
export type AnalyticsReadiness = 2 | 3 | 4;

export interface TrackingState {
  /** notices: the notices (docs/rules/errors.md#analytics-notices) already logged in this page load (each at most once, even when the feature restarts). */
  analytics: {
    readiness: AnalyticsReadiness;
    queued: number;
    replayed: number;
    refused: number;
    loadError: string | null;
    notices: string[];
  };
  own: { sent: number; failed: number; refused: number; lastError: string | null };
  errors: { status: 'waiting' | 'running' | 'disabled' | 'failed'; reported: number };
}

const initialState: TrackingState = {
  analytics: { readiness: 2, queued: 0, replayed: 0, refused: 0, loadError: null, notices: [] },
  own: { sent: 0, failed: 0, refused: 0, lastError: null },
  errors: { status: 'waiting', reported: 0 },
};

const trackingSlice = createSlice({
  name: 'tracking',
  initialState,
  reducers: {
    /** A screen's own tracking event (docs/rules/services.md#own-tracking). */
    trackingEventRequested(
      _s,
      _a: PayloadAction<{ name: string; data: Record<string, unknown>; extras?: OwnTrackingExtras }>,
    ) {},
    /** fast.php {method, params}. */
    trackingFastRequested(
      _s,
      _a: PayloadAction<{ method: string; params: Record<string, unknown>; extras?: OwnTrackingExtras }>,
    ) {},
    trackingEventSent(state, _a: PayloadAction<{ name: string; variant: string }>) {
      state.own.sent += 1;
    },
    trackingEventFailed(state, action: PayloadAction<{ name: string; error: ApiErrorInfo }>) {
      state.own.failed += 1;
      state.own.lastError = action.payload.error.message;
    },
    trackingEventRefused(state, action: PayloadAction<{ name: string; reason: string }>) {
      state.own.refused += 1;
      state.own.lastError = action.payload.reason;
    },
    /** The router showed a page (path + query); a saga turns it into a page view. */
    pageViewed(state, _a: PayloadAction<{ url: string; path: string; title: string; referrer: string }>) {
      if (state.analytics.readiness < 4) state.analytics.queued += 1;
    },
    analyticsCallRequested(state, _a: PayloadAction<AnalyticsCall>) {
      if (state.analytics.readiness < 4) state.analytics.queued += 1;
    },
    analyticsSdkReady(state) {
      if (state.analytics.readiness === 2) state.analytics.readiness = 3;
    },
    analyticsSdkLoadFailed(state, action: PayloadAction<{ message: string }>) {
      if (state.analytics.readiness === 2) state.analytics.loadError = action.payload.message;
    },
    analyticsQueueReplayed(state, action: PayloadAction<{ replayed: number }>) {
      if (state.analytics.readiness !== 3) return;
      state.analytics.readiness = 4;
      state.analytics.replayed = action.payload.replayed;
      state.analytics.queued = 0;
    },
    /** A notice such as 热力图未开启 was logged; the store lives as long as the page, so it is not logged again. */
    analyticsNoticeLogged(state, action: PayloadAction<{ message: string }>) {
      if (!state.analytics.notices.includes(action.payload.message))
        state.analytics.notices.push(action.payload.message);
    },
    analyticsCallRefused(state, _a: PayloadAction<{ kind: AnalyticsCall['kind'] }>) {
      state.analytics.refused += 1;
    },
    errorReportingStarted(state) {
      if (state.errors.status === 'waiting') state.errors.status = 'running';
    },
    errorReportingDisabled(state) {
      if (state.errors.status === 'waiting') state.errors.status = 'disabled';
    },
    errorReportingFailed(state) {
      if (state.errors.status === 'waiting') state.errors.status = 'failed';
    },
    errorReported(state, _a: PayloadAction<{ source: string }>) {
      state.errors.reported += 1;
    },
  },
});

export const {
  trackingEventRequested,
  trackingFastRequested,
  trackingEventSent,
  trackingEventFailed,
  trackingEventRefused,
  pageViewed,
  analyticsCallRequested,
  analyticsSdkReady,
  analyticsSdkLoadFailed,
  analyticsQueueReplayed,
  analyticsCallRefused,
  analyticsNoticeLogged,
  errorReportingStarted,
  errorReportingDisabled,
  errorReportingFailed,
  errorReported,
} = trackingSlice.actions;
export const trackingReducer = trackingSlice.reducer;

declare module '@/store/root-reducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof trackingSlice> {}
}

// A home-screen slice: the app imports it before it builds its store (src/app/store/eager-slices.ts).
export const selectTrackingState = injectSlice(trackingSlice);
