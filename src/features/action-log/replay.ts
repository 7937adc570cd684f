import type { Reducer, UnknownAction } from '@reduxjs/toolkit';

import { STORE_STARTED } from '../../api/contract/action-log-constants';
import type { ActionLog, ActionLogEntry } from './log-format';

export type State = Record<string, unknown>;

/** One line of the timeline: step N is the state after applying the Nth entry. */
export interface ReplayStep {
  step: number;
  seq: number;
  t: number;
  route: string;
  type: string;
  changed: string[];
}

/** A reducer threw: which step, which action, and the original stack. */
export class ReplayError extends Error {
  override name = 'ReplayError';
  constructor(
    readonly step: number,
    readonly entry: ActionLogEntry,
    readonly original: unknown,
  ) {
    super(
      `第 ${step} 步（seq ${entry.seq}，${entry.action.type}）的 reducer 抛出异常：${original instanceof Error ? original.message : String(original)}`,
    );
  }
}

const isPlain = (v: unknown): v is State => typeof v === 'object' && v !== null && !Array.isArray(v);

const join = (prefix: string, key: string | number) => (prefix ? `${prefix}.${key}` : String(key));

/**
 * Paths that differ between two states: the timeline's "changed" column. The same walk as diffStates (it is
 * diffStates' paths), so a step's line in the timeline and `--diff` of that step never disagree.
 */
export function changedPaths(before: unknown, after: unknown): string[] {
  return diffStates(before, after).map((c) => c.path);
}

