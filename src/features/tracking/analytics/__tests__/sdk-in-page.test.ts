/**
 * The real sa-sdk-javascript in jsdom, started as the page starts it (createBrowserAnalytics with
 * the local plugin): what it stores and sends is read by the collector's decoder and validator.
 */
import { decodeAnalyticsPayload, type DecodedEvent, parseAnalyticsForm } from '../../../../../server/analytics/decode';
import { ANALYTICS } from '../../../../api/contract/tracking-wire';
import type { LoadedAnalytics } from '../../services';
import { createBrowserAnalytics } from '../browser';
import type { SensorsSdk } from '../sdk';
import type { AnalyticsCall } from '../types';

const ANALYTICS_URL = 'http://collector.test/sa';
const STORE_KEY = 'sensorsdata_batch_live_share';

interface Sent {
  via: 'post' | 'beacon' | 'image';
  url: string;
  body: string;
}

/** The browser's ways out replaced by recorders (fetch, sendBeacon, image src). */
function captureBrowser(beacon: () => boolean = () => true): Sent[] {
  const sent: Sent[] = [];
  Object.defineProperty(window, 'fetch', {
    configurable: true,
    writable: true,
    value: async (url: string, init: { body: string }) => {
      sent.push({ via: 'post', url, body: init.body });
      return { ok: true, status: 200 };
    },
  });
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    writable: true,
    value: (url: string, body: string) => beacon() && (sent.push({ via: 'beacon', url, body }), true),
  });
  Object.defineProperty(HTMLImageElement.prototype, 'src', {
    configurable: true,
    set(url: string) {
      sent.push({ via: 'image', url, body: '' });
    },
    get: () => '',
  });
  return sent;
}

/** A fresh SDK (it is a page singleton) started the way the page starts it. */
function startPage(sendType: 'batch' | 'image' = 'batch'): LoadedAnalytics {
  delete (window as unknown as Record<string, unknown>).sensorsDataAnalytic201505;
  let sdk: SensorsSdk | undefined;
  jest.isolateModules(() => {
    sdk = jest.requireActual<SensorsSdk>('sa-sdk-javascript');
  });
  return createBrowserAnalytics(
    { analyticsUrl: ANALYTICS_URL, project: 'live_share', sendType, staticDomain: '/static' },
    sdk,
  );
}

/** As the collector reads each request: the body's (or the image URL's) fields, the project from the URL. */
const collected = (sent: Sent[]): DecodedEvent[] =>
  sent.flatMap((s) => {
    const project = new URL(s.url).searchParams.get('project') ?? undefined;
    const form = parseAnalyticsForm(s.via === 'image' ? s.url : s.body);
    return decodeAnalyticsPayload({ ...form, ...(project ? { project } : {}) });
  });

const stored = () => (JSON.parse(localStorage.getItem(STORE_KEY) ?? '{"items":[]}') as { items: unknown[] }).items;

