import type { ActionLogRequest } from '../../../api/contract/action-log';
import { entryHasError, faultOf, requestOf } from '../../../api/contract/action-log-entries';
import type { ActionLog, ActionLogEntry } from '../log-format';

/** One timeline line's text: the action type, or what a request or fault entry says. */
export function entryLabel(entry: ActionLogEntry): string {
  const request = requestOf(entry);
  if (request) return `${request.method} ${request.path} → ${request.status ?? request.outcome}`;
  const fault = faultOf(entry);
  if (fault) return `错误 ${fault.message}`;
  return entry.action.type;
}

/** What the viewer needs to find the fault fast, computed once per log. */
export interface TimelineIndex {
  /** Steps (1-based) whose entry is an error by the contract's one definition. */
  errorSteps: number[];
  labels: string[];
  /** Requests by the seq of the action that started them. */
  requestsBySeq: Map<number, ActionLogRequest[]>;
}

export function indexTimeline(log: ActionLog): TimelineIndex {
  const errorSteps: number[] = [];
  const labels: string[] = [];
  const requestsBySeq = new Map<number, ActionLogRequest[]>();
  log.entries.forEach((entry, i) => {
    labels.push(entryLabel(entry));
    if (entryHasError(entry)) errorSteps.push(i + 1);
    const request = requestOf(entry);
    const seq = request?.trigger?.seq;
    if (request && typeof seq === 'number') requestsBySeq.set(seq, [...(requestsBySeq.get(seq) ?? []), request]);
  });
  return { errorSteps, labels, requestsBySeq };
}

/** The requests that belong to a step: the one it records, or those its action started. */
export function requestsAt(index: TimelineIndex, entry: ActionLogEntry | undefined): ActionLogRequest[] {
  if (!entry) return [];
  const own = requestOf(entry);
  return own ? [own] : (index.requestsBySeq.get(entry.seq) ?? []);
}

/** The first error step after (or before) `step`, or null. */
export function nextError(index: TimelineIndex, step: number, direction: 1 | -1): number | null {
  if (direction === 1) return index.errorSteps.find((s) => s > step) ?? null;
  for (let i = index.errorSteps.length - 1; i >= 0; i -= 1)
    if ((index.errorSteps[i] as number) < step) return index.errorSteps[i] as number;
  return null;
}

/** `?step=firstError` (the list's one-click link) or a number, clamped to the log. */
export function stepFromParam(value: string | null, total: number, index: TimelineIndex | null): number {
  if (value === 'firstError') return index?.errorSteps[0] ?? total;
  if (value === null) return total;
  return Math.min(Math.max(0, Number(value) || 0), total);
}
