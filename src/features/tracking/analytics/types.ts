/** The analytics client's wire and call types (Sensors Data web SDK event shape, TOOLCHAIN.md). */
export type PropertyValue = string | number | boolean | null | string[] | Date;
export type Properties = Record<string, PropertyValue>;

export interface LinkerOptions {
  part_url: string;
  after_hash: boolean;
}

export type EventType =
  'track' | 'track_signup' | 'profile_set' | 'profile_increment' | 'profile_append' | 'track_id_unbind';

export interface WireEvent {
  identities: Record<string, string>;
  distinct_id: string;
  anonymous_id: string;
  login_id?: string;
  original_id?: string;
  lib: { $lib: 'js'; $lib_method: 'code'; $lib_version: string };
  type: EventType;
  event?: string;
  time: number;
  _track_id: number;
  _flush_time?: number;
  properties: Record<string, unknown>;
}

/** How a single event leaves: image GET, form POST, beacon; or collected and sent as a batch. */
export type SendType = 'image' | 'ajax' | 'beacon' | 'batch';

/** One call made on the client; sagas carry these in actions, so they are plain data. */
export type AnalyticsCall =
  | { kind: 'track'; event: string; properties?: Properties }
  | { kind: 'pageView'; url: string; path?: string; title: string; referrer: string }
  | { kind: 'login'; id: string }
  | { kind: 'logout' }
  | { kind: 'profileSet'; properties: Properties }
  | { kind: 'profileIncrement'; properties: Record<string, number> }
  | { kind: 'profileAppend'; properties: Record<string, string | string[]> }
  | { kind: 'setLinker'; options: LinkerOptions | LinkerOptions[] };

/** Page facts added to every event; read by the caller (never by the client itself). */
export interface PageInfo {
  url: string;
  path: string;
  title: string;
  referrer: string;
  screenWidth: number;
  screenHeight: number;
}
