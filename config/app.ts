/** Build-wide constants (spec §9). */
export const APP_VERSION = '1.37.0';
export const CHUNK_LOAD_TIMEOUT_MS = 120000;
/** First-load budget of the home route, gzipped (issue 2). */
export const HOME_FIRST_LOAD_BUDGET_BYTES = 160 * 1024;
