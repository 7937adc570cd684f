import type { Middleware, Reducer, UnknownAction } from '@reduxjs/toolkit';

import type { ActionLog, ActionLogContext, ActionLogEntry, ActionLogTrigger } from '../../api/contract/action-log';
import { ACTION_LOG_FORMAT, ACTION_LOG_VERSION, STORE_STARTED } from '../../api/contract/action-log-constants';
import { type LogStorage, LogStore } from './log-storage';
import { RecordedEntries } from './recorded-entries';
import type { Redactor } from './redact';

export type { LogStorage };

export type RedactorFactory = (salt: string) => Redactor;

export interface RecorderOptions {
  /** The root reducer: advances the start state past evicted entries so the log stays replayable. */
  reducer: Reducer;
  getRoute: () => string;
  now?: () => number;
  maxEntries?: number;
  /** Bound on the stored entries' UTF-8 size. */
  maxBytes?: number;
  storage?: LogStorage | null;
  storageKey?: string;
  /** Salt of the placeholders; kept beside the log in storage, never exported. */
  salt?: string;
  meta: { appVersion: string; environment: string; context: ActionLogContext; recordingId?: string };
  /** Work (redact, serialise, evict, persist) runs later, off the dispatch path. */
  schedule?: (run: () => void, delayMs: number) => void;
  /** Action types never recorded (the replay viewer's own log loads would nest logs). */
  ignore?: (type: string) => boolean;
  /** Redaction, given directly (Node, tests) or loaded after first paint (the browser keeps it out of the first load). */
  redact: RedactorFactory | { load: () => Promise<RedactorFactory> };
}

export const DEFAULT_LIMITS = { maxEntries: 5000, maxBytes: 1_500_000 } as const;
type LogLimits = { maxEntries: number; maxBytes: number };
/**
 * Redaction, serialisation, eviction and persistence run together at most once a second (and on
 * page hide, via flush): every run disturbs the dispatches after it (caches, garbage), so fewer,
 * larger runs cost the dispatch path less. A crash loses at most this much of the log.
 */
const WORK_DELAY_MS = 1000;

/**
 * Actions waiting for the background job, as parallel columns: one object per dispatch, kept
 * alive until the job, was garbage the collector copied on the dispatch path.
 */
class PendingColumns {
  seqs: number[] = [];
  times: number[] = [];
  routes: string[] = [];
  actions: UnknownAction[] = [];
  get length(): number {
    return this.seqs.length;
  }
  push(seq: number, t: number, route: string, action: UnknownAction): void {
    this.seqs.push(seq);
    this.times.push(t);
    this.routes.push(route);
    this.actions.push(action);
  }
}

/** What a store did before the recorder's code arrived (deferred-recorder.ts keeps it). */
export interface RecorderBuffer {
  getState: () => unknown;
  /** The store's state when the middleware was applied, with the route and time then. */
  start: { state: unknown; route: string; t: number };
  entries: Array<{ action: UnknownAction; route: string; t: number }>;
  /** The log was cleared meanwhile: a stored log is forgotten and `start` is the state at the clear. */
  cleared: boolean;
}

export interface Recorder {
  middleware: Middleware;
  /** The whole log as it stands, in the versioned format. */
  exportLog(): ActionLog;
  /** Runs pending work now (export, page hide, tests, benchmarks). */
  flush(): void;
  clear(): void;
  stats(): { entries: number; bytes: number; dropped: number; pending: number };
  redactValue(v: unknown): unknown;
  /**
   * Records an entry that is not dispatched (a request, a fault: contract/action-log-entries.ts) beside the actions,
   * under the same redaction and size cap; reducers never see it.
   */
  note(action: { type: string; payload: unknown }): void;
  /**
   * `action`: the action whose saga is running, when known (saga-trigger.ts); else the action dispatched last, marked
   * `after`: it only came before.
   */
  trigger(action?: unknown): ActionLogTrigger;
}

