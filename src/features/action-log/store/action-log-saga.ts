import { actionLogDownloadRequested, actionLogReportRequested, actionLogViewerRequested } from './action-log-slice';

import { lazyFeatureSaga } from '@/store';

/**
 * The root imports only this: the panel's and the viewer's requests (and their services' code) load with
 * the first request, which only a developer or a user reporting a problem ever makes.
 */
export const actionLogSaga = lazyFeatureSaga(
  [actionLogDownloadRequested.type, actionLogReportRequested.type, actionLogViewerRequested.type],
  () => import(/* webpackChunkName: "action-log" */ './action-log-workers').then((m) => m.runActionLog),
);
