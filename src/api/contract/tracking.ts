import { type Static, Type } from '@sinclair/typebox';

import { Envelope } from './envelope';

/**
 * Behaviour-analytics collector (Sensors Data wire format, see TOOLCHAIN.md): the image GET
 * and the form POST carry `data` (base64 of UTF-8 JSON) and `ext` ("crc=<java hash of data>");
 * a batch POST carries `data_list` (base64 of a JSON array). A beacon arrives as text/plain.
 */
export const AnalyticsPayload = Type.Object({
  data: Type.Optional(Type.String({ maxLength: 500_000 })),
  ext: Type.Optional(Type.String({ maxLength: 200 })),
  data_list: Type.Optional(Type.String({ maxLength: 1_000_000 })),
  gzip: Type.Optional(Type.String()),
  project: Type.Optional(Type.String({ maxLength: 64 })),
});
export type AnalyticsPayload = Static<typeof AnalyticsPayload>;
export const AnalyticsAck = Envelope(Type.Object({ received: Type.Integer({ minimum: 0 }) }));

export { analyticsCrc } from './tracking-wire';

/** GET /sdk/deeplink/param: app wake-up parameters, or errorMsg. */
export const DeeplinkQuery = Type.Object({
  key: Type.Optional(Type.String({ maxLength: 128 })),
  system_type: Type.Optional(Type.String({ maxLength: 16 })),
  project: Type.Optional(Type.String({ maxLength: 64 })),
});
export type DeeplinkQuery = Static<typeof DeeplinkQuery>;

const PlatformInfo = Type.Object({
  url_schemes: Type.String(),
  download_url: Type.String(),
  ios_wake_url: Type.Optional(Type.String()),
});
export const DeeplinkParams = Type.Object({
  app_key: Type.String(),
  android_info: PlatformInfo,
  ios_info: PlatformInfo,
});
export type DeeplinkParams = Static<typeof DeeplinkParams>;
export const DeeplinkResponse = Type.Union([DeeplinkParams, Type.Object({ errorMsg: Type.String() })]);
export type DeeplinkResponse = Static<typeof DeeplinkResponse>;

/** POST /error-report/api/{project}/envelope/: the error-reporting SDK's envelope, acknowledged with its id. */
export const ErrorReportAck = Type.Object({ id: Type.String() });

/**
 * Own tracking (docs/rules/data.md#own-tracking-fields, docs/rules/services.md#own-tracking): POST event.php {event_name, event_data} and fast.php
 * {method, params}, each with the common fields of docs/rules/data.md#own-tracking-fields beside them.
 */
export const OwnTrackingCommon = Type.Object({
  product_source: Type.Integer(),
  project_source: Type.Union([Type.Literal(2), Type.Literal(3)]),
  channel_source: Type.Union([Type.Literal(43), Type.Literal(46)]),
  project_uid: Type.String({ maxLength: 128 }),
  project_utype: Type.Union([Type.Literal(1), Type.Literal(4)]),
  is_analyst: Type.Union([Type.Literal(0), Type.Literal(1)]),
  count_type: Type.Integer({ minimum: 0, maximum: 99 }),
  version: Type.String({ pattern: '^\\d+\\.\\d+\\.\\d+$' }),
  userid: Type.String({ maxLength: 128 }),
  uuid: Type.String({ maxLength: 128 }),
  timestamp: Type.Integer({ minimum: 1_000_000_000, maximum: 9_999_999_999 }),
  product_uid: Type.String({ maxLength: 128 }),
});
export type OwnTrackingCommon = Static<typeof OwnTrackingCommon>;

export const OwnEventRequest = Type.Composite([
  OwnTrackingCommon,
  Type.Object({
    event_name: Type.String({ minLength: 1, maxLength: 100 }),
    event_data: Type.Record(Type.String(), Type.Unknown()),
  }),
]);
export type OwnEventRequest = Static<typeof OwnEventRequest>;

export const OwnFastRequest = Type.Composite([
  OwnTrackingCommon,
  Type.Object({
    method: Type.String({ minLength: 1, maxLength: 100 }),
    params: Type.Record(Type.String(), Type.Unknown()),
  }),
]);
export type OwnFastRequest = Static<typeof OwnFastRequest>;

/** The stored event's id: the data of OwnTrackingAck, and what the client checks. */
export const OwnTrackingAckData = Type.Object({ id: Type.Integer() });
export type OwnTrackingAckData = Static<typeof OwnTrackingAckData>;
export const OwnTrackingAck = Envelope(OwnTrackingAckData);
export type OwnTrackingAck = Static<typeof OwnTrackingAck>;
