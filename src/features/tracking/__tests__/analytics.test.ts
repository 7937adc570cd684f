import {
  checkAppend,
  checkDistinctId,
  checkIncrement,
  checkName,
  checkProperties,
} from '../../../api/contract/analytics-names';
import { installScrollSampling } from '../analytics/autotrack';
import { analyticsProjectFor, createScrollSampler, heatmapPlan } from '../analytics/context';
import { BatchStore, type KeyValue } from '../analytics/persist';
import type { AnalyticsCall, WireEvent } from '../analytics/types';
import { decodeBase64Utf8, encodeBatch } from '../analytics/wire';

const memoryKv = (): KeyValue => {
  const map = new Map<string, string>();
  return { get: (k) => map.get(k) ?? null, set: (k, v) => void map.set(k, v) };
};

describe('names rules (docs/rules/validation.md#analytics-names)', () => {
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
  // The rule in docs/rules/validation.md#analytics-names forbids `$` in custom names only: the SDK's own auto-track properties must pass.
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
  test('distinct id 1 to 255 characters, increments numeric, appends string or list', () => {
    expect([checkDistinctId(''), checkDistinctId('x'.repeat(256))].every(Boolean)).toBe(true);
    expect([checkDistinctId('x'), checkDistinctId('x'.repeat(255))]).toEqual([null, null]);
    expect(checkIncrement({ n: 2 })).toBeNull();
    expect(checkIncrement({ n: '2' })).toMatch(/number/);
    expect([checkAppend({ a: 'x' }), checkAppend({ a: ['x'] })]).toEqual([null, null]);
    expect(checkAppend({ a: 1 })).toMatch(/string or a list/);
  });
});

describe('wire format', () => {
  test('batch body is data_list of a JSON array', () => {
    const e = { event: 'a', _track_id: 1, time: 1 } as WireEvent;
    const list = new URLSearchParams(encodeBatch([e, e])).get('data_list')!;
    expect(JSON.parse(decodeBase64Utf8(list))).toHaveLength(2);
  });
});

describe('batch storage', () => {
  test('capped at 200: the oldest dropped and counted', () => {
    const store = new BatchStore(memoryKv());
    for (let i = 0; i < 205; i++) store.add({ _track_id: i, time: i });
    expect([store.size(), store.dropped(), store.peek(1)[0]?._track_id]).toEqual([200, 5, 5]);
  });
  test('reload: what one page kept the next one reads', () => {
    const kv = memoryKv();
    new BatchStore(kv).add({ event: 'before_reload', _track_id: 1, time: 1 });
    expect(new BatchStore(kv).peek(5).map((e) => e.event)).toEqual(['before_reload']);
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
  test('scroll sampled every 1000 ms, each sample a $WebStay with where the page was', () => {
    const sample = createScrollSampler();
    expect([0, 500, 999, 1000, 1500, 2001].map(sample)).toEqual([true, false, false, true, false, true]);
    const recorded: AnalyticsCall[] = [];
    let clock = 0;
    let top = 0;
    const stop = installScrollSampling((c) => recorded.push(c), {
      target: document,
      now: () => clock,
      scrollTop: () => top,
    });
    for (const [ms, y] of [
      [0, 120.4],
      [400, 300],
      [1000, 480],
    ] as const) {
      clock = ms;
      top = y;
      document.dispatchEvent(new Event('scroll'));
    }
    stop();
    document.dispatchEvent(new Event('scroll'));
    expect(recorded).toEqual([
      { kind: 'track', event: '$WebStay', properties: { $viewport_position: 120 } },
      { kind: 'track', event: '$WebStay', properties: { $viewport_position: 480 } },
    ]);
    expect(recorded.every((c) => c.kind === 'track' && checkProperties(c.properties) === null)).toBe(true);
  });
});
