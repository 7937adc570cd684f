import {
  checkAppend,
  checkDistinctId,
  checkIncrement,
  checkName,
  checkProperties,
} from '../../../api/contract/analytics-names';
import type { AnalyticsCall, WireEvent } from './types';

/** What an interceptor may do with the event it was handed (the SDK's InterceptorContext). */
export interface InterceptorContext {
  cancellationToken: { stop(): void };
}
/** The SDK's send stage hands over the built event; its view stage an auto-tracked tap. */
export interface SendStep {
  data: WireEvent;
}
export interface TapStep {
  props: Record<string, unknown>;
}
type Entry<T> = { priority: number; entry: (step: T, context: InterceptorContext) => T | void };

/** A plugin as `sensors.use` takes it. */
export interface SdkPlugin {
  plugin_name: string;
  plugin_version?: string;
  init(sdk: SensorsSdk): void;
}

/**
 * The part of sa-sdk-javascript the app calls. Its own typings leave out the plugin hooks
 * (`registerInterceptor`, `lib_version`) and type `use` by name only.
 */
export interface SensorsSdk {
  lib_version: string;
  init(para: Record<string, unknown>): void;
  use(plugin: SdkPlugin): unknown;
  registerInterceptor(stage: 'sendDataStage', interceptors: { send: Entry<SendStep> }): void;
  registerInterceptor(stage: 'viewStage', interceptors: { webClickEvent: Entry<TapStep> }): void;
  track(event: string, properties?: object): void;
  login(id: string): void;
  logout(): void;
  setProfile(properties: object): void;
  incrementProfile(properties: object): void;
  appendProfile(properties: object): void;
}

/** Why a call is refused (logged, not sent: spec'd as "logged only"), or null when the SDK may take it. */
export function callProblem(call: AnalyticsCall): string | null {
  switch (call.kind) {
    case 'track':
      return checkName(call.event, 'event') ?? checkProperties(call.properties);
    case 'login':
      return checkDistinctId(call.id);
    case 'profileSet':
      return checkProperties(call.properties);
    case 'profileIncrement':
      return checkIncrement(call.properties);
    case 'profileAppend':
      return checkAppend(call.properties);
    default:
      return null;
  }
}

/** One call on the SDK; false when it was refused and nothing reached the SDK. */
export function applyCall(sdk: SensorsSdk, call: AnalyticsCall, log: (m: string) => void): boolean {
  const problem = callProblem(call);
  if (problem) {
    log(`analytics call refused: ${problem}`);
    return false;
  }
  switch (call.kind) {
    case 'track':
      sdk.track(call.event, { ...call.properties });
      break;
    case 'pageView':
      // The address the person arrived at, not the one the SDK would read now: a queued view replays later.
      sdk.track('$pageview', {
        $url: call.url,
        $url_path: call.path ?? new URL(call.url, 'http://x').pathname,
        $title: call.title,
        $referrer: call.referrer,
      });
      break;
    case 'login':
      sdk.login(String(call.id));
      break;
    case 'logout':
      sdk.logout();
      break;
    case 'profileSet':
      sdk.setProfile({ ...call.properties });
      break;
    case 'profileIncrement':
      sdk.incrementProfile({ ...call.properties });
      break;
    case 'profileAppend':
      sdk.appendProfile({ ...call.properties });
      break;
  }
  return true;
}
