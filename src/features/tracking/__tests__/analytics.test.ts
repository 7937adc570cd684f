import { analyticsCrc } from '../../../api/contract/tracking-wire';
import { type AnalyticsClientOptions, createAnalyticsClient } from '../analytics/client';
import { analyticsProjectFor, clickThenNavigate, createScrollSampler, heatmapPlan } from '../analytics/context';
import { type CookieJar, IDENTITY_COOKIE } from '../analytics/identity';
import {
  checkAppend,
  checkDistinctId,
  checkIncrement,
  checkLinker,
  checkName,
  checkProperties,
} from '../analytics/names';
import { BatchStore, type KeyValue } from '../analytics/persist';
import type { Transport } from '../analytics/transport';
import type { WireEvent } from '../analytics/types';
import { decodeBase64Utf8, encodeBatch, encodeSingle } from '../analytics/wire';

const memoryKv = (): KeyValue & { map: Map<string, string> } => {
  const map = new Map<string, string>();
  return { map, get: (k) => map.get(k) ?? null, set: (k, v) => void map.set(k, v) };
};
const memoryJar = (): CookieJar & { expires: Map<string, Date> } => {
  const map = new Map<string, string>();
  const expires = new Map<string, Date>();
  return { expires, get: (k) => map.get(k) ?? null, set: (k, v, e) => void (map.set(k, v), expires.set(k, e)) };
};
const NOW = new Date(2026, 10, 22, 10, 0, 0).getTime();

function setup(over: Partial<AnalyticsClientOptions> = {}, beacon: (events: WireEvent[]) => boolean = () => true) {
  const sent: { batches: WireEvent[][]; singles: WireEvent[]; beacons: WireEvent[][] } = {
    batches: [],
    singles: [],
    beacons: [],
  };
  const transport: Transport = {
    single: async (e) => void sent.singles.push(e),
    batch: async (events) => void sent.batches.push(events),
    beaconBatch: (events) => beacon(events) && (sent.beacons.push(events), true),
    debug: async () => undefined,
  };
  const log = jest.fn();
  let clock = NOW;
  const opts: AnalyticsClientOptions = {
    transport,
    sendType: 'batch',
    cookies: memoryJar(),
    storage: memoryKv(),
    log,
    now: () => clock,
    newId: () => 'anon-1',
    page: () => ({
      url: 'http://x/about/1',
      path: '/about/1',
      title: '直播',
      referrer: '',
      screenWidth: 390,
      screenHeight: 844,
    }),
    ...over,
  };
  return { client: createAnalyticsClient(opts), sent, log, opts, tick: (ms: number) => (clock += ms) };
}

describe('names rules (spec §5)', () => {
  test.each([['a'], ['_x'], ['$pageview'], ['a1_$'], ['a'.repeat(100)]])('%s is a good name', (n) =>
    expect(checkName(n)).toBeNull(),
  );
  test.each([['1a'], ['a-b'], [''], ['a'.repeat(101)], ['distinct_id'], ['TIME'], ['user_id'], ['datetime']])(
    '%s is refused',
    (n) => expect(checkName(n)).not.toBeNull(),
  );
  test('custom properties cannot start with $ and values must be simple', () => {
    expect(checkProperties({ a: 1, b: 'x', c: ['y'], d: true })).toBeNull();
    expect(checkProperties({ $my_prop: 'x' })).toMatch(/custom property \$my_prop must not start with \$/);
    expect(checkProperties({ $element_type: 'a', $my_prop: 'x' })).toMatch(/\$my_prop/);
    expect(checkProperties({ a: { nested: 1 } })).not.toBeNull();
    expect(checkProperties({ event: 1 })).toMatch(/reserved/);
  });
  // Spec §5 forbids `$` in custom names only: the SDK's own auto-track properties must pass.
  test.each([
    ['$element_type'],
    ['$element_content'],
    ['$element_target_url'],
    ['$element_id'],
    ['$element_selector'],
    ['$element_path'],
    ['$viewport_position'],
    ['$viewport_height'],
    ['$event_duration'],
    ['$url'],
    ['$url_path'],
    ['$title'],
    ['$referrer'],
    ['$page_x'],
  ])('the preset %s passes', (name) => expect(checkProperties({ [name]: 'x' })).toBeNull());
  test('distinct id 1 to 255 characters, increments numeric, appends string or list, linker', () => {
    expect([checkDistinctId(''), checkDistinctId('x'.repeat(256))].every(Boolean)).toBe(true);
    expect([checkDistinctId('x'), checkDistinctId('x'.repeat(255))]).toEqual([null, null]);
    expect(checkIncrement({ n: 2 })).toBeNull();
    expect(checkIncrement({ n: '2' })).toMatch(/number/);
    expect([checkAppend({ a: 'x' }), checkAppend({ a: ['x'] })]).toEqual([null, null]);
    expect(checkAppend({ a: 1 })).toMatch(/string or a list/);
    expect(checkLinker({ part_url: 'm.example.com', after_hash: false })).toBeNull();
    expect(checkLinker({ part_url: 'not a domain', after_hash: false })).toMatch(/domain/);
    expect(checkLinker({ part_url: 'a.example.com', after_hash: 'no' })).toMatch(/boolean/);
  });
});

