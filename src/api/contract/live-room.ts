import { type Static, Type } from '@sinclair/typebox';

import { Envelope } from './envelope';
import { LEAVE_MESSAGE_MAX } from './live-constants';
import { LiveDetail } from './lives';
import { NullableHoldMark } from './policy-holds';
import { PRODUCT_RISK_LEVELS } from './product-risk-constants';

/** Live app interact calls (docs/rules/services.md#live-app): room details, authentication, products, banners, minutes. */

const NumIndex = Type.Integer({ minimum: 1 });
const EmployeeId = Type.String({ minLength: 1, maxLength: 64 });
/** A fund's product-master level (R1-R5), or null where there is none. */
const ProductLevelOrNone = Type.Union([...PRODUCT_RISK_LEVELS.map((level) => Type.Literal(level)), Type.Null()]);

/** POST /api/live/interact/getDetail: the live plus whether an authentication step stands before its room. */
export const InteractDetailRequest = Type.Object(
  { num_index: NumIndex, employee_id: EmployeeId },
  { additionalProperties: false },
);
export type InteractDetailRequest = Static<typeof InteractDetailRequest>;
/** Why the gate stays shut, each with how to fix it: the same tests as the store's private funds. */
export const InteractAuthRefusal = Type.Union([
  Type.Literal('not_signed_in'),
  Type.Literal('not_qualified'),
  Type.Literal('not_assessed'),
  Type.Literal('expired'),
  Type.Literal('too_low'),
]);
export type InteractAuthRefusal = Static<typeof InteractAuthRefusal>;
export const InteractAuth = Type.Object({
  required: Type.Union([Type.Literal('qualified_investor'), Type.Null()]),
  passed: Type.Boolean(),
  /** Null when passed or nothing is required. */
  refusal: Type.Union([InteractAuthRefusal, Type.Null()]),
  /** The reason in words with the way to fix it (sign in, declare, assess); empty when passed. */
  message: Type.String(),
  /** The highest level among the room's private funds (from the product master); null without any. */
  product_level: ProductLevelOrNone,
});
export type InteractAuth = Static<typeof InteractAuth>;
export const InteractDetail = Type.Object({ live: LiveDetail, auth: InteractAuth });
export type InteractDetail = Static<typeof InteractDetail>;
export const InteractDetailResponse = Envelope(InteractDetail);

/**
 * POST api/live/interact/authentication: the signed-in viewer declares their qualification (basis and
 * amount, held against the rule by the server) or, with neither, asks the gate again with the one on
 * record (e.g. after assessing). The room opens only when the qualification is on record and the assessed
 * level matches the room's private funds.
 */
export const InteractAuthRequest = Type.Object(
  {
    num_index: NumIndex,
    employee_id: EmployeeId,
    confirmed: Type.Literal(true),
    basis: Type.Optional(Type.Union([Type.Literal('assets'), Type.Literal('income')])),
    amount: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000_000 })),
  },
  { additionalProperties: false },
);
export type InteractAuthRequest = Static<typeof InteractAuthRequest>;
/** What a viewer declares at the gate: the rule's test and the amount in yuan. */
export type QualificationDeclaration = Required<Pick<InteractAuthRequest, 'basis' | 'amount'>>;
export const InteractAuthResponse = Envelope(InteractAuth);

/** POST api/live/interact/decline: "我不符合": recorded, and the viewer leaves for the public content. */
export const InteractDeclineRequest = Type.Object(
  { num_index: NumIndex, employee_id: EmployeeId },
  { additionalProperties: false },
);
export type InteractDeclineRequest = Static<typeof InteractDeclineRequest>;
export const InteractDeclined = Type.Object({ recorded: Type.Boolean() });
export type InteractDeclined = Static<typeof InteractDeclined>;
export const InteractDeclineResponse = Envelope(InteractDeclined);

/** getProductLiveInfo / getMarketingPosition / getLiveMinutes take the live only. */
export const LiveOnlyRequest = Type.Object({ num_index: NumIndex }, { additionalProperties: false });
export type LiveOnlyRequest = Static<typeof LiveOnlyRequest>;

export const LiveProduct = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: Type.Union([
    Type.Literal('public'),
    Type.Literal('private'),
    Type.Literal('insurance'),
    Type.Literal('activity'),
  ]),
  /** The fund's code in the product master (a banner's: the fund it promotes); null for insurance. */
  code: Type.Union([Type.String(), Type.Null()]),
  /** The product master's level (R1-R5) read by code; null when the row is not a fund. */
  risk_level: ProductLevelOrNone,
  highlight: Type.String(),
  /** The store's product id of the same fund (by code): its detail page, with risk and disclosures; null when the store has none. */
  detail_id: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
});
export type LiveProduct = Static<typeof LiveProduct>;
export const LiveProductList = Type.Object({ list: Type.Array(LiveProduct) });
export type LiveProductList = Static<typeof LiveProductList>;
export const LiveProductListResponse = Envelope(LiveProductList);

/** Live minutes (summaryView): key points by offset into the replay. */
export const LiveMinute = Type.Object({
  id: Type.Integer(),
  offset_seconds: Type.Integer({ minimum: 0 }),
  title: Type.String(),
  summary: Type.String(),
});
export type LiveMinute = Static<typeof LiveMinute>;
export const LiveMinutes = Type.Object({
  num_index: Type.Integer(),
  title: Type.String(),
  list: Type.Array(LiveMinute),
});
export type LiveMinutes = Static<typeof LiveMinutes>;
export const LiveMinutesResponse = Envelope(LiveMinutes);

/** POST /chat-group/act/leave-message: a question left for the live's presenters. */
export const LeaveMessageRequest = Type.Object(
  {
    num_index: NumIndex,
    employee_id: EmployeeId,
    real_name: Type.String({ maxLength: 64 }),
    content: Type.String({ minLength: 1, maxLength: LEAVE_MESSAGE_MAX }),
  },
  { additionalProperties: false },
);
export type LeaveMessageRequest = Static<typeof LeaveMessageRequest>;
export const LeaveMessage = Type.Object({
  id: Type.Integer(),
  num_index: Type.Integer(),
  real_name: Type.String(),
  content: Type.String(),
  created_at: Type.Integer({ description: 'unix seconds' }),
  /** Only its writer reads a held or rejected message (待合规审核 / 未通过); the list shows others none of them. */
  hold: NullableHoldMark,
});
export type LeaveMessage = Static<typeof LeaveMessage>;
export const LeaveMessageResponse = Envelope(LeaveMessage);

/** POST /chat-group/act/leave-message/list: newest first. */
export const LeaveMessageListRequest = Type.Object({ num_index: NumIndex }, { additionalProperties: false });
export const LeaveMessageList = Type.Object({ list: Type.Array(LeaveMessage), total: Type.Integer({ minimum: 0 }) });
export type LeaveMessageList = Static<typeof LeaveMessageList>;
export const LeaveMessageListResponse = Envelope(LeaveMessageList);
