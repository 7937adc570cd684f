/**
 * Contract: the real sa-sdk-javascript (dev dependency only) runs in jsdom; what it sends by
 * image, POST, beacon and batch goes through the local collector's decoder, and so does what
 * our client sends for the same call. Both must read the same way.
 */
import { decodeAnalyticsPayload, type DecodedEvent, parseAnalyticsForm } from '../../../../server/analytics/decode';
import { advanceUntil, useVirtualClock } from '../../../lib/testing/virtual-time';
import { createAnalyticsClient } from '../analytics/client';
import type { CookieJar } from '../analytics/identity';
import type { KeyValue } from '../analytics/persist';
import { createTransport, type Wire } from '../analytics/transport';
import type { SendType } from '../analytics/types';
import { serverUrlFor } from '../analytics/wire';

const SERVER = serverUrlFor('http://collector.test/sa', 'contract');
const PROPS = { num_index: 7, title: '理财直播：中文与 emoji 🎉', tags: ['基金', '直播'], subscribed: true };

interface Sent {
  via: 'image' | 'post' | 'beacon';
  url: string;
  body: string;
}

/** Replaces the browser's ways out with recorders (image src, XMLHttpRequest, sendBeacon). */
function captureBrowser(): Sent[] {
  const sent: Sent[] = [];
  Object.defineProperty(HTMLImageElement.prototype, 'src', {
    configurable: true,
    set(url: string) {
      sent.push({ via: 'image', url, body: '' });
    },
    get: () => '',
  });
  class FakeXhr {
    readyState = 0;
    status = 0;
    responseText = '{}';
    withCredentials = false;
    onreadystatechange: (() => void) | null = null;
    onload: (() => void) | null = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    getResponseHeader() {
      return null;
    }
    abort() {}
    send(body: string) {
      sent.push({ via: 'post', url: this.url, body: String(body ?? '') });
      this.readyState = 4;
      this.status = 200;
      this.onreadystatechange?.();
      this.onload?.();
    }
  }
  Object.defineProperty(window, 'XMLHttpRequest', { configurable: true, writable: true, value: FakeXhr });
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    writable: true,
    value: (url: string, body: string) => (sent.push({ via: 'beacon', url, body: String(body) }), true),
  });
  // The SDK only beacons on browsers it knows support it (Chrome > 41 and the like).
  Object.defineProperty(navigator, 'userAgent', { configurable: true, get: () => CHROME_UA });
  return sent;
}

const CHROME_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';

/** A fresh SDK instance (it is a page singleton) started with this send type. */
function startSdk(para: Record<string, unknown>): { track(e: string, p: object): void; login(id: string): void } {
  delete (window as unknown as Record<string, unknown>).sensorsDataAnalytic201505;
  let sdk: { init(p: object): void; track(e: string, p: object): void; login(id: string): void } | undefined;
  jest.isolateModules(() => {
    sdk = jest.requireActual<NonNullable<typeof sdk>>('sa-sdk-javascript');
  });
  sdk!.init({ server_url: SERVER, show_log: false, is_track_single_page: false, heatmap: {}, ...para });
  return sdk!;
}

/** As the collector reads a request: the body's fields, the project from the URL's query (POST and beacon). */
const decode = (s: Sent): DecodedEvent[] => {
  if (s.via === 'image') return decodeAnalyticsPayload(parseAnalyticsForm(s.url));
  const project = new URL(s.url).searchParams.get('project');
  return decodeAnalyticsPayload({ ...parseAnalyticsForm(s.body), ...(project ? { project } : {}) });
};

/** Our client wired to a recording wire, one call, flushed. */
async function ours(sendType: SendType): Promise<Sent[]> {
  const sent: Sent[] = [];
  const wire: Wire = {
    image: async (url) => void sent.push({ via: 'image', url, body: '' }),
    post: async (url, body) => void sent.push({ via: 'post', url, body }),
    beacon: (url, body) => (sent.push({ via: 'beacon', url, body }), true),
    get: async () => undefined,
  };
  const map = new Map<string, string>();
  const kv: KeyValue = { get: (k) => map.get(k) ?? null, set: (k, v) => void map.set(k, v) };
  const jar: CookieJar = { get: (k) => map.get(`c:${k}`) ?? null, set: (k, v) => void map.set(`c:${k}`, v) };
  const client = createAnalyticsClient({
    transport: createTransport(SERVER, wire),
    sendType,
    cookies: jar,
    storage: kv,
    log: () => undefined,
    now: () => Date.now(),
    newId: () => 'anon-ours',
    page: () => ({
      url: location.href,
      path: location.pathname,
      title: document.title,
      referrer: '',
      screenWidth: 390,
      screenHeight: 844,
    }),
  });
  await client.apply({ kind: 'login', id: 'u4' });
  await client.apply({ kind: 'track', event: 'live_card_click', properties: PROPS });
  await client.flush();
  return sent;
}