describe('wire format', () => {
  test('single event: base64 of UTF-8 JSON with the Java-hash crc', () => {
    const { client, sent } = setup({ sendType: 'ajax' });
    return client.apply({ kind: 'track', event: 'live_click', properties: { 名称: 'x' } as never }).then(async (ok) => {
      expect(ok).toBe(false); // Chinese property names are not names
      await client.apply({ kind: 'track', event: 'live_click', properties: { title: '中文标题' } });
      const body = encodeSingle(sent.singles[0]!);
      const params = new URLSearchParams(body);
      const data = params.get('data')!;
      expect(params.get('ext')).toBe(`crc=${analyticsCrc(data)}`);
      expect(JSON.parse(decodeBase64Utf8(data))).toMatchObject({
        event: 'live_click',
        type: 'track',
        distinct_id: 'anon-1',
        properties: { title: '中文标题' },
      });
    });
  });
  test('batch body is data_list of a JSON array', () => {
    const e = { type: 'track', event: 'a' } as WireEvent;
    const list = new URLSearchParams(encodeBatch([e, e])).get('data_list')!;
    expect(JSON.parse(decodeBase64Utf8(list))).toHaveLength(2);
  });
});

describe('identity', () => {
  test('anonymous id in a 73000-day cookie; login links it; logout returns to it', async () => {
    const jar = memoryJar();
    const { client, sent } = setup({ cookies: jar });
    expect(jar.expires.get(IDENTITY_COOKIE)!.getTime() - NOW).toBe(73_000 * 86_400_000);
    await client.apply({ kind: 'login', id: 'E0001' });
    await client.apply({ kind: 'track', event: 'after_login' });
    await client.apply({ kind: 'logout' });
    await client.apply({ kind: 'track', event: 'after_logout' });
    await client.flush();
    const [signup, after, out] = sent.batches[0]!;
    expect(signup).toMatchObject({
      type: 'track_signup',
      event: '$SignUp',
      distinct_id: 'E0001',
      original_id: 'anon-1',
      login_id: 'E0001',
    });
    expect(after).toMatchObject({
      distinct_id: 'E0001',
      anonymous_id: 'anon-1',
      identities: { $identity_login_id: 'E0001' },
    });
    expect(out).toMatchObject({ distinct_id: 'anon-1' });
    expect(out?.login_id).toBeUndefined();
  });
  test('new-user flag holds until the end of the first day', async () => {
    const { client, tick } = setup();
    await client.apply({ kind: 'track', event: 'a' });
    tick(14 * 3_600_000);
    await client.apply({ kind: 'track', event: 'b' });
    expect(client.batch.peek(10).map((e) => e.properties.$is_first_day)).toEqual([true, false]);
  });
  test('a bad call is logged and not sent', async () => {
    const { client, log } = setup();
    expect(await client.apply({ kind: 'profileIncrement', properties: { n: 'x' as never } })).toBe(false);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/refused/));
    expect(client.batch.size()).toBe(0);
  });
});

describe('batch storage', () => {
  test('capped at 200: the oldest dropped and counted', () => {
    const store = new BatchStore(memoryKv());
    for (let i = 0; i < 205; i++) store.add({ _track_id: i, time: i } as WireEvent);
    expect([store.size(), store.dropped(), store.peek(1)[0]?._track_id]).toEqual([200, 5, 5]);
  });
  test('reload: events stored by one page are sent by the next', async () => {
    const storage = memoryKv();
    const cookies = memoryJar();
    const failing: Transport = {
      single: async () => undefined,
      debug: async () => undefined,
      beaconBatch: () => false,
      batch: async () => Promise.reject(new Error('offline')),
    };
    const first = setup({ storage, cookies, transport: failing }).client;
    await first.apply({ kind: 'track', event: 'before_reload' });
    expect(await first.flush()).toBe(1);
    const second = setup({ storage, cookies });
    expect(await second.client.flush()).toBe(0);
    expect(second.sent.batches[0]!.map((e) => [e.event, e.distinct_id])).toEqual([['before_reload', 'anon-1']]);
  });
});

