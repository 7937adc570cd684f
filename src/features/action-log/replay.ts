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

/**
 * One path of the state (`lives.entities.3.onlines`) as the walks of one replay meet it, step after step.
 *
 * Its name is made once and shared: a timeline names the same few paths at step after step (the clock's
 * `liveRoom.nowMs` in most entries of an hour, a poll's counts) and keeps every step's names until it is dropped.
 * Names built afresh at each step, of pieces concatenated level by level, were most of what a timeline held (an
 * adviser's hour: 444 bytes a step, 124 with shared names and lists cut to length), all of it copied by the
 * garbage collector as it aged.
 *
 * It also keeps the keys and values of the object last found on the new side here. Reducers never mutate, so when
 * the next step's old side is that same object its keys and values are already known: of the two objects
 * compared at each level (the root, a slice, an entity) only the new one is read.
 */
class PathNode {
  private keyed: Map<string | number, PathNode> | null = null;
  private items: (PathNode | undefined)[] | null = null;
  object: object | null = null;
  keys: string[] = [];
  values: unknown[] = [];
  constructor(readonly path: string) {}

  /** `path.key` (an object's key, an entity's id). */
  key(key: string | number): PathNode {
    this.keyed ??= new Map();
    let node = this.keyed.get(key);
    if (node === undefined) {
      node = new PathNode(this.path ? `${this.path}.${key}` : String(key));
      this.keyed.set(key, node);
    }
    return node;
  }

  /** `path[i]` (an array's item). */
  item(i: number): PathNode {
    this.items ??= [];
    let node = this.items[i];
    if (node === undefined) {
      node = new PathNode(`${this.path}[${i}]`);
      this.items[i] = node;
    }
    return node;
  }
}

/**
 * Paths that differ between two states: the timeline's "changed" column. The same walk as diffStates (it is
 * diffStates' paths), so a step's line in the timeline and `--diff` of that step never disagree.
 */
export function changedPaths(before: unknown, after: unknown): string[] {
  return pathsChanger()(before, after);
}

/**
 * changedPaths for the steps of one replay, which share their PathNodes. Each step's list is copied to its own
 * length: an array grown by push keeps room for 17 paths, held by the timeline, where most steps change one or two.
 */
function pathsChanger(): (before: unknown, after: unknown) => string[] {
  const root = new PathNode('');
  // Kept between steps with its room, rather than emptied (which drops the room) and grown again at every step.
  const found: string[] = [];
  let count = 0;
  const report: Report = (path) => {
    found[count] = path;
    count += 1;
  };
  return (before, after) => {
    count = 0;
    walkDiff(before, after, root, 0, report);
    return found.slice(0, count);
  };
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
 * length are compared item by item, others as one value. An entity adapter's record (`{ ids, entities }`
 * with the same ids) is read by its ids.
 */
export function diffStates(before: unknown, after: unknown, prefix = ''): ValueChange[] {
  const out: ValueChange[] = [];
  walkDiff(before, after, new PathNode(prefix), 0, (path, b, a) => {
    out.push({ path, before: b, after: a });
  });
  return out;
}

/** What a walk reports for each difference: the timeline keeps only the path, --diff and the viewer the values. */
type Report = (path: string, before: unknown, after: unknown) => void;

function walkDiff(before: unknown, after: unknown, node: PathNode, depth: number, report: Report): void {
  if (before === after) return;
  if (depth < MAX_DEPTH && isPlain(before) && isPlain(after)) {
    walkObject(before, after, node, depth, report);
    return;
  }
  if (depth < MAX_DEPTH && Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    for (let i = 0; i < before.length; i += 1) walkDiff(before[i], after[i], node.item(i), depth + 1, report);
    return;
  }
  if (!sameContents(before, after)) report(node.path || '(root)', before, after);
}

const sameKeys = (a: string[], b: string[]) => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
};

/** Whether `object`'s keys are `keys`, in that order (read without copying them out, as Object.keys would). */
function hasKeys(object: State, keys: string[]): boolean {
  let i = 0;
  for (const key in object) {
    if (key !== keys[i]) return false;
    i += 1;
  }
  return i === keys.length;
}

function walkObject(before: State, after: State, node: PathNode, depth: number, report: Report): void {
  // Nearly always both have the same keys in the same order (a reducer's copy keeps them): the values are then
  // compared side by side, from Object.values. Reading the new object key by key instead (the walk's objects being
  // of many shapes, each read is a generic lookup) made a clock tick's diff about 1.6 times as long.
  const known = node.object === before;
  const keys = known ? node.keys : Object.keys(before);
  if (known ? hasKeys(after, keys) : sameKeys(keys, Object.keys(after))) {
    const values = known ? node.values : Object.values(before);
    const afterValues = Object.values(after);
    // Not so only when for…in met an inherited key, which Object.values leaves out: the key-by-key walk below.
    if (afterValues.length === keys.length) {
      node.object = after;
      node.keys = keys;
      node.values = afterValues;
      for (let i = 0; i < keys.length; i += 1)
        if (values[i] !== afterValues[i])
          walkKey(before, after, keys[i] as string, values[i], afterValues[i], node, depth, report);
      return;
    }
  }
  let shared = 0;
  for (const key in before) {
    const value = before[key];
    const afterValue = after[key];
    if (afterValue !== undefined || Object.hasOwn(after, key)) shared += 1;
    if (value !== afterValue) walkKey(before, after, key, value, afterValue, node, depth, report);
  }
  let count = 0;
  for (const _ in after) count += 1;
  if (count === shared) return;
  for (const key in after) {
    if (!Object.hasOwn(before, key)) walkDiff(undefined, after[key], node.key(key), depth + 1, report);
  }
}

/** One key whose value is not the same object on both sides. */
function walkKey(
  before: State,
  after: State,
  key: string,
  value: unknown,
  afterValue: unknown,
  node: PathNode,
  depth: number,
  report: Report,
): void {
  const child = node.key(key);
  if (
    key !== 'entities' ||
    !Array.isArray(before.ids) ||
    before.ids !== after.ids ||
    !isPlain(value) ||
    !isPlain(afterValue)
  ) {
    walkDiff(value, afterValue, child, depth + 1, report);
    return;
  }
  // By index: for…of over a frozen array (as reducers leave them) allocates a result for every item.
  const ids = before.ids as (string | number)[];
  for (let i = 0; i < ids.length; i += 1) {
    const id = ids[i] as string | number;
    const entity = value[id];
    const afterEntity = afterValue[id];
    if (entity !== afterEntity) walkDiff(entity, afterEntity, child.key(id), depth + 2, report);
  }
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
  const changed = options.timeline ? pathsChanger() : null;
  for (let i = 0; i < to; i += 1) {
    const entry = log.entries[i] as ActionLogEntry;
    let next: State;
    try {
      next = applyEntry(reducer, state, entry, initial);
    } catch (error) {
      throw new ReplayError(i + 1, entry, error);
    }
    if (changed) {
      timeline.push({
        step: i + 1,
        seq: entry.seq,
        t: entry.t,
        route: entry.route,
        type: entry.action.type,
        changed: changed(state, next),
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
