/** The analytics call and wire types (the Sensors Data web SDK's event shape, see docs/tracking.md). */
export type PropertyValue = string | number | boolean | null | string[] | Date;
export type Properties = Record<string, PropertyValue>;

/** One event as the SDK built it; the local batch keeps it as it is and keys it by track id and time. */
export interface WireEvent {
  _track_id: number;
  time: number;
  _flush_time?: number;
  [field: string]: unknown;
}

/** How a single event leaves: image GET, form POST, beacon; or kept and sent as a batch (the local plugin). */
export type SendType = 'image' | 'ajax' | 'beacon' | 'batch';

/** One call made on the SDK; sagas carry these in actions, so they are plain data. */
export type AnalyticsCall =
  | { kind: 'track'; event: string; properties?: Properties }
  | { kind: 'pageView'; url: string; path?: string; title: string; referrer: string }
  | { kind: 'login'; id: string }
  | { kind: 'logout' }
  | { kind: 'profileSet'; properties: Properties }
  | { kind: 'profileIncrement'; properties: Record<string, number> }
  | { kind: 'profileAppend'; properties: Record<string, string | string[]> };
