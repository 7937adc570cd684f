import type { Middleware, UnknownAction } from '@reduxjs/toolkit';

import type { LoadedRecorder, Recorder, RecorderBuffer } from './recorder';

export interface DeferredRecorderOptions {
  /** The recorder's code and its construction: called once, by `load` or the first export. */
  load: () => Promise<LoadedRecorder>;
  getRoute: () => string;
  now?: () => number;
  ignore?: (type: string) => boolean;
}

/** Shown by the debug panel when asked for the log before the recorder has arrived (as when redaction has not). */
const LOADING = '日志模块还在加载，请稍后再试';

/**
 * A recorder whose code loads after the first screen. Until it arrives every action is kept as it happened (with its
 * route and time) in an array; the loaded recorder then takes them over ahead of the next one, so the log misses
 * nothing from the store's first action.
 */
export function createDeferredRecorder(options: DeferredRecorderOptions): Recorder & { load(): Promise<unknown> } {
  const now = options.now ?? Date.now;
  const ignore = options.ignore ?? (() => false);
  let buffer: RecorderBuffer | null = null;
  let real: LoadedRecorder | null = null;
  let loading: Promise<LoadedRecorder> | null = null;
  // The seq of an action kept before the code arrived is only known once the stored log is read: null until then.
  let lastType: string | null = null;

  const load = () =>
    (loading ??= options.load().then(
      (loaded) => {
        if (buffer) loaded.adopt(buffer);
        buffer = null;
        real = loaded;
        return loaded;
      },
      (error: unknown) => {
        // The next export or page load tries again; the buffer keeps growing meanwhile.
        loading = null;
        throw error;
      },
    ));
  const notYet = (): never => {
    void load().catch(() => undefined);
    throw new Error(LOADING);
  };

  const middleware: Middleware = (api) => {
    if (!real) {
      buffer = {
        getState: api.getState,
        start: { state: api.getState(), route: options.getRoute(), t: now() },
        entries: [],
        cleared: false,
      };
    }
    const direct = real?.middleware(api);
    return (next) => {
      const viaReal = direct?.(next);
      return (action) => {
        if (viaReal) return viaReal(action);
        if (real) return real.dispatched(action, next);
        const type = (action as UnknownAction).type;
        if (buffer && typeof type === 'string' && !ignore(type)) {
          lastType = type;
          buffer.entries.push({ action: action as UnknownAction, route: options.getRoute(), t: now() });
        }
        return next(action);
      };
    };
  };

  return {
    middleware,
    load,
    exportLog: () => (real ?? notYet()).exportLog(),
    redactValue: (v) => (real ?? notYet()).redactValue(v),
    // Before the code arrives nothing can be written (redaction comes with it): the buffer is all there is.
    flush: () => real?.flush(),
    clear() {
      if (real) return real.clear();
      if (!buffer) return;
      buffer = { ...buffer, start: { ...buffer.start, state: buffer.getState() }, entries: [], cleared: true };
    },
    note(action) {
      if (real) real.note(action);
      else buffer?.entries.push({ action, route: options.getRoute(), t: now() });
    },
    trigger(action) {
      if (real) return real.trigger(action);
      // Before the code arrives no action has a seq yet.
      const type = (action as { type?: unknown } | null | undefined)?.type;
      if (typeof type === 'string') return { seq: null, type };
      return lastType === null ? null : { seq: null, type: lastType, after: true };
    },
    stats: () => real?.stats() ?? { entries: 0, bytes: 0, dropped: 0, pending: buffer?.entries.length ?? 0 },
  };
}
