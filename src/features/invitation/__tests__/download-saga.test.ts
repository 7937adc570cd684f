import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { testSaga } from 'redux-saga-test-plan';

import { downloadEvents as ev, downloadReducer, initialDownloadState, selectDownload } from '../store/download-slice';
import { LINKS_UNAVAILABLE, wakeFromDownloadPage } from '../store/download-workers';
import { runInvitation } from '../store/invitation-workers';

import type { DeeplinkServices } from '@/platform/deeplink';
import type { SagaServices } from '@/store';

/** The deeplink wait is at least 2,500 ms (docs/rules/constants.md#analytics). */
const DEEPLINK_WAIT_MS = 2500;

const UA = {
  androidWechat:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F37) NetType/WIFI Language/zh_CN',
  iosWechat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003129) NetType/WIFI Language/zh_CN',
};
// What the deeplink service answers (docs/rules/services.md#deeplink): each system with its own download address.
const ANSWER = {
  app_key: 'mgm-invite',
  android_info: { url_schemes: 'noahwm://open', download_url: 'https://dl.example.com/wealth.apk' },
  ios_info: {
    url_schemes: 'noahwm://ios',
    download_url: 'https://apps.apple.com/cn/app/id1234567890',
    ios_wake_url: 'https://wake.example.com/open',
  },
};

