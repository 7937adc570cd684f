import { type BatchStore, eventKey } from './persist';
import type { SdkPlugin, SensorsSdk } from './sdk';
import { type BatchTransport, KEEPALIVE_BODY_MAX } from './transport';
import type { AnalyticsCall, WireEvent } from './types';
import { encodeBatch } from './wire';

const BATCH_SIZE = 50;
/** After the app bridges (60-90), before the SDK's own batch, beacon, ajax and image senders (100-130). */
const SEND_PRIORITY = 95;
/** Before the SDK's own tap handler (which calls track itself). */
const TAP_PRIORITY = 10;

export interface LocalPluginOptions {
  store: BatchStore;
  transport: BatchTransport;
  /** false: the SDK sends each event itself (send_type), nothing is kept. */
  batch: boolean;
  now(): number;
  log(message: string): void;
}

/**
 * What the app adds to sa-sdk-javascript (docs/tracking.md): events kept in a per-project store
 * of 200 that survives reloads and is sent by the app's timer; the store handed to sendBeacon
 * when the page is left; auto-tracked taps handed to the app's ordered queue instead of tracked
 * at once, so none overtakes the calls made before the SDK loaded.
 */
export interface LocalPlugin {
  plugin: SdkPlugin;
  /** Taps go to `record` from now on (those made before wait for it). Returns a stop. */
  onTap(record: (call: AnalyticsCall) => unknown): () => void;
  /** Sends up to one batch of stored events; how many are left. */
  flush(): Promise<number>;
  /** The page is hidden or unloading: the store to sendBeacon (synchronously); how many were handed over. */
  leave(): number;
}

/** The longest head of `events` whose batch body fits one keepalive request (at least `min`). */
function fitting(events: WireEvent[], min: 0 | 1): WireEvent[] {
  let n = events.length;
  for (;;) {
    if (n <= min) return events.slice(0, min);
    const length = encodeBatch(events.slice(0, n)).length;
    if (length <= KEEPALIVE_BODY_MAX) return events.slice(0, n);
    n = Math.min(n - 1, Math.floor((n * KEEPALIVE_BODY_MAX) / length));
  }
}

function createTaps() {
  let record: ((call: AnalyticsCall) => unknown) | null = null;
  const early: AnalyticsCall[] = [];
  return {
    take(props: Record<string, unknown>) {
      const call: AnalyticsCall = { kind: 'track', event: '$WebClick', properties: props as never };
      if (record) record(call);
      else early.push(call);
    },
    onTap(to: (call: AnalyticsCall) => unknown) {
      record = to;
      for (const call of early.splice(0)) to(call);
      return () => {
        if (record === to) record = null;
      };
    },
  };
}

export function createLocalPlugin(o: LocalPluginOptions): LocalPlugin {
  const { store, transport } = o;
  const taps = createTaps();
  /** Events of the batch POST under way, and whether it is a keepalive one (it outlives the page). */
  const inFlight = new Map<string, WireEvent>();
  let inFlightKeepalive = false;
  /** In-flight events that leave() took out of storage: put back if their POST fails. */
  const handedOff = new Set<string>();

  const plugin: SdkPlugin = {
    plugin_name: 'LocalBatchAndTaps',
    init(sdk: SensorsSdk) {
      sdk.registerInterceptor('viewStage', {
        webClickEvent: {
          priority: TAP_PRIORITY,
          entry: (step, context) => {
            taps.take(step.props);
            context.cancellationToken.stop();
          },
        },
      });
      if (!o.batch) return;
      sdk.registerInterceptor('sendDataStage', {
        send: {
          priority: SEND_PRIORITY,
          entry: (step, context) => {
            store.add(step.data);
            context.cancellationToken.stop();
          },
        },
      });
    },
  };

  async function flush(): Promise<number> {
    const events = fitting(
      store.peek(BATCH_SIZE).filter((e) => !inFlight.has(eventKey(e))),
      1,
    );
    if (events.length === 0) return 0;
    const stamped = events.map((e) => ({ ...e, _flush_time: o.now() }));
    for (const e of events) inFlight.set(eventKey(e), e);
    inFlightKeepalive = encodeBatch(stamped).length <= KEEPALIVE_BODY_MAX;
    try {
      await transport.batch(stamped);
      store.remove(events);
    } catch (error) {
      // The page is still here, so what leave() took out for this POST goes back.
      const back = events.filter((e) => handedOff.has(eventKey(e)));
      if (back.length) store.restore(back);
      // Kept in storage: the next flush (or the next page load) sends them.
      o.log(`analytics batch failed, kept ${store.size()}: ${String(error)}`);
    } finally {
      for (const e of events) {
        inFlight.delete(eventKey(e));
        handedOff.delete(eventKey(e));
      }
    }
    return store.size();
  }

  function leave(): number {
    // A keepalive POST outlives the page like a beacon: the next load must not send it again.
    if (inFlightKeepalive && inFlight.size > 0) {
      const flying = [...inFlight.values()].filter((e) => !handedOff.has(eventKey(e)));
      store.remove(flying);
      for (const e of flying) handedOff.add(eventKey(e));
    }
    let handed = 0;
    for (;;) {
      const waiting = store.peek(Number.MAX_SAFE_INTEGER).filter((e) => !inFlight.has(eventKey(e)));
      const now = o.now();
      const chunk = fitting(
        waiting.map((e) => ({ ...e, _flush_time: now })),
        0,
      );
      if (chunk.length === 0) break;
      if (!transport.beaconBatch(chunk)) {
        // Refused (quota or no sendBeacon): they stay stored for the next load.
        o.log(`analytics beacon refused, kept ${waiting.length}`);
        break;
      }
      store.remove(chunk);
      handed += chunk.length;
    }
    return handed;
  }

  return { plugin, onTap: taps.onTap, flush, leave };
}
