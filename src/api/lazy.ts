import { CANCEL } from 'redux-saga';

import type { CancellablePromise } from './request';

type Endpoints<T> = { [K in keyof T]: (...args: never[]) => Promise<unknown> };

/**
 * Binds a feature's endpoints now and loads their code (and generated response checks) with the
 * first call, so endpoints no first screen uses stay out of the first load. Cancelling (a saga's
 * takeLatest) reaches the request once it exists, or drops the call before it is sent.
 */
export function bindLazily<T extends Endpoints<T>>(load: () => Promise<T>, names: readonly (keyof T)[]): T {
  let loaded: Promise<T> | null = null;
  const api = () => (loaded ??= load());
  const bound = {} as Record<keyof T, unknown>;
  for (const name of names) {
    bound[name] = (...args: never[]) => {
      let inner: CancellablePromise<unknown> | null = null;
      let cancelled = false;
      const result = api().then((real) => {
        if (cancelled) return null;
        inner = real[name](...args) as CancellablePromise<unknown>;
        return inner;
      });
      return Object.assign(result, {
        [CANCEL]: () => {
          cancelled = true;
          (inner?.[CANCEL] as (() => void) | undefined)?.();
        },
      });
    };
  }
  return bound as T;
}
