import { call, put, take } from 'redux-saga/effects';
import { expectSaga } from 'redux-saga-test-plan';

import { silentRunVirtually } from '../../lib/testing/virtual-time';
import { goToLogin } from '../store/app-saga';
import { createRootSaga } from '../store/root-saga';

import type { SagaServices } from '@/store';
import { featureSagaCrashed, rootReducer, sessionInvalidated } from '@/store';

describe('root saga', () => {
  it("reports one feature's crash and keeps the others running", async () => {
    let attempts = 0;
    function* crashing() {
      attempts += 1;
      yield call(() => undefined);
      throw new Error('boom');
    }
    function* healthy() {
      yield take('ping');
      yield put({ type: 'pong' });
    }
    const { storeState } = await silentRunVirtually(
      expectSaga(createRootSaga({ crashing, healthy }))
        .withReducer(rootReducer)
        .put.like({ action: { type: featureSagaCrashed.type, payload: { feature: 'crashing', message: 'boom' } } })
        .dispatch({ type: 'ping' })
        .put({ type: 'pong' }),
      50,
    );
    // First run plus three restarts, then the feature stays down and the app goes on.
    expect(attempts).toBe(4);
    expect(storeState.app.crashes).toHaveLength(4);
  });
});

describe('session invalid (spec §8)', () => {
  const services = (path: string): SagaServices => ({
    // goToLogin touches no API: an empty lives API is enough.
    api: { lives: {} as SagaServices['api']['lives'], clients: {} as SagaServices['api']['clients'] },
    navigate: jest.fn(),
    currentPath: () => path,
    now: () => 0,
  });

  it('goes to /login carrying where the user was', async () => {
    const s = services('/about/7?from=weapp');
    await expectSaga(goToLogin, sessionInvalidated({ code: 210001 }))
      .provide({ getContext: () => s })
      .run();
    expect(s.navigate).toHaveBeenCalledWith('/login?redirect=%2Fabout%2F7%3Ffrom%3Dweapp', { replace: true });
  });

  it('does nothing when already on /login', async () => {
    const s = services('/login?redirect=%2F');
    await expectSaga(goToLogin, sessionInvalidated({ code: 210002 }))
      .provide({ getContext: () => s })
      .run();
    expect(s.navigate).not.toHaveBeenCalled();
  });
});
