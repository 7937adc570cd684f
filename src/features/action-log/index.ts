// The action log's public surface: the recorder and debug panel the app mounts, its saga and
// slice, and the report tags error reporting attaches. The replay viewer's parts stay out (lazy).
export { createBrowserRecorder, exposeForDebugging } from './browser';
export { ActionLogPanelHost } from './components/ActionLogPanelHost';
export type { Recorder } from './recorder';
export { createActionLogServices } from './services';
export { actionLogSaga } from './store/action-log-saga';
export { actionLogReported, actionLogReportRequested, injectedActionLogSlice } from './store/action-log-slice';
export { actionLogReportTags } from './store/selectors';
export type { ActionLogServices } from './store/types';
