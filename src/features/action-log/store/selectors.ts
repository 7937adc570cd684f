import { createSelector } from 'reselect';

import { selectActionLogState } from './action-log-slice';

import type { RootState } from '@/store';

const selectActionLog = (state: RootState) => selectActionLogState(state);
export const selectActionLogPanelOpen = createSelector([selectActionLog], (s) => s.panelOpen);
export const selectActionLogReport = createSelector([selectActionLog], (s) => s.report);
/** The id of the last log sent: error reports carry it as a tag. */
export const selectLastActionLogId = createSelector([selectActionLog], (s) => s.lastSentId);
export const selectActionLogDownload = createSelector([selectActionLog], (s) => ({
  fileName: s.lastDownload,
  error: s.downloadError,
}));
export const selectActionLogViewer = createSelector([selectActionLog], (s) => s.viewer);

/** Tags for error reports (src/app/boot.tsx): `action_log_id` once a log has been sent. */
export const actionLogReportTags = createSelector([selectLastActionLogId], (id): Record<string, string> =>
  id ? { action_log_id: id } : {},
);
