import { call, put, take } from 'redux-saga/effects';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';

import { silentRunVirtually } from '../../lib/testing/virtual-time';
import { currentContext, type RuntimeContext } from '../../platform/context';
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

describe('session invalid (docs/rules/errors.md#session-invalid)', () => {
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

  describe('inside WeChat', () => {
    const wechat = { webChat: true, workChat: false, miniProgram: false } as RuntimeContext;
    const run = (s: SagaServices) =>
      expectSaga(goToLogin, sessionInvalidated({ code: 210001 }))
        .provide([
          [matchers.call.fn(currentContext), wechat],
          [matchers.getContext('services'), s],
        ])
        .run();
    beforeEach(() => localStorage.clear());

    it('signs a guest in through WeChat’s authorization in place of the page, and comes back to it', async () => {
      const s = services('/liveDetail/4?from=weapp');
      await run(s);
      expect(s.navigate).toHaveBeenCalledWith('/jumpToWxAuth?redirect=%2FliveDetail%2F4%3Ffrom%3Dweapp', {
        replace: true,
      });
    });

    it('a second session error within 120 s of that hop goes to /login; one at 120 s goes through WeChat again', async () => {
      const first = { ...services('/questionDetail?id=3'), now: () => 1_000_000 };
      await run(first);
      const soon = { ...services('/questionDetail?id=3'), now: () => 1_000_000 + 119_999, navigate: jest.fn() };
      await run(soon);
      expect(soon.navigate).toHaveBeenCalledWith('/login?redirect=%2FquestionDetail%3Fid%3D3', { replace: true });
      await run(first);
      const later = { ...services('/questionDetail?id=3'), now: () => 1_000_000 + 120_000, navigate: jest.fn() };
      await run(later);
      expect(later.navigate).toHaveBeenCalledWith('/jumpToWxAuth?redirect=%2FquestionDetail%3Fid%3D3', {
        replace: true,
      });
    });

    it('does nothing on the authorization hop itself', async () => {
      const s = services('/jumpToWxAuth?redirect=%2F');
      await run(s);
      expect(s.navigate).not.toHaveBeenCalled();
    });
  });

  it('does nothing when already on /login', async () => {
    const s = services('/login?redirect=%2F');
    await expectSaga(goToLogin, sessionInvalidated({ code: 210002 }))
      .provide({ getContext: () => s })
      .run();
    expect(s.navigate).not.toHaveBeenCalled();
  });
});
