import { type Static, Type } from '@sinclair/typebox';

import { Envelope } from './envelope';
import { Id, NO_NUL, UnixSeconds } from './market-map-common';
import { SendFailureSchema, SendOffer, SendText } from './market-map-send';

/**
 * Reaching the customer from a card, a clue or the customer's page. Adviser routes, signed (sid):
 *   POST /chance/reach/call       a one-time call link through the firm's number (the full number stays on the server)
 *   GET  /chance/reach/bridge/:token   the local call bridge: dials once, a second use is refused
 *   POST /chance/reach/message    the WeCom external contact to open a chat with (recorded); with `text`, the plain
 *                                 message the adviser chose, through the content policy, pending on the trail
 *   POST /chance/reach/message-result   what WeCom answered for that text: sent or not, and why (on the trail)
 *   POST /chance/reach/outcome    how the call went, recorded against the card or clue
 *   GET  /chance/reach/recent     the latest contacts with this card, clue or customer
 */

export const REACH_OUTCOMES = ['connected', 'no_answer', 'callback', 'busy', 'wrong_number'] as const;
export type ReachOutcome = (typeof REACH_OUTCOMES)[number];
export const REACH_OUTCOME_NAMES: Record<ReachOutcome, string> = {
  connected: '接通',
  no_answer: '未接通',
  callback: '约定回访',
  busy: '占线/挂断',
  wrong_number: '号码有误',
};

/** Exactly one of card, clue or customer names who is reached; the server checks the adviser serves them. */
const Target = {
  card_id: Type.Optional(Id),
  clue_id: Type.Optional(Id),
  customer_id: Type.Optional(Id),
};

export const ReachCallRequest = Type.Object(Target, { additionalProperties: false });
export type ReachCallRequest = Static<typeof ReachCallRequest>;
export const ReachCall = Type.Object({
  call_id: Id,
  /** Opens the firm's call bridge once; it expires after CALL_LINK_TTL_S. */
  link: Type.String(),
  expires_at: UnixSeconds,
  /** Who is called, masked (138****5678): enough to recognise, not to dial. */
  phone_masked: Type.String(),
  display_name: Type.String(),
});
export type ReachCall = Static<typeof ReachCall>;
export const ReachCallResponse = Envelope(ReachCall);

export const ReachBridged = Type.Object({ call_id: Id, message: Type.String() });
export type ReachBridged = Static<typeof ReachBridged>;
export const ReachBridgeResponse = Envelope(ReachBridged);

export const ReachMessageRequest = Type.Object(
  { ...Target, text: Type.Optional(SendText), offer: Type.Optional(SendOffer) },
  { additionalProperties: false },
);
export type ReachMessageRequest = Static<typeof ReachMessageRequest>;
export const ReachMessage = Type.Object({
  contact_id: Id,
  customer_id: Id,
  /** The WeCom external contact id openEnterpriseChat takes. */
  external_user_id: Type.String(),
  display_name: Type.String(),
});
export type ReachMessage = Static<typeof ReachMessage>;
export const ReachMessageResponse = Envelope(ReachMessage);

export const ReachMessageResultRequest = Type.Object(
  { contact_id: Id, ok: Type.Boolean(), reason: Type.Optional(SendFailureSchema) },
  { additionalProperties: false },
);
export type ReachMessageResultRequest = Static<typeof ReachMessageResultRequest>;
export const ReachMessageResult = Type.Object({ recorded: Type.Boolean() });
export const ReachMessageResultResponse = Envelope(ReachMessageResult);

export const ReachOutcomeRequest = Type.Object(
  {
    call_id: Id,
    outcome: Type.Union(REACH_OUTCOMES.map((o) => Type.Literal(o))),
    note: Type.Optional(Type.String({ maxLength: 200, pattern: NO_NUL })),
  },
  { additionalProperties: false },
);
export type ReachOutcomeRequest = Static<typeof ReachOutcomeRequest>;

export const ReachContact = Type.Object({
  contact_id: Id,
  kind: Type.Union([Type.Literal('call'), Type.Literal('message')]),
  card_id: Type.Union([Id, Type.Null()]),
  clue_id: Type.Union([Id, Type.Null()]),
  customer_id: Type.Union([Id, Type.Null()]),
  outcome: Type.Union([Type.Union(REACH_OUTCOMES.map((o) => Type.Literal(o))), Type.Null()]),
  note: Type.String(),
  started_at: UnixSeconds,
});
export type ReachContact = Static<typeof ReachContact>;
export const ReachOutcomeResponse = Envelope(ReachContact);

export const ReachRecentQuery = Type.Object(Target, { additionalProperties: false });
export type ReachRecentQuery = Static<typeof ReachRecentQuery>;
export const ReachRecent = Type.Object({ list: Type.Array(ReachContact) });
export type ReachRecent = Static<typeof ReachRecent>;
export const ReachRecentResponse = Envelope(ReachRecent);