/** The recorder once loaded behind a deferred one: it takes the buffer over, then records each dispatch. */
export interface LoadedRecorder extends Recorder {
  adopt(buffer: RecorderBuffer): void;
  dispatched(action: unknown, next: (action: unknown) => unknown): unknown;
}

function randomSalt(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto?.getRandomValues?.(bytes);
  return Array.from(bytes, (b) => b.toString(36)).join('') || String(Math.random());
}

/**
 * Redacts a batch of actions into the log. The route rarely changes between actions: each distinct one is redacted
 * once per batch. One JSON.stringify per entry: joining redacted parts made a cons string that the size count then
 * flattened into a copy — garbage collected during the next dispatches.
 */
function appendBatch(log: RecordedEntries, batch: PendingColumns, redact: Redactor): void {
  const routes = new Map<string, string>();
  const routeOf = (r: string) => routes.get(r) ?? routes.set(r, redact.route(r)).get(r)!;
  for (let i = 0; i < batch.length; i += 1) {
    const at = batch.seqs[i] as number;
    const json = redact.stringify({
      seq: at,
      t: batch.times[i],
      route: routeOf(batch.routes[i] as string),
      action: batch.actions[i],
    });
    log.append(json, at);
  }
}

/** The log in its versioned export format. */
function exported(log: RecordedEntries, options: RecorderOptions, limits: LogLimits, recordedAt: number): ActionLog {
  return {
    format: ACTION_LOG_FORMAT,
    version: ACTION_LOG_VERSION,
    appVersion: options.meta.appVersion,
    environment: options.meta.environment,
    context: options.meta.context,
    recordedAt,
    limits,
    dropped: log.dropped,
    startState: log.parseStart(),
    entries: JSON.parse(`[${log.entries.join(',')}]`) as ActionLogEntry[],
    ...(options.meta.recordingId ? { recordingId: options.meta.recordingId } : {}),
  };
}

function notLoaded(): never {
  throw new Error('日志模块还在加载，请稍后再试');
}

function settingsOf(options: RecorderOptions) {
  return {
    now: options.now ?? Date.now,
    maxEntries: options.maxEntries ?? DEFAULT_LIMITS.maxEntries,
    maxBytes: options.maxBytes ?? DEFAULT_LIMITS.maxBytes,
    storage: options.storage ?? null,
    storageKey: options.storageKey ?? 'wealth-live:action-log',
    schedule: options.schedule ?? ((run: () => void, ms: number) => void setTimeout(run, ms)),
    ignore: options.ignore ?? (() => false),
  };
}

/** Which recorded action a request or fault belongs to. */
class Triggers {
  private lastType: string | null = null;
  private lastSeq = -1;
  // Each recorded action's seq, found again from the object a saga was started with.
  private readonly seqOf = new WeakMap<object, number>();

  dispatched(action: object, type: string, at: number): void {
    this.lastType = type;
    this.lastSeq = at;
    this.seqOf.set(action, at);
  }

  of(action?: unknown): ActionLogTrigger {
    const type = (action as { type?: unknown } | null | undefined)?.type;
    if (typeof type === 'string') return { seq: this.seqOf.get(action as object) ?? null, type };
    return this.lastType === null ? null : { seq: this.lastSeq, type: this.lastType, after: true };
  }
}

