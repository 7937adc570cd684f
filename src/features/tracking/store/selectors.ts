import { createSelector } from '@reduxjs/toolkit';

import { selectTrackingState } from './tracking-slice';

const selectTracking = selectTrackingState;
export const selectAnalyticsReadiness = createSelector(selectTracking, (t) => t.analytics.readiness);
export const selectAnalyticsStatus = createSelector(selectTracking, (t) => t.analytics);
export const selectOwnTrackingStatus = createSelector(selectTracking, (t) => t.own);
export const selectErrorReportingStatus = createSelector(selectTracking, (t) => t.errors);
