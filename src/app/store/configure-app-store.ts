import type { Middleware } from '@reduxjs/toolkit';
import type { EffectMiddleware, SagaMonitor } from 'redux-saga';

import { configureStore, createSagaMiddleware } from './libraries';
import { createRootSaga, type FeatureSagas } from './root-saga';

import './eager-slices';

import type { SagaServices } from '@/store';
import { rootReducer, type RootState } from '@/store';

export interface AppStoreOptions {
  preloadedState?: Partial<RootState>;
  /** The action-log recorder's slot: it sees every action first, before the saga middleware. */
  recorder?: Middleware;
  /** What sagas reach the outside world through (API clients, clock, navigation). */
  services: SagaServices;
  /** Off for the replay viewer: state comes from the log, not from side effects. */
  runSagas?: boolean;
  sagas?: FeatureSagas;
  /** The action log's view of which action each saga effect descends from (a request's trigger). */
  sagaTracking?: { sagaMonitor: SagaMonitor; effectMiddlewares: EffectMiddleware[] };
}

/**
 * The store, and a start for its sagas that the caller runs when it chooses: the entry starts them in a task of
 * their own, so the store's making and the sagas' first steps are not one long task a tap waits out on a slow phone.
 * Nothing may be dispatched between the two that a saga must see.
 */
export function createAppStoreWithSagaStart(options: AppStoreOptions) {
  const sagaMiddleware = createSagaMiddleware({
    context: { services: options.services },
    onError: (error) => console.error('Uncaught saga error', error),
    ...(options.sagaTracking ?? {}),
  });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: options.preloadedState as RootState | undefined,
    middleware: (getDefault) => {
      const base = getDefault({ thunk: false }).concat(sagaMiddleware);
      return options.recorder ? base.prepend(options.recorder) : base;
    },
    devTools: process.env.NODE_ENV !== 'production',
  });
  const startSagas = () => {
    if (options.runSagas !== false) sagaMiddleware.run(createRootSaga(options.sagas));
  };
  return { store, startSagas };
}

/** The store with its sagas running (unless `runSagas` is false). */
export function createAppStore(options: AppStoreOptions) {
  const { store, startSagas } = createAppStoreWithSagaStart(options);
  startSagas();
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type { RootState };
