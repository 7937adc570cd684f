import { type AutoTrackHost, installAutoTrack } from '../analytics/autotrack';
import { createAnalyticsClient } from '../analytics/client';
import type { AnalyticsCall, WireEvent } from '../analytics/types';

function setup(applyImpl?: () => Promise<boolean>) {
  let clock = 0;
  let scrollTop = 0;
  const calls: AnalyticsCall[] = [];
  const navigate = jest.fn();
  const host: AutoTrackHost = {
    target: document,
    now: () => clock,
    scrollTop: () => scrollTop,
    origin: 'http://localhost',
    navigate,
    timers: { set: (fn, ms) => setTimeout(fn, ms), clear: (id) => clearTimeout(id as ReturnType<typeof setTimeout>) },
  };
  const stop = installAutoTrack((c) => (calls.push(c), applyImpl ? applyImpl() : Promise.resolve(true)), host);
  const scrollAt = (ms: number, top: number) => {
    clock = ms;
    scrollTop = top;
    document.dispatchEvent(new Event('scroll'));
  };
  return { calls, navigate, stop, scrollAt };
}

function link(href: string, text = '去下载'): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = href;
  a.textContent = text;
  document.body.appendChild(a);
  return a;
}

afterEach(() => {
  document.body.innerHTML = '';
  jest.useRealTimers();
});

describe('auto-tracking (spec §9)', () => {
  test('scroll events are sampled every 1000 ms', () => {
    const { calls, stop, scrollAt } = setup();
    for (const [ms, top] of [
      [0, 10],
      [400, 50],
      [999, 90],
      [1000, 120],
      [1500, 160],
      [2100, 200],
    ] as const)
      scrollAt(ms, top);
    expect(calls.map((c) => (c.kind === 'track' ? c.properties?.$viewport_position : null))).toEqual([10, 120, 200]);
    stop();
    scrollAt(5000, 300);
    expect(calls).toHaveLength(3);
  });

  test('a link leaving the page waits for the event, then navigates once', async () => {
    const { calls, navigate, stop } = setup();
    const a = link('https://dl.example/app');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    a.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    await Promise.resolve();
    await Promise.resolve();
    expect(navigate).toHaveBeenCalledWith('https://dl.example/app');
    expect(calls[0]).toMatchObject({
      kind: 'track',
      event: '$WebClick',
      properties: { $element_content: '去下载', $element_target_url: 'https://dl.example/app' },
    });
    stop();
  });

  test('if sending hangs, the link still opens after 1000 ms, and only once', () => {
    jest.useFakeTimers();
    let finish!: (v: boolean) => void;
    const { navigate, stop } = setup(() => new Promise<boolean>((r) => (finish = r)));
    link('https://dl.example/app').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    jest.advanceTimersByTime(999);
    expect(navigate).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledTimes(1);
    finish(true);
    jest.advanceTimersByTime(5000);
    expect(navigate).toHaveBeenCalledTimes(1);
    stop();
  });

  test('in-app links (handled by the router) are tracked but never held', () => {
    const { calls, navigate, stop } = setup();
    const a = link('http://localhost/about/1', '直播');
    a.addEventListener('click', (e) => e.preventDefault());
    a.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(calls).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
    stop();
  });
});

describe('auto-tracked calls through the real client (its spec §5 name check)', () => {
  test('taps and scrolls with the SDK preset $ properties are sent, none refused', async () => {
    const singles: WireEvent[] = [];
    const log = jest.fn();
    const map = new Map<string, string>();
    const client = createAnalyticsClient({
      transport: {
        single: async (e) => void singles.push(e),
        batch: async () => undefined,
        beaconBatch: () => true,
        debug: async () => undefined,
      },
      sendType: 'image',
      cookies: { get: () => null, set: () => undefined },
      storage: { get: (k) => map.get(k) ?? null, set: (k, v) => void map.set(k, v) },
      log,
      now: () => 0,
      newId: () => 'anon-1',
      page: () => ({
        url: 'http://localhost/rules',
        path: '/rules',
        title: '规则',
        referrer: '',
        screenWidth: 390,
        screenHeight: 844,
      }),
    });
    const results: unknown[] = [];
    let clock = 0;
    let top = 0;
    const stop = installAutoTrack((c) => client.apply(c).then((r) => (results.push(r), r)), {
      target: document,
      now: () => clock,
      scrollTop: () => top,
      origin: 'http://localhost',
      navigate: jest.fn(),
      timers: { set: (fn, ms) => setTimeout(fn, ms), clear: (id) => clearTimeout(id as ReturnType<typeof setTimeout>) },
    });
    const a = link('http://localhost/about/1', '直播');
    a.addEventListener('click', (e) => e.preventDefault());
    a.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    for (const [ms, y] of [
      [0, 120],
      [1000, 480],
    ] as const) {
      clock = ms;
      top = y;
      document.dispatchEvent(new Event('scroll'));
    }
    await new Promise((r) => setTimeout(r, 0));
    stop();
    expect(log).not.toHaveBeenCalled();
    expect(results).toEqual([true, true, true]);
    expect(singles.map((e) => [e.event, e.properties.$element_type ?? e.properties.$viewport_position])).toEqual([
      ['$WebClick', 'a'],
      ['$WebStay', 120],
      ['$WebStay', 480],
    ]);
  });
});
