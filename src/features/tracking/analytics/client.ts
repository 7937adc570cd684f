import { BatchStore, type KeyValue } from './persist';
import { Identity, type CookieJar } from './identity';
import { checkAppend, checkDistinctId, checkIncrement, checkLinker, checkName, checkProperties } from './names';
import type { Transport } from './transport';
import type { AnalyticsCall, EventType, LinkerOptions, PageInfo, SendType, WireEvent } from './types';

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
  readonly identity: Identity;
  readonly batch: BatchStore;
  linker(): LinkerOptions[];
}

export function createAnalyticsClient(o: AnalyticsClientOptions): AnalyticsClient {
  const identity = new Identity(o.cookies, o.now, o.newId);
  const batch = new BatchStore(o.storage, undefined, o.batchKey);
  let trackSeq = Math.floor(o.now() % 1e6) * 1000;
  let linkers: LinkerOptions[] = [];

  function build(type: EventType, event: string | undefined, properties: Record<string, unknown>): WireEvent {
    const page = o.page();
    const time = o.now();
    trackSeq += 1;
    const base = type === 'track' || type === 'track_signup'
      ? { $lib: 'js', $lib_version: LIB_VERSION, $url: page.url, $url_path: page.path, $title: page.title, $referrer: page.referrer,
          $screen_width: page.screenWidth, $screen_height: page.screenHeight, $is_first_day: identity.isFirstDay() }
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
    await o.transport.single({ ...event, _flush_time: o.now() }, o.sendType).catch((e: unknown) => o.log(`analytics send failed: ${String(e)}`));
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
          await send(build('track', '$pageview', { $url: call.url, $url_path: call.path ?? new URL(call.url, 'http://x').pathname, $title: call.title, $referrer: call.referrer }));
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
      const events = batch.peek(BATCH_SIZE);
      if (events.length === 0) return 0;
      try {
        await o.transport.batch(events.map((e) => ({ ...e, _flush_time: o.now() })));
        batch.remove(events);
      } catch (error) {
        // Kept in storage: the next flush (or the next page load) sends them.
        o.log(`analytics batch failed, kept ${batch.size()}: ${String(error)}`);
      }
      return batch.size();
    },
  };
}