/** Deep equality of plain data (what states hold), without serialising either side. */
function sameContents(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i += 1) if (!sameContents(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  let count = 0;
  for (const key in a) {
    if (!Object.hasOwn(a, key)) continue;
    count += 1;
    if (!Object.hasOwn(b, key) || !sameContents((a as State)[key], (b as State)[key])) return false;
  }
  for (const key in b) if (Object.hasOwn(b, key)) count -= 1;
  return count === 0;
}

export interface ValueChange {
  path: string;
  before: unknown;
  after: unknown;
}

/** Past this depth a branch is compared whole (states are never this deep; a cycle cannot loop forever). */
const MAX_DEPTH = 40;

/**
 * The leaf-level differences between two states, for the timeline, `--diff A B` and the viewer alike.
 * Reducers never mutate, so an unchanged branch is the same object and is skipped by identity before any
 * path is built; a copy with equal contents (a list page loaded again) is no change; arrays of the same
 * length are compared item by item, others as one value. Runs once per step of a timeline, so unchanged keys
 * cost no allocation: objects are read with for…in, and an entity adapter's record (`{ ids, entities }` with
 * the same ids) is read by its ids.
 */
export function diffStates(before: unknown, after: unknown, prefix = ''): ValueChange[] {
  const out: ValueChange[] = [];
  walkDiff(before, after, prefix, 0, out);
  return out;
}

function walkDiff(before: unknown, after: unknown, prefix: string, depth: number, out: ValueChange[]): void {
  if (before === after) return;
  if (depth < MAX_DEPTH && isPlain(before) && isPlain(after)) {
    const sameIds = Array.isArray(before.ids) && before.ids === after.ids;
    let shared = 0;
    for (const key in before) {
      const value = before[key];
      const afterValue = after[key];
      if (afterValue !== undefined || Object.hasOwn(after, key)) shared += 1;
      if (value === afterValue) continue;
      const path = join(prefix, key);
      if (key === 'entities' && sameIds && isPlain(value) && isPlain(afterValue)) {
        for (const id of before.ids as (string | number)[])
          if (value[id] !== afterValue[id]) walkDiff(value[id], afterValue[id], join(path, id), depth + 2, out);
      } else {
        walkDiff(value, afterValue, path, depth + 1, out);
      }
    }
    let keys = 0;
    for (const _ in after) keys += 1;
    if (keys === shared) return;
    for (const key in after) {
      if (!Object.hasOwn(before, key)) walkDiff(undefined, after[key], join(prefix, key), depth + 1, out);
    }
    return;
  }
  if (depth < MAX_DEPTH && Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    for (let i = 0; i < before.length; i += 1) walkDiff(before[i], after[i], `${prefix}[${i}]`, depth + 1, out);
    return;
  }
  if (!sameContents(before, after)) out.push({ path: prefix || '(root)', before, after });
}

/** A redacted phone or SMS code in a payload (`[phone:abc1234]`); the hash label picks the stand-in. */
const STAND_IN = /^\[(phone|code):([0-9a-z]{7})\]$/;

function digitsOf(label: string, n: number): string {
  let out = '';
  for (let i = 0; out.length < n; i += 1)
    out += (parseInt(label, 36) * (i + 7) + i).toString().split('').reverse().join('');
  return out.slice(0, n);
}

/**
 * Reducers validate what the user typed (a phone is 11 digits, a code is 6); a placeholder would
 * fail that and the replay would leave the recorded path. Top-level payload placeholders of these
 * kinds become valid stand-ins, the same one for the same label. A format the user got WRONG is
 * lost by redaction, so it replays as valid (see __tests__/replays/README.md).
 */
export function withStandIns(action: UnknownAction): UnknownAction {
  const payload = (action as { payload?: unknown }).payload;
  if (!isPlain(payload)) return action;
  let copy: State | null = null;
  for (const key of Object.keys(payload)) {
    const v = payload[key];
    const m = typeof v === 'string' && v.charCodeAt(0) === 91 ? STAND_IN.exec(v) : null;
    if (!m) continue;
    copy ??= { ...payload };
    copy[key] = m[1] === 'phone' ? `139${digitsOf(m[2] as string, 8)}` : digitsOf(m[2] as string, 6);
  }
  return copy ? ({ ...action, payload: copy } as UnknownAction) : action;
}

function applyEntry(reducer: Reducer, state: State, entry: ActionLogEntry, initial: State): State {
  // A restarted store's state lacks the lazy slices it had not injected yet: they start as initial state.
  if (entry.action.type === STORE_STARTED)
    return { ...initial, ...(entry.action as unknown as { payload: { state: State } }).payload.state };
  return reducer(state, withStandIns(entry.action as UnknownAction)) as State;
}

export interface ReplayResult {
  /** State after `steps` entries. */
  state: State;
  steps: number;
  timeline: ReplayStep[];
}

/**
 * Replays a log through a reducer (app/store/fullReducer: every slice, lazy ones injected). The
 * start state is merged over the reducer's own initial state, so slices added after recording,
 * or never injected by the recording browser, exist as their initial state.
 */
export function replayLog(
  log: ActionLog,
  reducer: Reducer,
  options: { to?: number; timeline?: boolean } = {},
): ReplayResult {
  const to = Math.max(0, Math.min(options.to ?? log.entries.length, log.entries.length));
  const initial = reducer(undefined, { type: '@@actionLog/init' }) as State;
  let state: State = { ...initial, ...log.startState };
  const timeline: ReplayStep[] = [];
  for (let i = 0; i < to; i += 1) {
    const entry = log.entries[i] as ActionLogEntry;
    let next: State;
    try {
      next = applyEntry(reducer, state, entry, initial);
    } catch (error) {
      throw new ReplayError(i + 1, entry, error);
    }
    if (options.timeline) {
      timeline.push({
        step: i + 1,
        seq: entry.seq,
        t: entry.t,
        route: entry.route,
        type: entry.action.type,
        changed: changedPaths(state, next),
      });
    }
    state = next;
  }
  return { state, steps: to, timeline };
}

/** Reads a dotted path (`lives.homeList.status`) from a state. */
export function valueAt(state: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((v, key) => (isPlain(v) || Array.isArray(v) ? (v as State)[key] : undefined), state);
}

/** How often a seeker keeps a state: a seek replays at most this many entries past the nearest kept one. */
const SEEK_EVERY = 256;

/**
 * The state after any step of one log, fast to jump around in: states are kept every SEEK_EVERY steps as the
 * replay first passes them (reducers never mutate, so a kept state is a reference, not a copy), and a later seek
 * starts from the nearest one at or before it instead of from the start.
 */
export function createSeeker(log: ActionLog, reducer: Reducer): (step: number) => State {
  const initial = reducer(undefined, { type: '@@actionLog/init' }) as State;
  const kept: State[] = [{ ...initial, ...log.startState }];
  return (step) => {
    const to = Math.max(0, Math.min(step, log.entries.length));
    let from = Math.min(Math.floor(to / SEEK_EVERY), kept.length - 1);
    let state = kept[from] as State;
    for (let i = from * SEEK_EVERY; i < to; i += 1) {
      const entry = log.entries[i] as ActionLogEntry;
      try {
        state = applyEntry(reducer, state, entry, initial);
      } catch (error) {
        throw new ReplayError(i + 1, entry, error);
      }
      if ((i + 1) % SEEK_EVERY === 0 && (i + 1) / SEEK_EVERY === kept.length) {
        kept.push(state);
        from += 1;
      }
    }
    return state;
  };
}