beforeEach(() => {
  document.cookie
    .split('; ')
    .forEach((c) => (document.cookie = `${c.split('=')[0]}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`));
  localStorage.clear();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('sa-sdk-javascript with the local plugin', () => {
  test('calls are kept in the project store, sent as one batch the collector reads, with the identity it links', async () => {
    const sent = captureBrowser();
    const { client } = startPage();
    const calls: AnalyticsCall[] = [
      { kind: 'pageView', url: 'http://localhost/about/7?from=weapp', title: '直播', referrer: '' },
      { kind: 'login', id: 'u4' },
      { kind: 'track', event: 'live_card_click', properties: { num_index: 7, tags: ['基金'], title: '中文 🎉' } },
    ];
    expect(calls.map((c) => client.apply(c))).toEqual([true, true, true]);
    expect(stored()).toHaveLength(3);
    expect(sent).toEqual([]);
    expect(await client.flush()).toBe(0);
    expect(stored()).toEqual([]);
    const events = collected(sent);
    expect(sent.map((s) => [s.via, new URL(s.url).pathname])).toEqual([['post', '/sa']]);
    expect(events.map((e) => [e.project, e.event])).toEqual([
      ['live_share', '$pageview'],
      ['live_share', '$SignUp'],
      ['live_share', 'live_card_click'],
    ]);
    const [view, signUp, click] = events.map((e) => e.payload as Record<string, unknown>);
    const anonymous = view!.anonymous_id as string;
    expect(view!.properties).toMatchObject({ $url_path: '/about/7', $title: '直播' });
    expect(signUp).toMatchObject({ type: 'track_signup', distinct_id: 'u4', original_id: anonymous });
    expect(click).toMatchObject({
      distinct_id: 'u4',
      login_id: 'u4',
      anonymous_id: anonymous,
      identities: { $identity_cookie_id: anonymous, $identity_anonymous_id: anonymous, $identity_login_id: 'u4' },
      properties: { num_index: 7, tags: ['基金'], title: '中文 🎉' },
    });
    expect(typeof click!._track_id).toBe('number');
    expect(document.cookie).toContain('sensorsdata2015jssdkcross=');
  });

  test('a refused call reaches neither the SDK nor the store', () => {
    captureBrowser();
    const { client } = startPage();
    expect(client.apply({ kind: 'track', event: 'x', properties: { $my_prop: 'x' } })).toBe(false);
    expect(client.apply({ kind: 'profileIncrement', properties: { n: 'x' as never } })).toBe(false);
    expect(stored()).toEqual([]);
    expect(console.warn).toHaveBeenCalledWith(expect.stringMatching(/refused/));
  });

  test('a tap on a link goes to the app’s queue with the SDK’s preset $ properties, which pass the name check', () => {
    captureBrowser();
    const loaded = startPage();
    document.body.innerHTML = '<a href="/about/7" id="card"><span>直播 7</span></a>';
    const recorded: AnalyticsCall[] = [];
    const stop = loaded.autoTrack(async (c) => void recorded.push(c));
    document.querySelector('span')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(stored()).toEqual([]);
    expect(recorded).toHaveLength(1);
    const tap = recorded[0]!;
    expect(tap).toMatchObject({
      kind: 'track',
      event: '$WebClick',
      properties: { $element_type: 'a', $element_target_url: '/about/7' },
    });
    expect(loaded.client.apply(tap)).toBe(true);
    expect(stored()).toHaveLength(1);
    stop();
  });

  test('leaving hands the store to sendBeacon once; a refused beacon keeps it for the next load', () => {
    let accept = false;
    const sent = captureBrowser(() => accept);
    const first = startPage();
    first.client.apply({ kind: 'track', event: 'kept' });
    expect(first.client.leave()).toBe(0);
    expect(stored()).toHaveLength(1);
    accept = true;
    const next = startPage();
    next.client.apply({ kind: 'track', event: 'opened' });
    expect(next.client.leave()).toBe(2);
    expect(next.client.leave()).toBe(0);
    expect(collected(sent).map((e) => e.event)).toEqual(['kept', 'opened']);
    expect(sent.every((s) => s.via === 'beacon')).toBe(true);
  });

  test('the store holds the latest 200', () => {
    captureBrowser();
    const { client } = startPage();
    for (let i = 0; i < ANALYTICS.batchCap + 3; i++) client.apply({ kind: 'track', event: `e_${i}` });
    const items = stored() as { event: string }[];
    expect([items.length, items[0]!.event]).toEqual([200, 'e_3']);
  });

  test('without the local batch the SDK sends each event itself, and the collector reads it the same', () => {
    const sent = captureBrowser();
    const { client } = startPage('image');
    client.apply({ kind: 'track', event: 'live_card_click', properties: { num_index: 7 } });
    expect(stored()).toEqual([]);
    const events = collected(sent.filter((s) => s.via === 'image'));
    expect(events.map((e) => [e.project, e.event])).toEqual([['live_share', 'live_card_click']]);
  });
});
