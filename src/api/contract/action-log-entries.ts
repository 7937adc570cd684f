/**
 * What an entry of an action log is, as plain functions (TypeBox-free, so the recorder, the viewer, the CLI and the
 * server's search share them without loading the schema library).
 */
import type { ActionLog, ActionLogEntry, ActionLogFault, ActionLogRequest } from './action-log';
import { FAULT_RECORDED, REQUEST_RECORDED } from './action-log-constants';

/** The request an entry records, or null for any other entry. */
export function requestOf(entry: ActionLogEntry): ActionLogRequest | null {
  return entry.action.type === REQUEST_RECORDED
    ? ((entry.action as { payload?: unknown }).payload as ActionLogRequest)
    : null;
}

/** The fault an entry records, or null for any other entry. */
export function faultOf(entry: ActionLogEntry): ActionLogFault | null {
  return entry.action.type === FAULT_RECORDED
    ? ((entry.action as { payload?: unknown }).payload as ActionLogFault)
    : null;
}

/** A request whose caller did not get its data (cancelled ones were given up on purpose). */
export function requestFailed(request: ActionLogRequest): boolean {
  return request.outcome !== 'ok' && request.outcome !== 'cancelled';
}

/** A dispatched action that reports a failure by its name (sagas name them …Failed). */
const FAILED_ACTION = /Failed$/;

/**
 * The one definition of "this step went wrong", used by the viewer's markers, the CLI and the list's has-error search:
 * a fault, a failed request, or an action named …Failed.
 */
export function entryHasError(entry: ActionLogEntry): boolean {
  const request = requestOf(entry);
  if (request) return requestFailed(request);
  return faultOf(entry) !== null || FAILED_ACTION.test(entry.action.type);
}

export function logHasError(log: Pick<ActionLog, 'entries'>): boolean {
  return log.entries.some(entryHasError);
}
