import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';

import { sessionCheckFailed, sessionCheckRequested, sessionSignedIn } from '../store/session-slice';
import { sessionSettled } from '../store/settled';

import { rootReducer } from '@/store';

/** sessionSettled on a real store; the task tells whether it still waits. */
function start(before: { type: string }[]) {
  const sagas = createSagaMiddleware();
  const store = configureStore({ reducer: rootReducer, middleware: (defaults) => defaults().concat(sagas) });
  before.forEach((action) => store.dispatch(action));
  return { store, task: sagas.run(sessionSettled) };
}

describe('a request waits for the sign-in under way', () => {
  it('returns at once when no flow is checking', () => {
    expect(start([]).task.isRunning()).toBe(false);
  });

  it('waits while the WeCom sign-in runs and returns when it signs in', () => {
    const { store, task } = start([sessionCheckRequested({ flow: 'workChat' })]);
    expect(task.isRunning()).toBe(true);
    store.dispatch(sessionSignedIn({ flow: 'workChat', at: 1 }));
    expect(task.isRunning()).toBe(false);
  });

  it('waits for every flow that is checking, and a failed check settles it too', () => {
    const { store, task } = start([
      sessionCheckRequested({ flow: 'workChat' }),
      sessionCheckRequested({ flow: 'share' }),
    ]);
    store.dispatch(sessionSignedIn({ flow: 'workChat', at: 1 }));
    expect(task.isRunning()).toBe(true);
    store.dispatch(
      sessionCheckFailed({
        flow: 'share',
        error: { kind: 'network', code: null, httpStatus: null, message: '网络异常' },
      }),
    );
    expect(task.isRunning()).toBe(false);
  });
});
