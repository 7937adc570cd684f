import type { EffectMiddleware, SagaMonitor } from 'redux-saga';

type Action = { type: string };
const isAction = (v: unknown): v is Action =>
  v !== null && typeof v === 'object' && typeof (v as { type?: unknown }).type === 'string';

/** Forked tasks whose trigger is kept: old ones (a watcher forked at start) fall back to the last action dispatched. */
const MAX_TRACKED = 2_000;

export interface SagaTriggers {
  /** Plugged into createSagaMiddleware: follows which action each effect descends from. */
  sagaMonitor: SagaMonitor;
  effectMiddlewares: EffectMiddleware[];
  /**
   * The action that started the saga running right now, read synchronously by code that saga runs: an effect it
   * yields (the API client, as a request is asked for) or its own code between two effects (a `catch` that logs an
   * error); null outside a saga or when no action started it.
   */
  current(): Action | null;
}

/**
 * Which action a saga's work belongs to. The action dispatched last is often another one (a tracking event put
 * between the click and the request), so a request or fault is tied instead to the action its saga descends from:
 * the action a `takeEvery`/`takeLatest`/`takeLeading` watcher forked the worker with (the fork's last argument), or
 * the action a `take` in the same task resolved with; nested calls, forks, `all` and `race` inherit it.
 */
export function createSagaTriggers(): SagaTriggers {
  const triggerOf = new Map<number, Action>();
  // A pending take's parent (its task): what the task goes on to do belongs to the action the take resolves with.
  const takeParent = new Map<number, number>();
  const forks = new Set<number>();
  // Forks whose trigger is the action they were forked with (a watcher's worker): a take inside does not replace it.
  const startedBy = new Set<number>();
  let current: Action | null = null;

  const keep = (id: number, action: Action) => {
    triggerOf.delete(id);
    triggerOf.set(id, action);
    if (triggerOf.size > MAX_TRACKED) {
      const oldest = triggerOf.keys().next().value;
      if (oldest !== undefined) {
        triggerOf.delete(oldest);
        forks.delete(oldest);
        startedBy.delete(oldest);
      }
    }
  };
  const settled = (id: number) => {
    takeParent.delete(id);
    // A fork settles at once while its task runs on under its id: kept until pushed out by newer ones.
    if (!forks.has(id)) triggerOf.delete(id);
  };

  const sagaMonitor: SagaMonitor = {
    effectTriggered({ effectId, parentEffectId, effect }) {
      const e = effect as { type?: string; payload?: { args?: unknown[] } } | undefined;
      const args = e?.type === 'FORK' ? e.payload?.args : undefined;
      const last = args?.[args.length - 1];
      const own = isAction(last);
      const trigger = (own ? last : triggerOf.get(parentEffectId)) ?? null;
      if (own) startedBy.add(effectId);
      if (e?.type === 'TAKE') takeParent.set(effectId, parentEffectId);
      if (e?.type === 'FORK' && trigger) forks.add(effectId);
      if (trigger) keep(effectId, trigger);
      current = trigger;
    },
    effectResolved(effectId, result) {
      const parent = takeParent.get(effectId);
      if (parent !== undefined && isAction(result) && !startedBy.has(parent)) keep(parent, result);
      resuming(triggerOf.get(parent ?? -1) ?? triggerOf.get(effectId) ?? null);
      settled(effectId);
    },
    effectRejected(effectId) {
      resuming(triggerOf.get(effectId) ?? null);
      settled(effectId);
    },
    effectCancelled: settled,
  };
  // A settled effect's saga resumes synchronously right after the monitor hears of it: its code up to the next effect
  // (a `catch` that logs, say) runs for the same action. Cleared once that synchronous run is over.
  let clearing = false;
  function resuming(trigger: Action | null) {
    current = trigger;
    if (clearing || trigger === null) return;
    clearing = true;
    queueMicrotask(() => {
      clearing = false;
      current = null;
    });
  }

  // The effect runs synchronously inside `next`: the slot is cleared after, so later, unrelated calls read null.
  const effectMiddlewares: EffectMiddleware[] = [
    (next) => (effect) => {
      try {
        next(effect);
      } finally {
        current = null;
      }
    },
  ];

  return { sagaMonitor, effectMiddlewares, current: () => current };
}
