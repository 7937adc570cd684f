import { type CookieJar, Identity } from './identity';
import { checkAppend, checkDistinctId, checkIncrement, checkLinker, checkName, checkProperties } from './names';
import { BatchStore, eventKey, type KeyValue } from './persist';
import { KEEPALIVE_BODY_MAX, type Transport } from './transport';
import type { AnalyticsCall, EventType, LinkerOptions, PageInfo, SendType, WireEvent } from './types';
import { encodeBatch } from './wire';

export const LIB_VERSION = '1.26.18';
const BATCH_SIZE = 50;

export interface AnalyticsClientOptions {
  transport: Transport;
  sendType: SendType;
  cookies: CookieJar;
  storage: KeyValue;
  page: () => PageInfo;
  now: () => number;
  /** A fresh anonymous id (uuid-like). */
  newId: () => string;
  /** Where refused calls and send failures are told (spec §8: logged only). */
  log: (message: string) => void;
  debug?: boolean;
  /** Storage key of the batch (default sensorsdata_batch). */
  batchKey?: string;
}

export interface AnalyticsClient {
  /** Runs one call; false when it was refused (bad names or values) and nothing was sent. */
  apply(call: AnalyticsCall): Promise<boolean>;
  /** Sends up to one batch of stored events; how many left. */
  flush(): Promise<number>;
  /**
   * The page is hidden or unloading: hands the stored batch to sendBeacon (synchronously) and
   * forgets exactly what the browser accepted; how many were handed over.
   */
  leave(): number;
  readonly identity: Identity;
  readonly batch: BatchStore;
  linker(): LinkerOptions[];
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

export function createAnalyticsClient(o: AnalyticsClientOptions): AnalyticsClient {
  const identity = new Identity(o.cookies, o.now, o.newId);
  const batch = new BatchStore(o.storage, undefined, o.batchKey);
  let trackSeq = Math.floor(o.now() % 1e6) * 1000;
  let linkers: LinkerOptions[] = [];
  /** Events of the batch POST under way, and whether it is a keepalive one (it outlives the page). */
  const inFlight = new Map<string, WireEvent>();
  let inFlightKeepalive = false;
  /** In-flight events that leave() took out of storage: put back if their POST fails. */
  const handedOff = new Set<string>();

  function build(type: EventType, event: string | undefined, properties: Record<string, unknown>): WireEvent {
    const page = o.page();
    const time = o.now();
    trackSeq += 1;
    const base =
      type === 'track' || type === 'track_signup'
        ? {
            $lib: 'js',
            $lib_version: LIB_VERSION,
            $url: page.url,
            $url_path: page.path,
            $title: page.title,
            $referrer: page.referrer,
            $screen_width: page.screenWidth,
            $screen_height: page.screenHeight,
            $is_first_day: identity.isFirstDay(),
          }
        : {};
    return {
      identities: identity.identities(),
      distinct_id: identity.distinctId,
      anonymous_id: identity.anonymousId,
      ...(identity.loginId ? { login_id: identity.loginId } : {}),
      lib: { $lib: 'js', $lib_method: 'code', $lib_version: LIB_VERSION },
      type,
      ...(event !== undefined ? { event } : {}),
      time,
      _track_id: trackSeq,
      properties: { ...base, ...properties },
    };
  }

  async function send(event: WireEvent): Promise<void> {
    if (o.debug) await o.transport.debug({ ...event, _flush_time: o.now() }).catch((e: unknown) => o.log(String(e)));
    if (o.sendType === 'batch') {
      batch.add(event);
      return;
    }
    await o.transport
      .single({ ...event, _flush_time: o.now() }, o.sendType)
      .catch((e: unknown) => o.log(`analytics send failed: ${String(e)}`));
  }

  const refuse = (problem: string) => {
    o.log(`analytics call refused: ${problem}`);
    return false;
  };

  return {
    identity,
    batch,
    linker: () => linkers,
    async apply(call) {
      switch (call.kind) {
        case 'track': {
          const bad = checkName(call.event, 'event') ?? checkProperties(call.properties);
          if (bad) return refuse(bad);
          await send(build('track', call.event, { ...call.properties }));
          return true;
        }
        case 'pageView':
          await send(
            build('track', '$pageview', {
              $url: call.url,
              $url_path: call.path ?? new URL(call.url, 'http://x').pathname,
              $title: call.title,
              $referrer: call.referrer,
            }),
          );
          return true;
        case 'login': {
          const bad = checkDistinctId(call.id);
          if (bad) return refuse(bad);
          const anonymous = identity.anonymousId;
          if (!identity.login(String(call.id))) return true;
          await send({ ...build('track_signup', '$SignUp', {}), original_id: anonymous });
          return true;
        }
        case 'logout':
          identity.logout();
          return true;
        case 'profileSet': {
          const bad = checkProperties(call.properties);
          if (bad) return refuse(bad);
          await send(build('profile_set', undefined, { ...call.properties }));
          return true;
        }
        case 'profileIncrement': {
          const bad = checkIncrement(call.properties);
          if (bad) return refuse(bad);
          await send(build('profile_increment', undefined, { ...call.properties }));
          return true;
        }
        case 'profileAppend': {
          const bad = checkAppend(call.properties);
          if (bad) return refuse(bad);
          await send(build('profile_append', undefined, { ...call.properties }));
          return true;
        }
        case 'setLinker': {
          const bad = checkLinker(call.options);
          if (bad) return refuse(bad);
          linkers = Array.isArray(call.options) ? call.options : [call.options];
          return true;
        }
      }
    },
    async flush() {
      const events = fitting(
        batch.peek(BATCH_SIZE).filter((e) => !inFlight.has(eventKey(e))),
        1,
      );
      if (events.length === 0) return 0;
      const stamped = events.map((e) => ({ ...e, _flush_time: o.now() }));
      for (const e of events) inFlight.set(eventKey(e), e);
      inFlightKeepalive = encodeBatch(stamped).length <= KEEPALIVE_BODY_MAX;
      try {
        await o.transport.batch(stamped);
        batch.remove(events);
      } catch (error) {
        // The page is still here, so what leave() took out for this POST goes back.
        const back = events.filter((e) => handedOff.has(eventKey(e)));
        if (back.length) batch.restore(back);
        // Kept in storage: the next flush (or the next page load) sends them.
        o.log(`analytics batch failed, kept ${batch.size()}: ${String(error)}`);
      } finally {
        for (const e of events) {
          inFlight.delete(eventKey(e));
          handedOff.delete(eventKey(e));
        }
      }
      return batch.size();
    },
    leave() {
      // A keepalive POST outlives the page like a beacon: the next load must not send it again.
      if (inFlightKeepalive && inFlight.size > 0) {
        const flying = [...inFlight.values()].filter((e) => !handedOff.has(eventKey(e)));
        batch.remove(flying);
        for (const e of flying) handedOff.add(eventKey(e));
      }
      let handed = 0;
      for (;;) {
        const waiting = batch.peek(Number.MAX_SAFE_INTEGER).filter((e) => !inFlight.has(eventKey(e)));
        const now = o.now();
        const chunk = fitting(
          waiting.map((e) => ({ ...e, _flush_time: now })),
          0,
        );
        if (chunk.length === 0) break;
        if (!o.transport.beaconBatch(chunk)) {
          // Refused (quota or no sendBeacon): they stay stored for the next load.
          o.log(`analytics beacon refused, kept ${waiting.length}`);
          break;
        }
        batch.remove(chunk);
        handed += chunk.length;
      }
      return handed;
    },
  };
}
