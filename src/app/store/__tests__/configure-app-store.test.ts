import { getContext } from 'redux-saga/effects';

import { createAppStore, createAppStoreWithSagaStart } from '../configure-app-store';

import type { SagaServices } from '@/store';

const services = { now: () => 0 } as unknown as SagaServices;

/** A feature saga that notes each start and the services it was given. */
function recordingSagas() {
  const started: unknown[] = [];
  const sagas = {
    probe: function* probe() {
      started.push(yield getContext('services'));
    },
  };
  return { started, sagas };
}

describe('the app store and its sagas', () => {
  test('with a start of their own, the sagas run only when started, with the services', () => {
    const { started, sagas } = recordingSagas();
    const { store, startSagas } = createAppStoreWithSagaStart({ services, sagas });
    store.dispatch({ type: 'test/before' });
    expect(started).toEqual([]);
    startSagas();
    expect(started).toEqual([services]);
  });

  test('createAppStore starts them at once, and never when runSagas is false', () => {
    const running = recordingSagas();
    createAppStore({ services, sagas: running.sagas });
    expect(running.started).toEqual([services]);
    const replay = recordingSagas();
    const { startSagas } = createAppStoreWithSagaStart({ services, sagas: replay.sagas, runSagas: false });
    startSagas();
    createAppStore({ services, sagas: replay.sagas, runSagas: false });
    expect(replay.started).toEqual([]);
  });
});
