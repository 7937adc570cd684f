import { createLocalPlugin, type LocalPluginOptions } from '../local-plugin';
import { BatchStore, type KeyValue } from '../persist';
import type { InterceptorContext, SendStep, SensorsSdk, TapStep } from '../sdk';
import type { BatchTransport } from '../transport';
import type { AnalyticsCall, WireEvent } from '../types';
import { encodeBatch } from '../wire';

const memoryKv = (): KeyValue => {
  const map = new Map<string, string>();
  return { get: (k) => map.get(k) ?? null, set: (k, v) => void map.set(k, v) };
};

/** The SDK's two stages as the plugin sees them: a sent event, a tap; `stopped` when the plugin took it. */
function fakeSdk() {
  const stages: {
    send?: (s: SendStep, c: InterceptorContext) => unknown;
    tap?: (s: TapStep, c: InterceptorContext) => unknown;
  } = {};
  const sdk = {
    registerInterceptor: (stage: string, i: Record<string, { entry: never }>) => {
      if (stage === 'sendDataStage') stages.send = i.send!.entry;
      else stages.tap = i.webClickEvent!.entry;
    },
  } as unknown as SensorsSdk;
  const run = <T>(entry: ((s: T, c: InterceptorContext) => unknown) | undefined, step: T) => {
    let stopped = false;
    entry?.(step, { cancellationToken: { stop: () => void (stopped = true) } });
    return stopped;
  };
  return {
    sdk,
    send: (event: string, i: number) => run(stages.send, { data: { event, _track_id: i, time: 1000 + i } }),
    tap: (props: Record<string, unknown>) => run(stages.tap, { props }),
  };
}

function setup(over: Partial<LocalPluginOptions> = {}, beacon: (events: WireEvent[]) => boolean = () => true) {
  const sent = { batches: [] as WireEvent[][], beacons: [] as WireEvent[][] };
  const transport: BatchTransport = {
    batch: async (events) => void sent.batches.push(events),
    beaconBatch: (events) => beacon(events) && (sent.beacons.push(events), true),
  };
  const store = new BatchStore(memoryKv(), 200, 'k');
  const log = jest.fn();
  const plugin = createLocalPlugin({ store, transport, batch: true, now: () => 5000, log, ...over });
  const sdk = fakeSdk();
  plugin.plugin.init(sdk.sdk);
  return { plugin, sdk, sent, store, log };
}
const names = (events: WireEvent[] | undefined) => (events ?? []).map((e) => e.event);

describe('the local batch', () => {
  test('every event the SDK would send is kept instead, and a flush posts them stamped', async () => {
    const { plugin, sdk, sent, store } = setup();
    expect([sdk.send('a', 1), sdk.send('b', 2)]).toEqual([true, true]);
    expect(store.size()).toBe(2);
    expect(await plugin.flush()).toBe(0);
    expect(sent.batches.map(names)).toEqual([['a', 'b']]);
    expect(sent.batches[0]!.every((e) => e._flush_time === 5000)).toBe(true);
  });

  test('without the batch the SDK’s own senders keep every event', () => {
    const { sdk, store } = setup({ batch: false });
    expect(sdk.send('a', 1)).toBe(false);
    expect(store.size()).toBe(0);
  });

  test('a failed POST keeps the events for the next flush', async () => {
    const { plugin, sdk, log } = setup({
      transport: { batch: () => Promise.reject(new Error('offline')), beaconBatch: () => false },
    });
    sdk.send('kept', 1);
    expect(await plugin.flush()).toBe(1);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/kept 1: Error: offline/));
  });

  test('leaving: the store to the beacon once; refused, it stays for the next load', () => {
    const refusing = setup({}, () => false);
    refusing.sdk.send('kept', 1);
    expect(refusing.plugin.leave()).toBe(0);
    expect(refusing.store.size()).toBe(1);
    expect(refusing.log).toHaveBeenCalledWith(expect.stringMatching(/beacon refused/));
    const { plugin, sdk, sent } = setup();
    sdk.send('opened', 1);
    sdk.send('shared', 2);
    expect(plugin.leave()).toBe(2);
    expect(plugin.leave()).toBe(0);
    expect(sent.beacons.map(names)).toEqual([['opened', 'shared']]);
  });

  test('a big store leaves in beacons under the 64 KiB quota; only the accepted ones are forgotten', () => {
    let accepted = 0;
    const { plugin, store, sent } = setup({}, () => ++accepted <= 1);
    for (let i = 0; i < 120; i++) store.add({ event: `e_${i}`, _track_id: i, time: i, note: 'x'.repeat(400) });
    const handed = plugin.leave();
    expect(encodeBatch(sent.beacons[0]!).length).toBeLessThanOrEqual(60_000);
    expect(handed).toBe(sent.beacons[0]!.length);
    expect(handed).toBeGreaterThan(0);
    expect(store.peek(1)[0]?.event).toBe(`e_${handed}`);
    expect(store.size()).toBe(120 - handed);
  });

  test('events of a keepalive POST under way are not beaconed again, and come back if that POST fails', async () => {
    let fail!: (e: Error) => void;
    const beacons: WireEvent[][] = [];
    const { plugin, sdk, store } = setup({
      transport: {
        beaconBatch: (ev) => (beacons.push(ev), true),
        batch: () => new Promise<void>((_r, reject) => (fail = reject)),
      },
    });
    sdk.send('posting', 1);
    const flushing = plugin.flush();
    sdk.send('after', 2);
    expect(plugin.leave()).toBe(1);
    expect(beacons.map(names)).toEqual([['after']]);
    expect(store.size()).toBe(0);
    fail(new Error('offline'));
    await flushing;
    expect(names(store.peek(5))).toEqual(['posting']);
  });
});

describe('taps', () => {
  test('go to the app’s queue instead of the SDK’s track; those before the queue is wired wait for it', () => {
    const { plugin, sdk } = setup();
    expect(sdk.tap({ $element_type: 'a', n: 1 })).toBe(true);
    const recorded: AnalyticsCall[] = [];
    const stop = plugin.onTap((c) => recorded.push(c));
    sdk.tap({ $element_type: 'a', n: 2 });
    stop();
    sdk.tap({ $element_type: 'a', n: 3 });
    expect(recorded.map((c) => (c.kind === 'track' ? [c.event, c.properties?.n] : c.kind))).toEqual([
      ['$WebClick', 1],
      ['$WebClick', 2],
    ]);
  });
});
