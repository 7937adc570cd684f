/** Plain constants of the action-log format (TypeBox-free, so the client can import them). */
export const ACTION_LOG_FORMAT = 'wealth-live.action-log';
/** Bump when the shape changes; older logs are migrated in log-format.ts or refused. */
export const ACTION_LOG_VERSION = 1;
/** Marks a page (re)load inside a log: the store restarted from the state in its payload. */
export const STORE_STARTED = '@@actionLog/storeStarted';
/** Short ids the backend hands out: no 0/O/1/I/L, so they can be read out on the phone. */
export const ACTION_LOG_ID_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const ACTION_LOG_ID_PATTERN = '^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$';
/** The most a log upload may weigh (the recorder's default byte bound is well below). */
export const ACTION_LOG_MAX_UPLOAD_BYTES = 8 * 1024 * 1024;
/**
 * Entries that are not dispatched actions but sit in the timeline beside them: a request the app made and a fault
 * (console error, uncaught exception, unhandled rejection, a report to the error service). Reducers ignore them, so a
 * replay's states are the same with or without them.
 */
export const REQUEST_RECORDED = '@@actionLog/request';
export const FAULT_RECORDED = '@@actionLog/fault';
/** Query parameters whose values a request entry keeps (harmless paging and kind selectors); others keep the name only. */
export const REQUEST_QUERY_ALLOWED = [
  'page',
  'pageNum',
  'pageNo',
  'pageSize',
  'size',
  'type',
  'status',
  'tab',
] as const;
/** A fault's stack is kept to this many characters (the size cap counts it like any entry). */
export const FAULT_STACK_MAX = 4000;
/** Who is reading a log, sent by the tools (the replay CLI: its user and host); it goes on the compliance trail. */
export const ACTION_LOG_READER_HEADER = 'x-action-log-reader';
/** The contexts a developer searches logs by; the recorder's finer user-agent classes fold into these. */
export const LOG_CONTEXTS = ['wecom', 'wechat', 'miniprogram', 'app', 'browser'] as const;
