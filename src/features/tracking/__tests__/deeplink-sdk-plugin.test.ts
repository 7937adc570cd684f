/**
 * sa-sdk-javascript's own deeplink plugin, run as the SDK ships it (dist/web/plugin/deeplink): what it
 * does with the spec's settings, and why the app wakes the native app with its own saga instead
 * (docs/tracking.md, "App wake-up"). If an SDK upgrade changes any of this, these tests say so.
 */
import sensors from 'sa-sdk-javascript';

import { ANALYTICS } from '../../../api/contract/tracking-wire';
import { wakePlan } from '../deeplink';
import { UA } from './user-agents';

interface Ajax {
  url: string;
  success(answer: unknown): void;
  error(): void;
}
interface DeeplinkPlugin {
  timeout: number;
  data: Record<string, Record<string, string>> | null;
  init(sdk: unknown, options?: { timeout?: number }): unknown;
  openDeepLink(): unknown;
}

/** In-page addresses, so jsdom can follow each navigation the plugin makes (it reads them back from the hash). */
const ANSWER = {
  android_info: { url_schemes: '#scheme', download_url: '#android-download' },
  ios_info: { url_schemes: '#scheme', download_url: '#ios-download', ios_wake_url: '#universal' },
};
const COLLECTOR = 'https://collector.example.com/sa?project=live_share';

/** A fresh copy of the plugin for this user agent (it reads the system once, when its script runs). */
function loadPlugin(userAgent: string): DeeplinkPlugin {
  jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  // The SDK reads the iOS version from appVersion, which is the agent after "Mozilla/".
  jest.spyOn(window.navigator, 'appVersion', 'get').mockReturnValue(userAgent.replace(/^Mozilla\//, ''));
  jest.isolateModules(() => {
    jest.requireActual('sa-sdk-javascript/dist/web/plugin/deeplink/index.js');
  });
  return (window as unknown as { SensorsDataWebJSSDKPlugin: { Deeplink: DeeplinkPlugin } }).SensorsDataWebJSSDKPlugin
    .Deeplink;
}

/** The plugin started on a page opened with `search`, against the SDK's own helpers; its requests are held. */
function start(userAgent: string, search: string, options: { timeout?: number } = {}) {
  window.history.replaceState(null, '', `/share${search}`);
  const plugin = loadPlugin(userAgent);
  const requests: Ajax[] = [];
  const logs: string[] = [];
  const helpers = (sensors as unknown as { _: Record<string, unknown> })._;
  const sdk = {
    para: { server_url: COLLECTOR },
    _: { ...helpers, ajax: (request: Ajax) => void requests.push(request) },
    log: (message: string) => void logs.push(message),
  };
  plugin.init(sdk, options);
  return { plugin, requests, logs };
}

const SHORT_LINK = encodeURIComponent('https://s.example.com/sd/AbC/k1');

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe("the SDK's deeplink plugin with the spec's settings", () => {
  test('its wait is the spec’s 2,500 ms, and it refuses a shorter one', () => {
    expect(start(UA.android, `?deeplink=${SHORT_LINK}`, { timeout: ANALYTICS.deeplinkWaitMs }).plugin.timeout).toBe(
      ANALYTICS.deeplinkWaitMs,
    );
    expect(start(UA.android, `?deeplink=${SHORT_LINK}`, { timeout: 2499 }).plugin.timeout).toBe(2500);
    expect(start(UA.android, `?deeplink=${SHORT_LINK}`, { timeout: 4000 }).plugin.timeout).toBe(4000);
  });

  test('iOS 9 or later: the universal link, then the download address after 2,500 ms in front (2,499 stays)', () => {
    const { plugin, requests } = start(UA.ios17, `?deeplink=${SHORT_LINK}`, { timeout: ANALYTICS.deeplinkWaitMs });
    requests[0]!.success(ANSWER);
    plugin.openDeepLink();
    expect(window.location.hash).toBe('#universal');
    jest.advanceTimersByTime(2499);
    expect(window.location.hash).toBe('#universal');
    jest.advanceTimersByTime(1);
    expect(window.location.hash).toBe('#ios-download');
    // The same rule as the saga's plan.
    expect(wakePlan({ ios_info: { ...ANSWER.ios_info } }, UA.ios17)).toEqual({
      url: '#universal',
      download: '#ios-download',
    });
  });

  test('iOS before 9: the scheme', () => {
    const { plugin, requests } = start(UA.ios8, `?deeplink=${SHORT_LINK}`);
    requests[0]!.success(ANSWER);
    plugin.openDeepLink();
    expect(window.location.hash).toBe('#scheme');
  });
});

describe('why the app keeps its own wake-up saga', () => {
  test('the plugin asks only for a Sensors short link in the address; the app’s plain key is ignored', () => {
    const plain = start(UA.android, '?deeplink=k1');
    expect(plain.requests).toEqual([]);
    expect(plain.logs).toContain('当前页面的deeplink参数无效');
    // The download page has no deeplink parameter at all: the plugin has nothing to ask.
    const none = start(UA.android, '?from=weapp');
    expect(none.requests).toEqual([]);
    expect(none.logs).toContain('当前页面缺少deeplink参数');
  });

  test('it asks the collector’s origin and project once, when it starts, not the page’s origin on a tap', () => {
    const { requests } = start(UA.android, `?deeplink=${SHORT_LINK}`);
    expect(requests.map((r) => r.url)).toEqual([
      'https://collector.example.com/sdk/deeplink/param?key=k1&system_type=JS&project=live_share',
    ]);
  });

  test('it appends its own path to the answer’s scheme (the firm’s console gives a bare scheme)', () => {
    const { plugin, requests } = start(UA.android, `?deeplink=${SHORT_LINK}`);
    requests[0]!.success({
      ...ANSWER,
      app_key: 'wealth',
      android_info: { ...ANSWER.android_info, url_schemes: 'noahwm://open' },
    });
    expect(plugin.data!.android_info!.url_schemes).toBe('noahwm://open://sensorsdata/sd/wealth/k1');
  });

  test('an unreachable or refusing service leaves the person on the page: no download address', () => {
    for (const fail of [(r: Ajax) => r.error(), (r: Ajax) => r.success({ errorMsg: 'no such key' })]) {
      const { plugin, requests, logs } = start(UA.android, `?deeplink=${SHORT_LINK}`);
      window.location.hash = '#page';
      fail(requests[0]!);
      expect(plugin.openDeepLink()).toBe(false);
      jest.advanceTimersByTime(10_000);
      expect(window.location.hash).toBe('#page');
      expect(logs).toContain('没有Deep link数据!');
    }
  });

  test('on a system other than Android, iOS or HarmonyOS it does nothing', () => {
    const { requests, logs } = start(UA.desktop, `?deeplink=${SHORT_LINK}`);
    expect(requests).toEqual([]);
    expect(logs).toContain('不支持当前系统，目前只支持Android和iOS');
  });
});
