import { type Static, Type } from '@sinclair/typebox';

import { REACH_OUTCOMES } from './market-map-reach';

/**
 * The workbench's own-tracking events (event.php): how each call went and each 发消息 that did not go out. The
 * usage report needs the outcome and the reason as codes; names and numbers never travel in them (the target is a
 * card, clue or customer id).
 */
export const WORKBENCH_EVENT_NAMES = {
  callOutcome: 'workbench_call_outcome',
  messageFailed: 'workbench_message_failed',
} as const;

/** Card, clue or customer, as the reach state keys them. */
const ReachTargetKey = Type.String({ pattern: '^(card|clue|customer):[1-9]\\d{0,9}$' });
/** A reason's code: WeCom's answer, the suitability verdict, or the request's failure (upper case). */
const ReasonCode = Type.String({ pattern: '^[A-Z][A-Z0-9_]{1,59}$' });

/** A call the bridge placed and the adviser told the outcome of, or one the bridge could not place. */
export const CallOutcomeEvent = Type.Object(
  {
    target: ReachTargetKey,
    outcome: Type.Union([...REACH_OUTCOMES.map((o) => Type.Literal(o)), Type.Literal('not_placed')]),
    /** Only when not placed: why. */
    reason_code: Type.Optional(ReasonCode),
  },
  { additionalProperties: false },
);
export type CallOutcomeEvent = Static<typeof CallOutcomeEvent>;

/** A 发消息 the adviser confirmed that did not reach the customer. */
export const MessageFailedEvent = Type.Object(
  {
    target: ReachTargetKey,
    kind: Type.Union([Type.Literal('material'), Type.Literal('text')]),
    reason_code: ReasonCode,
  },
  { additionalProperties: false },
);
export type MessageFailedEvent = Static<typeof MessageFailedEvent>;

/** What event.php checks each named event's data against; other names are free-form. */
export const WORKBENCH_EVENT_DATA = {
  [WORKBENCH_EVENT_NAMES.callOutcome]: CallOutcomeEvent,
  [WORKBENCH_EVENT_NAMES.messageFailed]: MessageFailedEvent,
} as const;