function setup(userAgent: string, fetchParams: (url: string) => Promise<unknown> = async () => ANSWER, hidden = false) {
  const calls: string[] = [];
  const deeplink: DeeplinkServices = {
    origin: 'https://m.example.com',
    project: 'default',
    userAgent,
    fetchParams: jest.fn(fetchParams),
    open: (url) => void calls.push(`open ${url}`),
    pageHidden: () => hidden,
    goTo: (url) => void calls.push(`goTo ${url}`),
  };
  const log = jest.fn();
  const services = {
    api: { clients: {} },
    navigate: jest.fn(),
    currentPath: () => '/download',
    now: () => 0,
    tracking: { deeplink, log },
  } as unknown as SagaServices;
  const saga = createSagaMiddleware({ context: { services } });
  const store = configureStore({
    reducer: { invitationDownload: downloadReducer },
    middleware: (d) => d({ thunk: false }).concat(saga),
  });
  const task = saga.run(runInvitation);
  const state = () => store.getState().invitationDownload;
  return { store, state, calls, log, deeplink, task };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('/download: the deeplink answer gives each system its own download address (docs/rules/services.md#deeplink)', () => {
  test('Android (WeChat): the buttons carry both addresses; after 2,500 ms in front it goes to android_info.download_url', async () => {
    const s = setup(UA.androidWechat);
    s.store.dispatch(ev.downloadPageOpened({ key: 'mgm-invite' }));
    await jest.advanceTimersByTimeAsync(0);
    expect(s.deeplink.fetchParams).toHaveBeenCalledWith(
      'https://m.example.com/sdk/deeplink/param?key=mgm-invite&system_type=JS&project=default',
    );
    expect(s.state().links).toEqual({
      status: 'loaded',
      android: 'https://dl.example.com/wealth.apk',
      ios: 'https://apps.apple.com/cn/app/id1234567890',
      error: null,
    });
    s.store.dispatch(ev.appWakeRequested());
    await jest.advanceTimersByTimeAsync(0);
    expect(s.calls).toEqual(['open noahwm://open']);
    await jest.advanceTimersByTimeAsync(DEEPLINK_WAIT_MS - 1);
    expect(s.calls).toEqual(['open noahwm://open']);
    expect(s.state().wake).toBe('waking');
    await jest.advanceTimersByTimeAsync(1);
    expect(s.calls).toEqual(['open noahwm://open', 'goTo https://dl.example.com/wealth.apk']);
    expect(s.state().wake).toBe('fellBack');
    s.task.cancel();
  });

  test('iOS: the universal link, then after 2,500 ms ios_info.download_url (the app’s App Store page)', async () => {
    const s = setup(UA.iosWechat);
    s.store.dispatch(ev.downloadPageOpened({ key: 'mgm-invite' }));
    await jest.advanceTimersByTimeAsync(0);
    s.store.dispatch(ev.appWakeRequested());
    await jest.advanceTimersByTimeAsync(DEEPLINK_WAIT_MS - 1);
    expect(s.calls).toEqual(['open https://wake.example.com/open']);
    await jest.advanceTimersByTimeAsync(1);
    expect(s.calls).toEqual(['open https://wake.example.com/open', 'goTo https://apps.apple.com/cn/app/id1234567890']);
    s.task.cancel();
  });

  test('the app opened over the page within the wait: it stays, and a second tap meanwhile wakes once', async () => {
    const s = setup(UA.androidWechat, undefined, true);
    s.store.dispatch(ev.downloadPageOpened({ key: 'mgm-invite' }));
    await jest.advanceTimersByTimeAsync(0);
    s.store.dispatch(ev.appWakeRequested());
    s.store.dispatch(ev.appWakeRequested());
    await jest.advanceTimersByTimeAsync(DEEPLINK_WAIT_MS);
    expect(s.calls).toEqual(['open noahwm://open']);
    expect(s.state().wake).toBe('opened');
    s.task.cancel();
  });

  test('an unreachable deeplink service: a clear message and a retry, no wake and no redirect; the retry loads', async () => {
    let reachable = false;
    const s = setup(UA.androidWechat, async () =>
      reachable ? ANSWER : Promise.reject(new TypeError('Failed to fetch')),
    );
    s.store.dispatch(ev.downloadPageOpened({ key: 'mgm-invite' }));
    await jest.advanceTimersByTimeAsync(0);
    expect(s.state().links).toMatchObject({ status: 'failed', error: LINKS_UNAVAILABLE, android: null, ios: null });
    expect(s.log).toHaveBeenCalledWith(expect.stringMatching(/接口不可用.*Failed to fetch/));
    s.store.dispatch(ev.appWakeRequested());
    await jest.advanceTimersByTimeAsync(DEEPLINK_WAIT_MS * 2);
    expect(s.calls).toEqual([]);
    reachable = true;
    s.store.dispatch(ev.downloadPageOpened({ key: 'mgm-invite' }));
    await jest.advanceTimersByTimeAsync(0);
    expect(s.state().links.status).toBe('loaded');
    s.task.cancel();
  });

  test('an answer without download addresses (errorMsg) is a failure with the same retry', async () => {
    const s = setup(UA.iosWechat, async () => ({ errorMsg: 'no such key' }));
    s.store.dispatch(ev.downloadPageOpened({ key: 'nope' }));
    await jest.advanceTimersByTimeAsync(0);
    expect(s.state().links).toMatchObject({ status: 'failed', error: LINKS_UNAVAILABLE });
    expect(s.log).toHaveBeenCalledWith(expect.stringMatching(/no such key/));
  });
});

describe('打开 App step by step: the saga calls the services and records the outcome', () => {
  const { deeplink } = setup(UA.androidWechat);
  const services = { tracking: { deeplink } } as unknown as SagaServices;
  const wakeLink = { url: 'noahwm://open', download: 'https://dl.example.com/wealth.apk' };
  const waking = { ...initialDownloadState, wake: 'waking' as const, wakeLink };
  /** The saga until it asks whether the page is hidden: it opened the wake link, then waited. */
  const openedAndWaited = () =>
    testSaga(wakeFromDownloadPage)
      .next()
      .select(selectDownload)
      .next(waking)
      .getContext('services')
      .next(services)
      .call([deeplink, deeplink.open], 'noahwm://open')
      .next()
      .delay(DEEPLINK_WAIT_MS)
      .next()
      .call([deeplink, deeplink.pageHidden]);

  test('still in front after the wait: appWakeFellBack, then the download address', () => {
    openedAndWaited()
      .next(false)
      .put(ev.appWakeFellBack({ url: wakeLink.download }))
      .next()
      .call([deeplink, deeplink.goTo], wakeLink.download)
      .next()
      .isDone();
  });

  test('the app came over the page: appWakeOpened, no redirect', () => {
    openedAndWaited().next(true).put(ev.appWakeOpened()).next().isDone();
  });

  test('no wake link (the answer failed): nothing is opened', () => {
    testSaga(wakeFromDownloadPage)
      .next()
      .select(selectDownload)
      .next({ ...initialDownloadState, wake: 'idle' as const })
      .getContext('services')
      .next(services)
      .isDone();
  });
});
