import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic } from 'redux-saga-test-plan/providers';

import { silentRunVirtually } from '../../../lib/testing/virtual-time';
import { loadEventPassed } from '../../../platform/after-load';
import { startupIsUrgent } from '../startup';
import { loginOpened } from '../store/login-slice';
import { loadSessionWorkers, sessionSaga } from '../store/session-saga';
import { shareMenuConfigured } from '../store/session-slice';
import { fakeAuth, fakeServices } from './fakes';

import { rootReducer } from '@/store';

const WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.50';
const WECOM = `${WECHAT} wxwork/4.1.22`;

function openAt(address: string, userAgent: string) {
  window.history.replaceState(null, '', address);
  jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(userAgent);
}
afterEach(() => jest.restoreAllMocks());

describe('which startups cannot wait for the load event', () => {
  it('the WeCom sign-in (it may leave for authorization) and a share page in WeChat are urgent', () => {
    openAt('/marketMapIndex?from=menu', WECOM);
    expect(startupIsUrgent()).toBe(true);
    openAt('/wechatH5?share=SEEDU4AA', WECHAT);
    expect(startupIsUrgent()).toBe(true);
  });

  it('a page coming back with an authorization code is finishing a sign-in: urgent', () => {
    openAt('/?code=abc', WECHAT);
    expect(startupIsUrgent()).toBe(true);
  });

  it('the live list and the store in WeChat (a local check) and any page outside the chat apps wait', () => {
    openAt('/?uuid=u4&from=weapp', WECHAT);
    expect(startupIsUrgent()).toBe(false);
    openAt('/shopIndex', WECHAT);
    expect(startupIsUrgent()).toBe(false);
    openAt('/about/1', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Safari/604.1');
    expect(startupIsUrgent()).toBe(false);
  });
});

describe('the session chunk of a page that can wait', () => {
  const never = dynamic(() => new Promise<void>(() => undefined));

  const share = shareMenuConfigured({ title: '直播', desc: '近期直播', link: '/' });

  function run(urgent: boolean, loaded: boolean) {
    const auth = fakeAuth({
      phoneRegionList: jest.fn().mockResolvedValue({ list: [] }),
      phoneRegionConfig: jest.fn().mockResolvedValue(null),
    });
    // The screen's menu is in the state before the saga starts, as on a page where it was set at once.
    const saga = expectSaga(sessionSaga)
      .withReducer(rootReducer, rootReducer(undefined, share))
      .provide([
        [matchers.getContext('services'), fakeServices(auth, 0, '/')],
        [matchers.call.fn(startupIsUrgent), urgent],
        [matchers.call.fn(loadEventPassed), loaded ? undefined : never],
      ]);
    return { auth, saga };
  }

  it('waits while only a screen has set its share menu and the load event has not come', async () => {
    const { auth, saga } = run(false, false);
    const { storeState } = await silentRunVirtually(
      saga.dispatch({ type: 'session/shareMenuConfigured', payload: share.payload }),
      3000,
    );
    // The setup (after its 1,000 ms) never ran: the menu still waits for it.
    expect(storeState.session.share.status).toBe('waiting');
    expect(auth.phoneRegionList).not.toHaveBeenCalled();
  });

  it('comes after the load event, and at once on an urgent page, and sets the menu up then', async () => {
    for (const [urgent, loaded] of [
      [false, true],
      [true, false],
    ] as const) {
      const { saga } = run(urgent, loaded);
      const { storeState } = await silentRunVirtually(
        saga.dispatch({ type: 'session/shareMenuConfigured', payload: share.payload }),
        3000,
      );
      expect(storeState.session.share.status).not.toBe('waiting');
    }
  });

  it('comes at a request a person makes (/login opened), which is then handled', async () => {
    const { auth, saga } = run(false, false);
    const { storeState } = await silentRunVirtually(saga.dispatch(loginOpened()), 200);
    expect(auth.phoneRegionList).toHaveBeenCalledTimes(1);
    expect(storeState.login.regions.status).not.toBe('idle');
  });
});

describe('the startup sign-in is asked for before its chunk arrives', () => {
  const never = dynamic(() => new Promise<void>(() => undefined));

  it('a WeCom page is already checking while the flows load, so the first screen waits for the sign-in', async () => {
    openAt('/marketMapIndex?from=menu&code=c1', WECOM);
    const { storeState } = await silentRunVirtually(
      expectSaga(sessionSaga)
        .withReducer(rootReducer)
        .provide([
          [matchers.getContext('services'), fakeServices(fakeAuth(), 0, '/marketMapIndex?from=menu&code=c1')],
          [matchers.call.fn(loadSessionWorkers), never],
        ]),
      1000,
    );
    expect(storeState.session.flows.workChat.status).toBe('checking');
  });

  it('a page that can wait asks only after the load event', async () => {
    openAt('/?uuid=u4&from=weapp', WECHAT);
    const saga = (loaded: boolean) =>
      expectSaga(sessionSaga)
        .withReducer(rootReducer)
        .provide([
          [matchers.getContext('services'), fakeServices(fakeAuth(), 0, '/?uuid=u4&from=weapp')],
          [matchers.call.fn(loadEventPassed), loaded ? undefined : never],
          [matchers.call.fn(loadSessionWorkers), never],
        ]);
    const before = await silentRunVirtually(saga(false), 1000);
    expect(before.storeState.session.flows.webChat.status).toBe('idle');
    const after = await silentRunVirtually(saga(true), 1000);
    expect(after.storeState.session.flows.webChat.status).toBe('checking');
  });
});
