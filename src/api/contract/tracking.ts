import { Type, type Static } from '@sinclair/typebox';
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

/** The crc the SDK puts in `ext`: Java's String.hashCode of the base64 text. */
export function analyticsCrc(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = ((h << 5) - h + text.charCodeAt(i)) | 0;
  return h;
}

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
