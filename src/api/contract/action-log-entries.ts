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

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The one definition of "this step went wrong", used by the viewer's markers, the CLI and the list's has-error search:
 * a fault; a failed request; an action named as a failure (`…Failed`, `…Crashed`, `…/rejected`), flagged `error: true`
 * (RTK's rejected, flux-standard actions) or carrying an error in its payload.
 */
export function entryHasError(entry: ActionLogEntry): boolean {
  const request = requestOf(entry);
  if (request) return requestFailed(request);
  if (faultOf(entry) !== null) return true;
  const action = entry.action as { type: string; error?: unknown; payload?: unknown };
  if (/(?:Failed|Crashed|\/rejected)$/.test(action.type)) return true;
  if (action.error === true) return true;
  const payload = action.payload;
  return isRecord(payload) && payload.error !== undefined && payload.error !== null && payload.error !== false;
}

/** The step (1-based, as the viewer's `&step=` counts) of the first failing entry, or null. */
export function firstErrorStep(log: Pick<ActionLog, 'entries'>): number | null {
  const i = log.entries.findIndex(entryHasError);
  return i < 0 ? null : i + 1;
}

/** Whether anything in the log went wrong: the list's has-error filter and the viewer agree on it. */
export function logHasError(log: Pick<ActionLog, 'entries'>): boolean {
  return firstErrorStep(log) !== null;
}
