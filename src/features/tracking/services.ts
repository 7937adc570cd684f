import type { HeatmapConfig } from './analytics/context';
import type { AnalyticsCall, SendType } from './analytics/types';
import type { DeeplinkServices } from './deeplink';
import type { ErrorReporter, ReportBackend } from './errors/reporter';
import type { OwnTrackingApi } from './own/api';
import type { IdentitySources } from './own/identity';

/** sa-sdk-javascript and its local plugin, as the analytics saga calls them. */
export interface AnalyticsService {
  /** Runs one call on the SDK; false when it was refused (bad names or values) and nothing was sent. */
  apply(call: AnalyticsCall): boolean | Promise<boolean>;
  /** Sends up to one batch of stored events; how many are left. */
  flush(): Promise<number>;
  /** The page is hidden or unloading: the stored batch to sendBeacon (synchronously); how many were handed over. */
  leave(): number;
}

/** The loaded analytics chunk: the SDK as a service and the page hooks a saga turns into channels. */
export interface LoadedAnalytics {
  client: AnalyticsService;
  /** Starts auto-tracking; each tracked call goes to `record`, which settles once it is stored. Returns a stop. */
  autoTrack(record: (call: AnalyticsCall) => Promise<unknown>): () => void;
  /** Calls `left` when the page is hidden (visibilitychange) or unloading (pagehide). Returns a stop. */
  onPageLeave(left: () => void): () => void;
}

/** What the tracking sagas reach the outside through; src/app/services.ts builds the real ones. */
export interface TrackingServices {
  own: OwnTrackingApi;
  identitySources(): IdentitySources;
  /**
   * A saga that returns once no sign-in check is under way: the session feature's wait, handed in by the app,
   * since the session feature tracks its share taps and so cannot be imported from here.
   */
  signInSettled(): Iterator<unknown>;
  /** Resolves after the first paint, so the SDKs never compete with the first screen. */
  afterFirstPaint(): Promise<void>;
  analytics: {
    project: string;
    sendType: SendType;
    flushIntervalMs: number;
    heatmap: HeatmapConfig;
    pageProtocol: string;
    serverUrl: string;
    load(): Promise<LoadedAnalytics>;
    loadScript(src: string): Promise<void>;
  };
  errors: {
    reporter: ErrorReporter;
    /** null: no address in this environment. */
    load: (() => Promise<ReportBackend>) | null;
  };
  deeplink: DeeplinkServices;
  log(message: string): void;
}

declare module '@/store/services' {
  interface SagaServices {
    /** Own tracking, analytics, error reporting; absent in other features' tests. */
    tracking?: TrackingServices;
  }
}
