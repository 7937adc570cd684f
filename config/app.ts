/** Build-wide constants (docs/rules/constants.md). */
export const APP_VERSION = '1.37.0';
export const CHUNK_LOAD_TIMEOUT_MS = 120000;
/**
 * First-load budget of the home route, gzipped: the goal, 150 KB. Met by loading the HTTP layer (axios) after the load
 * event or with the first request, and the action-log recorder as its own chunk beside the screen's; whatever else
 * the first screen does not need goes the same way (docs/performance.md).
 */
export const HOME_FIRST_LOAD_BUDGET_BYTES = 150 * 1024;
