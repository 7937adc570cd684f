import { createSelector } from 'reselect';

import { selectTrackingState } from './tracking-slice';

const selectTracking = selectTrackingState;
export const selectAnalyticsStatus = createSelector(selectTracking, (t) => t.analytics);