describe('leaving the page (batch by beacon)', () => {
  const names = (events: WireEvent[] | undefined) => (events ?? []).map((e) => e.event);

  test('the stored batch goes by beacon, is forgotten, and the next load sends none of it again', async () => {
    const storage = memoryKv();
    const cookies = memoryJar();
    const first = setup({ storage, cookies });
    await first.client.apply({ kind: 'track', event: 'opened' });
    await first.client.apply({ kind: 'track', event: 'shared' });
    expect(first.client.leave()).toBe(2);
    expect(names(first.sent.beacons[0])).toEqual(['opened', 'shared']);
    expect(first.sent.beacons[0]!.every((e) => typeof e._flush_time === 'number')).toBe(true);
    expect(first.client.batch.size()).toBe(0);
    expect(first.client.leave()).toBe(0); // pagehide after visibilitychange: nothing twice
    expect(first.sent.beacons).toHaveLength(1);
    const second = setup({ storage, cookies });
    await second.client.apply({ kind: 'track', event: 'next_load' });
    await second.client.flush();
    expect(second.sent.batches.map(names)).toEqual([['next_load']]);
  });

  test('a refused beacon keeps every event for the next load', async () => {
    const storage = memoryKv();
    const first = setup({ storage }, () => false);
    await first.client.apply({ kind: 'track', event: 'kept' });
    expect(first.client.leave()).toBe(0);
    expect(first.log).toHaveBeenCalledWith(expect.stringMatching(/beacon refused/));
    const second = setup({ storage });
    await second.client.flush();
    expect(second.sent.batches.map(names)).toEqual([['kept']]);
  });

  test('a big batch leaves in beacons under the 64 KiB quota; only the accepted ones are forgotten', async () => {
    let accepted = 0;
    const { client, sent } = setup({}, () => ++accepted <= 1);
    for (let i = 0; i < 120; i++)
      await client.apply({ kind: 'track', event: `e_${i}`, properties: { note: 'x'.repeat(400) } });
    const handed = client.leave();
    expect(sent.beacons).toHaveLength(1);
    expect(encodeBatch(sent.beacons[0]!).length).toBeLessThanOrEqual(60_000);
    expect(handed).toBe(sent.beacons[0]!.length);
    expect(handed).toBeGreaterThan(0);
    expect(handed).toBeLessThan(120);
    expect(client.batch.peek(1)[0]?.event).toBe(`e_${handed}`);
    expect(client.batch.size()).toBe(120 - handed);
  });

  test('events of a keepalive POST under way are not beaconed again, and come back if that POST fails', async () => {
    let fail!: (e: Error) => void;
    const beacons: WireEvent[][] = [];
    const transport: Transport = {
      single: async () => undefined,
      debug: async () => undefined,
      beaconBatch: (ev) => (beacons.push(ev), true),
      batch: () => new Promise<void>((_r, reject) => (fail = reject)),
    };
    const c = createAnalyticsClient({ ...setup().opts, transport });
    await c.apply({ kind: 'track', event: 'posting' });
    const flushing = c.flush();
    await c.apply({ kind: 'track', event: 'after' });
    expect(c.leave()).toBe(1);
    expect(beacons.map(names)).toEqual([['after']]);
    expect(c.batch.size()).toBe(0); // the POST outlives the page: the next load must not resend it
    fail(new Error('offline'));
    await flushing;
    expect(c.batch.peek(5).map((e) => e.event)).toEqual(['posting']); // the page stayed: kept for later
  });
});

describe('launch context and helpers', () => {
  test('project by launch context', () => {
    expect(analyticsProjectFor('?fromApp=smileFund', '')).toBe('gongmu_prod');
    expect(analyticsProjectFor('?from=weapp', '')).toBe('live_share');
    expect(analyticsProjectFor('', 'Mozilla miniProgram')).toBe('live_share');
    expect(analyticsProjectFor('?x=1', 'Mozilla')).toBe('default');
  });
  test('heatmap only when enabled, with notices', () => {
    expect(
      heatmapPlan({ heatmap: false, visualTracking: false, staticDomain: '/static' }, 'http:', '/sa').notices,
    ).toEqual(['热力图未开启']);
    expect(
      heatmapPlan({ heatmap: true, visualTracking: true, staticDomain: '/static' }, 'http:', '/sa').scripts,
    ).toEqual(['/static/sa/heatmap.min.js', '/static/sa/vtrack.min.js']);
    const mixed = heatmapPlan(
      { heatmap: true, visualTracking: false, staticDomain: '/s' },
      'https:',
      'http://sa.example.com/sa',
    );
    expect([mixed.scripts, mixed.notices.length]).toEqual([[], 1]);
  });
  test('scroll sampled every 1000 ms; link click navigates once, after 1000 ms at the latest', async () => {
    const sample = createScrollSampler();
    expect([0, 500, 999, 1000, 1500, 2001].map(sample)).toEqual([true, false, false, true, false, true]);
    jest.useFakeTimers();
    const navigate = jest.fn();
    clickThenNavigate(() => new Promise(() => undefined), navigate, {
      set: setTimeout,
      clear: (id) => clearTimeout(id as number),
    });
    jest.advanceTimersByTime(999);
    expect(navigate).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledTimes(1);
    jest.useRealTimers();
  });
});
