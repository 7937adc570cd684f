import { createSelector } from '@reduxjs/toolkit';
import type { TrackingState } from './trackingSlice';

const selectTracking = (state: { tracking: TrackingState }) => state.tracking;
export const selectAnalyticsReadiness = createSelector(selectTracking, (t) => t.analytics.readiness);
export const selectAnalyticsStatus = createSelector(selectTracking, (t) => t.analytics);
export const selectOwnTrackingStatus = createSelector(selectTracking, (t) => t.own);
export const selectErrorReportingStatus = createSelector(selectTracking, (t) => t.errors);
