import { type Static, Type } from '@sinclair/typebox';

import { phoneAndCode, PhoneRegion } from './auth';
import { Envelope } from './envelope';
import { UserInfo } from './user';

/*
 * Five calls docs/rules/services.md names without shapes; the shapes are designed here for the screens that use them.
 *
 * Phone regions (the pickers on /login and on the registration form of /wechatH5):
 * - POST /smart-live/smart-service/api/common/phone_region {} → { list: PhoneRegion[] }: every region the
 *   SMS gateway reaches, with its dialling code and national-number lengths (the form checks a number's
 *   length before sending; the server checks the same list).
 * - GET /live-api/cs-live-app/api/common/opconfig?key=liveCommonPhoneRegion (auth.ts) → { key, value: { codes } }:
 *   operations' choice of which of those regions the pickers offer, in order, the first being the default.
 *   A picker shows phone_region's regions in opconfig's order; without the config (unreachable, or naming
 *   no known region) it shows phone_region's whole list, mainland China first.
 *
 * Codes and sign-in:
 * - POST /smart-live/smart-service/api/id/auth/checkCode {region, phone, code} (phone and code RSA-encrypted
 *   like every sign-in field) → { valid: true, expires_in }: the SMS code checked before signing in, without
 *   using it up, so a wrong code is the code field's message and the sign-in itself is sent only with a good
 *   one. A wrong code counts toward the code's 5 tries (100420); a used, expired or exhausted one is 100421.
 * - POST /live-api/cs-live-app/api/common/sendPhoneCode {region, phone}: the app's own code send, used by
 *   /login inside the firm's app web views; the same rules, limits and answer as send_phone_code (one code
 *   store: a code sent by either signs in through either).
 * - POST /live-api/cs-live-app/api/id/auth/info_open_wealth {region, phone, code, from}: sign-in from the
 *   wealth app's web view (from = wenoahRnWebview | wexiaoRnWebview, docs/rules/roles.md#application-identifiers): the code is checked and used
 *   as info_mobile_login does and the account opened when the phone is new → UserInfo plus
 *   { app: 'smile' | 'wna' (the application identifier for that web view, docs/rules/roles.md#application-identifiers), opened: true when the
 *   account was created by this sign-in }.
 *
 * Visitors:
 * - POST /live-api/cs-live-app/api/live/interact/general_id {} → { general_id, issued_at }: an id for a
 *   person who is not signed in, issued by the server (`g`, 9 characters of time, 17 random: time-ordered, about 88 random bits),
 *   kept by the page as its device id (storage key uuids) and reported as the guest's uuid in own tracking.
 *   Unsigned-in only in intent: a signed-in caller gets one too, and its own id stays what it reports.
 */

export const PhoneRegionListRequest = Type.Object({}, { additionalProperties: false });
export const PhoneRegionList = Type.Object({ list: Type.Array(PhoneRegion) });
export type PhoneRegionList = Static<typeof PhoneRegionList>;
export const PhoneRegionListResponse = Envelope(PhoneRegionList);

export const CheckCodeRequest = Type.Object(phoneAndCode, { additionalProperties: false });
export type CheckCodeRequest = Static<typeof CheckCodeRequest>;
export const CodeChecked = Type.Object({
  valid: Type.Literal(true),
  /** Seconds the code stays usable for the sign-in. */
  expires_in: Type.Integer({ minimum: 0 }),
});
export type CodeChecked = Static<typeof CodeChecked>;
export const CheckCodeResponse = Envelope(CodeChecked);

/** The firm's app web views of docs/rules/roles.md#contexts. */
export const AppWebView = Type.Union([Type.Literal('wenoahRnWebview'), Type.Literal('wexiaoRnWebview')]);
export type AppWebView = Static<typeof AppWebView>;

export const OpenWealthRequest = Type.Object({ ...phoneAndCode, from: AppWebView }, { additionalProperties: false });
export type OpenWealthRequest = Static<typeof OpenWealthRequest>;
export const OpenWealthLogin = Type.Intersect([
  UserInfo,
  Type.Object({ app: Type.Union([Type.Literal('smile'), Type.Literal('wna')]), opened: Type.Boolean() }),
]);
export type OpenWealthLogin = Static<typeof OpenWealthLogin>;
export const OpenWealthResponse = Envelope(OpenWealthLogin);

/** Visitor ids as general_id issues them. */
export const GENERAL_ID_PATTERN = '^g[0-9a-z]{26}$';
export const GeneralIdRequest = Type.Object({}, { additionalProperties: false });
export const GeneralId = Type.Object({
  general_id: Type.String({ pattern: GENERAL_ID_PATTERN }),
  /** Unix seconds. */
  issued_at: Type.Integer(),
});
export type GeneralId = Static<typeof GeneralId>;
export const GeneralIdResponse = Envelope(GeneralId);
