// The action log's public surface: the recorder and debug panel the app mounts, its saga and
// slice, and the report tags error reporting attaches; the log format and redaction the server applies to
// uploads. The replay viewer's parts stay out (lazy).
export { createBrowserRecorder, exposeForDebugging } from './browser';
export { ActionLogPanelHost } from './components/ActionLogPanelHost';
export { createFaultJournal, recordRequests } from './faults';
export { FIXTURE_NAME, logFromFile, type RegressionFixture } from './fixture';
export { ActionLogFormatError, parseActionLog } from './log-format';
export type { Recorder } from './recorder';
export { createRedactor, type PlaceholderHash, type Redactor } from './redact';
export { createSagaTriggers, type SagaTriggers } from './saga-trigger';
export { createActionLogServices } from './services';
export { actionLogSaga } from './store/action-log-saga';
export { actionLogReported, actionLogReportRequested, selectActionLogState } from './store/action-log-slice';
export { actionLogReportTags } from './store/selectors';