export function createRecorder(options: RecorderOptions): LoadedRecorder {
  const { now, maxEntries, maxBytes, storage, storageKey, schedule, ignore } = settingsOf(options);

  // Startup reads only the small meta record; the log itself (up to maxBytes of JSON) is parsed
  // by the first background job, after first paint, not on every page load's critical path.
  const store = new LogStore(storage, storageKey);
  const meta = store.readMeta();
  const salt = meta?.salt ?? options.salt ?? randomSalt();
  let redactor: Redactor | null = typeof options.redact === 'function' ? options.redact(salt) : null;
  if (!redactor && typeof options.redact === 'object') {
    void options.redact.load().then((factory) => {
      redactor = factory(salt);
      if (pending.length > 0) schedule(work, 0);
    });
  }
  const ready = (): Redactor => redactor ?? notLoaded();
  let initialRaw: unknown = null;
  const hadLog = meta !== null;
  let seq = meta?.seq ?? 0;
  const triggers = new Triggers();
  const log = new RecordedEntries(options.reducer, { maxEntries, maxBytes });
  if (meta !== null) log.unread = store;
  let pending = new PendingColumns();
  let workScheduled = false;
  /** Entries changed since the last write to storage. */
  let dirty = false;
  let getState: (() => unknown) | null = null;
  // Store states after every CHECKPOINT_EVERY-th action (references: structure is shared), so
  // eviction can jump the start state forward without re-running reducers.
  const checkpointEvery = Math.max(1, Math.min(500, Math.floor(maxEntries / 10)));
  const stringify = (v: unknown) => ready().stringify(v);

  function work() {
    workScheduled = false;
    processPending();
    persist();
  }

  function processPending() {
    log.restore();
    if (pending.length === 0 && initialRaw === null) return;
    if (!redactor) return;
    if (log.startJson === null) log.startJson = redactor.stringify(initialRaw ?? {});
    initialRaw = null;
    if (pending.length === 0) return;
    const batch = pending;
    pending = new PendingColumns();
    appendBatch(log, batch, redactor);
    log.evict(stringify);
    log.sealCheckpoints(redactor.stringify);
    dirty = true;
  }

  function persist() {
    if (!storage || !dirty) return;
    dirty = false;
    log.persist(store, { salt, seq }, stringify);
  }

  function record(action: UnknownAction, route: string, t: number) {
    pending.push(seq, t, route, action);
    seq += 1;
    if (!workScheduled) {
      workScheduled = true;
      schedule(work, WORK_DELAY_MS);
    }
  }

  function start(read: () => unknown, state: unknown, route: string, t: number) {
    getState = read;
    // Redacted later with the rest; a reload (or a new store) restarts from its own initial state.
    if (!hadLog) initialRaw = state;
    else record({ type: STORE_STARTED, payload: { state } }, route, t);
  }

  function dispatched(action: unknown, next: (action: unknown) => unknown): unknown {
    const type = (action as UnknownAction).type;
    if (typeof type !== 'string' || ignore(type)) return next(action);
    const at = seq;
    triggers.dispatched(action as object, type, at);
    record(action as UnknownAction, options.getRoute(), now());
    const result = next(action);
    if (at % checkpointEvery === checkpointEvery - 1)
      log.checkpoints.push({ seq: at, state: getState?.(), json: null });
    return result;
  }

  const middleware: Middleware = (api) => {
    start(api.getState, api.getState(), options.getRoute(), now());
    return (next) => (action) => dispatched(action, next);
  };

  return {
    middleware,
    adopt(buffer) {
      if (buffer.cleared) {
        // Cleared before this code arrived: the stored log is gone and the log starts at the clear.
        log.unread = null;
        seq = 0;
        store.clear();
        getState = buffer.getState;
        initialRaw = buffer.start.state;
      } else {
        start(buffer.getState, buffer.start.state, buffer.start.route, buffer.start.t);
      }
      // Without checkpoints: eviction replays from the start state instead, which only costs time.
      for (const entry of buffer.entries) record(entry.action, entry.route, entry.t);
    },
    note(action) {
      record(action as UnknownAction, options.getRoute(), now());
    },
    trigger: (action) => triggers.of(action),
    dispatched,
    flush() {
      processPending();
      persist();
    },
    exportLog() {
      ready();
      processPending();
      return exported(log, options, { maxEntries, maxBytes }, now());
    },
    clear() {
      pending = new PendingColumns();
      dirty = false;
      // A stored log not read yet must not come back after the clear.
      log.unread = null;
      seq = 0;
      log.reset(getState && redactor ? redactor.stringify(getState()) : null);
      store.clear();
    },
    stats: () => {
      log.restore();
      return { entries: log.entries.length, bytes: log.bytes, dropped: log.dropped, pending: pending.length };
    },
    redactValue: (v) => ready().value(v),
  };
}
