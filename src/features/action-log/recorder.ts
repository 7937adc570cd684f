import type { Middleware, Reducer, UnknownAction } from '@reduxjs/toolkit';

import type { ActionLog, ActionLogContext, ActionLogEntry, ActionLogTrigger } from '../../api/contract/action-log';
import { ACTION_LOG_FORMAT, ACTION_LOG_VERSION, STORE_STARTED } from '../../api/contract/action-log-constants';
import { type LogChanges, type LogStorage, LogStore } from './log-storage';
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
   * `action`: the action a saga was started by, when known (saga-trigger.ts), else the action dispatched last: the
   * saga it woke is what a request or fault starting now belongs to.
   */
  trigger(action?: unknown): ActionLogTrigger;
}

/** The recorder once loaded behind a deferred one: it takes the buffer over, then records each dispatch. */
export interface LoadedRecorder extends Recorder {
  adopt(buffer: RecorderBuffer): void;
  dispatched(action: unknown, next: (action: unknown) => unknown): unknown;
}

function utf8Length(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i += 1) {
    const c = s.charCodeAt(i);
    if (c > 0x7f) n += c > 0x7ff && (c < 0xd800 || c > 0xdfff) ? 2 : 1;
  }
  return n;
}

function randomSalt(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto?.getRandomValues?.(bytes);
  return Array.from(bytes, (b) => b.toString(36)).join('') || String(Math.random());
}