/** The shape both must share: envelope keys, the event, identity fields and our properties. */
function contractOf(e: DecodedEvent) {
  const p = e.payload;
  const props = p.properties as Record<string, unknown>;
  return {
    project: e.project,
    event: e.event,
    type: p.type,
    distinct: e.distinctId,
    loginId: p.login_id,
    hasAnonymous: typeof p.anonymous_id === 'string' && p.anonymous_id !== '',
    identityKeys: Object.keys(p.identities as object).sort(),
    lib: (p.lib as Record<string, unknown>).$lib,
    timeIsMs: typeof p.time === 'number' && (p.time as number) > 1e12,
    trackIdIsNumber: typeof p._track_id === 'number',
    custom: Object.fromEntries(Object.keys(PROPS).map((k) => [k, props[k]])),
    presetKeys: ['$lib', '$lib_version', '$url', '$title', '$screen_width', '$screen_height', '$is_first_day'].filter(
      (k) => k in props,
    ),
  };
}

let sent: Sent[];
beforeEach(() => {
  document.cookie
    .split('; ')
    .forEach((c) => (document.cookie = `${c.split('=')[0]}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`));
  localStorage.clear();
  sent = captureBrowser();
});

const track = (sdk: ReturnType<typeof startSdk>) => {
  sdk.login('u4');
  sdk.track('live_card_click', PROPS);
};
const tracked = (events: DecodedEvent[]) => events.filter((e) => e.event === 'live_card_click');

describe('sa-sdk-javascript and our client read the same at the collector', () => {
  useVirtualClock();
  test.each([
    ['image', 'image'],
    ['ajax', 'post'],
    ['beacon', 'beacon'],
  ] as const)('single events by %s', async (sendType, via) => {
    const sdk = startSdk({ send_type: sendType });
    track(sdk);
    // The SDK's own send timers (40 ms) run on the virtual clock.
    await jest.advanceTimersByTimeAsync(50);
    const sdkSent = sent.filter((s) => s.via === via && s.url.startsWith('http://collector.test/sa'));
    expect(sdkSent.length).toBeGreaterThan(0);
    const sdkEvents = sdkSent.flatMap(decode);
    const ourEvents = (await ours(sendType)).flatMap(decode);
    // Each carries a crc the decoder checked (a mangled copy is refused).
    const first = sdkSent[0]!;
    expect(via === 'image' ? first.url : first.body).toMatch(/&ext=crc%3D-?\d+/);
    expect(tracked(sdkEvents)).toHaveLength(1);
    expect(tracked(ourEvents)).toHaveLength(1);
    expect(contractOf(tracked(ourEvents)[0]!)).toEqual(contractOf(tracked(sdkEvents)[0]!));
    expect(contractOf(tracked(ourEvents)[0]!)).toMatchObject({
      project: 'contract',
      distinct: 'u4',
      loginId: 'u4',
      custom: PROPS,
    });
    // Both announce the login with the anonymous id it links to.
    const signUp = (events: DecodedEvent[]) => events.find((e) => e.event === '$SignUp')?.payload;
    expect(typeof signUp(sdkEvents)?.original_id).toBe('string');
    expect(typeof signUp(ourEvents)?.original_id).toBe('string');
  });

  test('batch POST with data_list', async () => {
    // The SDK's batch sender (its 200 ms interval and its storage lock's timers) runs on the virtual clock.
    const sdk = startSdk({ batch_send: { send_interval: 200, datasend_timeout: 1000, storage_length: 200 } });
    track(sdk);
    const batches = () => sent.filter((s) => s.via === 'post' && s.body.startsWith('data_list='));
    await advanceUntil(() => tracked(batches().flatMap(decode)).length > 0, 100, 80);
    const sdkSent = batches();
    expect(sdkSent.length).toBeGreaterThan(0);
    const ourSent = (await ours('batch')).filter((s) => s.body.startsWith('data_list='));
    expect(ourSent).toHaveLength(1);
    const sdkEvents = tracked(sdkSent.flatMap(decode));
    const ourEvents = tracked(ourSent.flatMap(decode));
    expect(sdkEvents).toHaveLength(1);
    expect(contractOf(ourEvents[0]!)).toEqual(contractOf(sdkEvents[0]!));
  });

  test('the decoder refuses a payload whose crc does not match, from either side', async () => {
    const ourSent = await ours('ajax');
    const body = ourSent.find((s) => s.via === 'post')!.body;
    const tampered = body.replace(/crc%3D(-?\d+)/, (_m, n: string) => `crc%3D${Number(n) + 1}`);
    expect(() => decodeAnalyticsPayload(parseAnalyticsForm(tampered))).toThrow(/crc/);
  });
});
