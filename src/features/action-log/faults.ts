import type { ActionLogFault } from '../../api/contract/action-log';
import { FAULT_RECORDED, FAULT_STACK_MAX, REQUEST_RECORDED } from '../../api/contract/action-log-constants';
import type { Recorder } from './recorder';

import type { RequestObserver } from '@/api';

/** The HTTP layer's observer: each request becomes an entry when it settles, with what started it. */
export function recordRequests(recorder: Pick<Recorder, 'note' | 'trigger'>, now = () => Date.now()): RequestObserver {
  return (start) => {
    // Read when the request starts: by the time it settles other actions may have been dispatched. The action whose
    // saga asked for it, when known; else the action dispatched last.
    const { origin, ...request } = start;
    const trigger = recorder.trigger(origin);
    const t0 = now();
    return (settled) =>
      recorder.note({
        type: REQUEST_RECORDED,
        payload: { ...request, ...settled, durationMs: Math.max(0, Math.round(now() - t0)), trigger },
      });
  };
}

function describe(error: unknown): { message: string; stack: string | null } {
  if (error instanceof Error) {
    const stack = typeof error.stack === 'string' ? error.stack.slice(0, FAULT_STACK_MAX) : null;
    return { message: `${error.name}: ${error.message}`, stack };
  }
  if (typeof error === 'string') return { message: error, stack: null };
  try {
    return { message: JSON.stringify(error) ?? String(error), stack: null };
  } catch {
    return { message: String(error), stack: null };
  }
}

export interface FaultJournal {
  /**
   * Records a fault once: the same Error seen again (an uncaught error that the error service also reports) only
   * adds the event id to the entry, while that entry still waits for the background job.
   */
  fault(source: ActionLogFault['source'], error: unknown, eventId?: string | null): void;
  /** Console errors, uncaught exceptions and unhandled rejections of a window; returns how to stop. */
  watch(target: Pick<Window, 'addEventListener' | 'removeEventListener'>, console?: Pick<Console, 'error'>): () => void;
}

/**
 * `running`: the action whose saga is running now (saga-trigger.ts `current`), read as the fault happens; without it,
 * or when it answers null (a click handler, a render, a timer), the fault is tied to the action dispatched last,
 * marked as only having come before it.
 */
export function createFaultJournal(
  recorder: Pick<Recorder, 'note' | 'trigger'>,
  running: () => unknown = () => null,
): FaultJournal {
  const seen = new WeakMap<object, ActionLogFault>();
  const journal: FaultJournal = {
    fault(source, error, eventId = null) {
      const known = typeof error === 'object' && error !== null ? seen.get(error) : undefined;
      if (known) {
        known.eventId ??= eventId;
        return;
      }
      const payload: ActionLogFault = {
        source,
        ...describe(error),
        eventId,
        trigger: recorder.trigger(running() ?? undefined),
      };
      if (typeof error === 'object' && error !== null) seen.set(error, payload);
      recorder.note({ type: FAULT_RECORDED, payload });
    },
    watch(target, out = globalThis.console) {
      const onError = (e: Event) => journal.fault('uncaught', (e as ErrorEvent).error ?? (e as ErrorEvent).message);
      const onRejection = (e: Event) => journal.fault('rejection', (e as PromiseRejectionEvent).reason);
      target.addEventListener('error', onError);
      target.addEventListener('unhandledrejection', onRejection);
      const original = out.error;
      out.error = (...args: unknown[]) => {
        try {
          const error = args.find((a) => a instanceof Error);
          journal.fault(
            'console',
            error ?? args.map((a) => (typeof a === 'string' ? a : describe(a).message)).join(' '),
          );
        } catch {
          // Recording must never break the page's own logging.
        }
        original.apply(out, args);
      };
      return () => {
        target.removeEventListener('error', onError);
        target.removeEventListener('unhandledrejection', onRejection);
        out.error = original;
      };
    },
  };
  return journal;
}
