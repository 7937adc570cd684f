import { runSaga } from 'redux-saga';
import { testSaga } from 'redux-saga-test-plan';

import { ANALYTICS } from '../../../api/contract/tracking-wire';
import {
  deeplinkParamUrl,
  type DeeplinkServices,
  deeplinkWakeRequested,
  fetchPlan,
  iosVersion,
  wakeApp,
  wakePlan,
} from '../deeplink';
import type { TrackingServices } from '../services';
import { UA } from './user-agents';

import type { SagaServices } from '@/store';

const PARAMS = {
  app_key: 'k1',
  android_info: { url_schemes: 'noahwm://open', download_url: 'https://dl.example/android' },
  ios_info: {
    url_schemes: 'noahwm://ios',
    download_url: 'https://dl.example/ios',
    ios_wake_url: 'https://wake.example/open',
  },
};

function setup(ua: string, fetchParams: (url: string) => Promise<unknown> = async () => PARAMS, hidden = false) {
  const d: DeeplinkServices & { calls: string[] } = {
    calls: [],
    origin: 'https://m.example',
    project: 'default',
    userAgent: ua,
    fetchParams: jest.fn(fetchParams),
    open: jest.fn((url: string) => void d.calls.push(`open ${url}`)),
    pageHidden: jest.fn(() => hidden),
    goTo: jest.fn((url: string) => void d.calls.push(`goTo ${url}`)),
  };
  const log = jest.fn();
  const services = {
    now: () => 0,
    tracking: { deeplink: d, log } as unknown as TrackingServices,
  } as unknown as SagaServices;
  const run = (key = 'k1', downloadUrl = '/download') =>
    runSaga(
      { context: { services }, dispatch: () => undefined, getState: () => ({}) },
      wakeApp,
      deeplinkWakeRequested({ key, downloadUrl }),
    ).toPromise();
  return { d, log, run };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('deeplink parameters and plan (docs/rules/services.md#deeplink)', () => {
  test('asks GET {origin}/sdk/deeplink/param with key, system_type and project', async () => {
    const { d, run } = setup(UA.android);
    const done = run('abc');
    await jest.advanceTimersByTimeAsync(2500);
    await done;
    expect(d.fetchParams).toHaveBeenCalledWith(
      'https://m.example/sdk/deeplink/param?key=abc&system_type=JS&project=default',
    );
    expect(deeplinkParamUrl('https://o', 'a b', 'p&q')).toBe(
      'https://o/sdk/deeplink/param?key=a+b&system_type=JS&project=p%26q',
    );
  });

  test('url scheme on Android and iOS before 9; the universal link on iOS 9 or later', () => {
    expect(iosVersion(UA.ios17)).toBe(17);
    expect(iosVersion(UA.android)).toBeNull();
    expect(wakePlan(PARAMS, UA.android)).toEqual({ url: 'noahwm://open', download: 'https://dl.example/android' });
    expect(wakePlan(PARAMS, UA.ios8)).toEqual({ url: 'noahwm://ios', download: 'https://dl.example/ios' });
    expect(wakePlan(PARAMS, UA.ios17)).toEqual({
      url: 'https://wake.example/open',
      download: 'https://dl.example/ios',
    });
  });
});

describe('waking the app (docs/rules/constants.md#analytics: at least 2500 ms)', () => {
  test('goes to the download address only after 2500 ms when the page stayed in front', async () => {
    const { d, run } = setup(UA.ios17);
    const done = run();
    await jest.advanceTimersByTimeAsync(0);
    expect(d.calls).toEqual(['open https://wake.example/open']);
    await jest.advanceTimersByTimeAsync(2499);
    expect(d.goTo).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    await done;
    expect(d.calls).toEqual(['open https://wake.example/open', 'goTo https://dl.example/ios']);
  });

  test('stays put when the app opened over the page (it went to the background)', async () => {
    const { d, run } = setup(UA.android, undefined, true);
    const done = run();
    await jest.advanceTimersByTimeAsync(3000);
    await done;
    expect(d.calls).toEqual(['open noahwm://open']);
    expect(d.pageHidden).toHaveBeenCalledTimes(1);
  });
});

describe('every failure (docs/rules/errors.md#deeplink-failures) is logged and falls back to the download page', () => {
  const answer = (v: unknown) => async (): Promise<unknown> => v;
  const unreachable = async (): Promise<unknown> => Promise.reject(new TypeError('Failed to fetch'));
  test.each([
    ['the key is missing', UA.android, answer(PARAMS), '', /缺少 key/],
    ['the parameters are invalid', UA.android, answer('not json'), 'k1', /参数无效/],
    ['the API answers errorMsg', UA.android, answer({ errorMsg: 'no such key' }), 'k1', /no such key/],
    ['the parameters lack a scheme', UA.android, answer({ android_info: { download_url: '/d' } }), 'k1', /url_schemes/],
    ['the system is neither Android nor iOS', UA.desktop, answer(PARAMS), 'k1', /仅支持 Android 与 iOS/],
    ['the API is unreachable', UA.ios17, unreachable, 'k1', /接口不可用.*Failed to fetch/],
  ])('when %s', async (_what, ua, fetchParams, key, message) => {
    const { d, log, run } = setup(ua, fetchParams);
    await run(key, '/download?from=deeplink');
    expect(log).toHaveBeenCalledWith(expect.stringMatching(message));
    expect(d.open).not.toHaveBeenCalled();
    expect(d.calls).toEqual(['goTo /download?from=deeplink']);
  });
});

describe('the wake-up saga step by step: every side effect is a call on the services', () => {
  const { d } = setup(UA.ios17);
  const log = jest.fn();
  const services = { tracking: { deeplink: d, log } } as unknown as SagaServices;
  const action = deeplinkWakeRequested({ key: 'k1', downloadUrl: '/download' });
  const plan = { url: 'https://wake.example/open', download: 'https://dl.example/ios' };
  /** The saga until it asks whether the page is hidden: it fetched the plan, opened its link, then waited. */
  const openedAndWaited = () =>
    testSaga(wakeApp, action)
      .next()
      .getContext('services')
      .next(services)
      .call(fetchPlan, d, 'k1')
      .next(plan)
      .call([d, d.open], plan.url)
      .next()
      .delay(2500)
      .next()
      .call([d, d.pageHidden]);

  test('open, wait the deeplink wait, and go to the download address when the page stayed in front', () => {
    expect(ANALYTICS.deeplinkWaitMs).toBe(2500);
    openedAndWaited().next(false).call([d, d.goTo], plan.download).next().isDone();
  });

  test('the app came to the front: nothing more', () => {
    openedAndWaited().next(true).isDone();
  });

  test('a problem is logged and goes straight to the download page, without opening anything', () => {
    testSaga(wakeApp, action)
      .next()
      .getContext('services')
      .next(services)
      .call(fetchPlan, d, 'k1')
      .next({ problem: '唤起参数无效' })
      .call([d, d.goTo], '/download')
      .next()
      .isDone();
    expect(log).toHaveBeenCalledWith('唤起参数无效');
  });
});