export function createRecorder(options: RecorderOptions): LoadedRecorder {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? DEFAULT_LIMITS.maxEntries;
  const maxBytes = options.maxBytes ?? DEFAULT_LIMITS.maxBytes;
  const storage = options.storage ?? null;
  const storageKey = options.storageKey ?? 'wealth-live:action-log';
  const schedule = options.schedule ?? ((run, ms) => void setTimeout(run, ms));
  const ignore = options.ignore ?? (() => false);

  // Startup reads only the small meta record; the log itself (up to maxBytes of JSON) is parsed
  // by the first background job, after first paint, not on every page load's critical path.
  const store = new LogStore(storage, storageKey);
  const meta = store.readMeta();
  let restorePending = meta !== null;
  const salt = meta?.salt ?? options.salt ?? randomSalt();
  let redactor: Redactor | null = typeof options.redact === 'function' ? options.redact(salt) : null;
  if (!redactor && typeof options.redact === 'object') {
    void options.redact.load().then((factory) => {
      redactor = factory(salt);
      if (pending.length > 0) schedule(work, 0);
    });
  }
  const ready = (): Redactor => {
    if (!redactor) throw new Error('日志模块还在加载，请稍后再试');
    return redactor;
  };
  let initialRaw: unknown = null;
  const hadLog = meta !== null;
  let seq = meta?.seq ?? 0;
  let dropped = 0;
  let lastType: string | null = null;
  let lastSeq = -1;
  // Each recorded action's seq, found again from the object a saga was started with.
  const seqOf = new WeakMap<object, number>();
  // The start state is kept as its redacted JSON: it is only read whole (export, storage), and
  // swapping in a checkpoint's text instead of a parsed copy of the whole state left nothing for
  // the garbage collector to copy on the dispatch path.
  let startJson: string | null = null;
  let entries: string[] = [];
  let seqs: number[] = [];
  let sizes: number[] = [];
  let bytes = 0;
  /** What changed since the last write to storage (log-storage.ts writes only that). */
  let changes: LogChanges = { fromSeq: Infinity, evicted: false };

  /** Takes the stored log in; entries recorded since startup follow it (their seq continue it). */
  function restore(): void {
    if (!restorePending) return;
    restorePending = false;
    const stored = store.readLog();
    if (!stored) return;
    dropped = stored.dropped;
    startJson = stored.startJson;
    entries = stored.entries.concat(entries);
    seqs = stored.seqs.concat(seqs);
    sizes = stored.entries.map(utf8Length).concat(sizes);
    bytes = sizes.reduce((a, b) => a + b, 0);
  }
  let pending = new PendingColumns();
  let workScheduled = false;
  /** Entries changed since the last write to storage. */
  let dirty = false;
  let getState: (() => unknown) | null = null;
  // Store states after every CHECKPOINT_EVERY-th action (references: structure is shared), so
  // eviction can jump the start state forward without re-running reducers.
  const checkpointEvery = Math.max(1, Math.min(500, Math.floor(maxEntries / 10)));
  // A checkpoint holds the live state object only until the next background job, which keeps
  // its redacted JSON instead: ten whole states held as objects until eviction made every
  // garbage collection walk them (measured as +5 % on the dispatch path).
  let checkpoints: Array<{ seq: number; state: unknown; json: string | null }> = [];

  const parseStart = (): Record<string, unknown> =>
    startJson ? (JSON.parse(startJson) as Record<string, unknown>) : {};

  function apply(state: Record<string, unknown>, json: string): Record<string, unknown> {
    const { action } = JSON.parse(json) as ActionLogEntry;
    if (action.type === STORE_STARTED)
      return (action as unknown as { payload: { state: Record<string, unknown> } }).payload.state;
    try {
      return options.reducer(state, action) as Record<string, unknown>;
    } catch {
      return state;
    }
  }

  function evict() {
    let n = 0;
    let freed = 0;
    while (entries.length - n > maxEntries || (bytes - freed > maxBytes && entries.length - n > 1)) {
      freed += sizes[n] ?? 0;
      n += 1;
    }
    if (n === 0) return;
    const seqAt = (i: number) => seqs[i] as number;
    const lastDropped = seqAt(n - 1);
    const checkpoint = checkpoints.find((c) => c.seq >= lastDropped && c.seq <= seqAt(entries.length - 1));
    if (checkpoint) {
      // Drop up to the checkpoint: a few more entries than needed, no reducer runs.
      while (n < entries.length && seqAt(n - 1) < checkpoint.seq) {
        freed += sizes[n] ?? 0;
        n += 1;
      }
      startJson = checkpoint.json ?? ready().stringify(checkpoint.state);
      checkpoints = checkpoints.filter((c) => c.seq > checkpoint.seq);
    } else {
      let base = parseStart();
      for (let i = 0; i < n; i += 1) base = apply(base, entries[i] as string);
      startJson = ready().stringify(base);
    }
    // In place: once the buffer is full this runs on every batch, and two fresh 5,000-slot
    // arrays each time were garbage collected during the next dispatches.
    entries.splice(0, n);
    seqs.splice(0, n);
    sizes.splice(0, n);
    bytes -= freed;
    dropped += n;
    changes.evicted = true;
  }

  function work() {
    workScheduled = false;
    processPending();
    persist();
  }

  function processPending() {
    restore();
    if (pending.length === 0 && initialRaw === null) return;
    if (!redactor) return;
    if (startJson === null) startJson = redactor.stringify(initialRaw ?? {});
    initialRaw = null;
    if (pending.length === 0) return;
    const batch = pending;
    // The route rarely changes between actions: redact each distinct one once per batch.
    // One JSON.stringify per entry: joining redacted parts made a cons string that the size
    // count then flattened into a copy — garbage collected during the next dispatches.
    const routes = new Map<string, string>();
    const redact = redactor;
    const routeOf = (r: string) => routes.get(r) ?? routes.set(r, redact.route(r)).get(r)!;
    pending = new PendingColumns();
    for (let i = 0; i < batch.length; i += 1) {
      const at = batch.seqs[i] as number;
      const json = redact.stringify({
        seq: at,
        t: batch.times[i],
        route: routeOf(batch.routes[i] as string),
        action: batch.actions[i],
      });
      const size = utf8Length(json);
      entries.push(json);
      seqs.push(at);
      sizes.push(size);
      bytes += size;
      if (at < changes.fromSeq) changes.fromSeq = at;
    }
    evict();
    for (const c of checkpoints) {
      if (c.json !== null) continue;
      c.json = redact.stringify(c.state);
      c.state = null;
    }
    dirty = true;
  }

  function persist() {
    if (!storage || !dirty) return;
    dirty = false;
    const log = () => ({ salt, seq, dropped, startJson: startJson ?? '{}', entries, seqs });
    try {
      store.write(log(), changes);
    } catch {
      // Over the storage quota: keep the newer half and try once more, rewriting everything.
      const keep = Math.max(1, Math.floor(entries.length / 2));
      const limitBefore = entries.length;
      let base = parseStart();
      while (entries.length > keep) {
        base = apply(base, entries[0] as string);
        entries.shift();
        seqs.shift();
        bytes -= sizes.shift() ?? 0;
      }
      dropped += limitBefore - entries.length;
      startJson = ready().stringify(base);
      try {
        store.clear();
        store.write(log(), { fromSeq: -Infinity, evicted: true });
      } catch {
        // Storage unavailable: the log still lives in memory for this page.
      }
    }
    changes = { fromSeq: Infinity, evicted: false };
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
    lastType = type;
    lastSeq = at;
    seqOf.set(action as object, at);
    record(action as UnknownAction, options.getRoute(), now());
    const result = next(action);
    if (at % checkpointEvery === checkpointEvery - 1) checkpoints.push({ seq: at, state: getState?.(), json: null });
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
        restorePending = false;
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
    trigger(action) {
      const type = (action as { type?: unknown } | null | undefined)?.type;
      if (typeof type === 'string') return { seq: seqOf.get(action as object) ?? null, type };
      return lastType === null ? null : { seq: lastSeq, type: lastType };
    },
    dispatched,
    flush() {
      processPending();
      persist();
    },
    exportLog() {
      ready();
      processPending();
      return {
        format: ACTION_LOG_FORMAT,
        version: ACTION_LOG_VERSION,
        appVersion: options.meta.appVersion,
        environment: options.meta.environment,
        context: options.meta.context,
        recordedAt: now(),
        limits: { maxEntries, maxBytes },
        dropped,
        startState: parseStart(),
        entries: JSON.parse(`[${entries.join(',')}]`) as ActionLogEntry[],
        ...(options.meta.recordingId ? { recordingId: options.meta.recordingId } : {}),
      };
    },
    clear() {
      pending = new PendingColumns();
      dirty = false;
      // A stored log not read yet must not come back after the clear.
      restorePending = false;
      entries = [];
      seqs = [];
      sizes = [];
      checkpoints = [];
      changes = { fromSeq: Infinity, evicted: false };
      bytes = 0;
      dropped = 0;
      seq = 0;
      startJson = getState && redactor ? redactor.stringify(getState()) : null;
      store.clear();
    },
    stats: () => {
      restore();
      return { entries: entries.length, bytes, dropped, pending: pending.length };
    },
    redactValue: (v) => ready().value(v),
  };
}
