import { type Static, Type } from '@sinclair/typebox';

import { Envelope } from './envelope';
import { CardItem } from './market-map-cards';
import {
  DateText,
  Id,
  MaskedCustomer,
  NO_NUL,
  Page,
  pageParams,
  PriorityLevelSchema,
  UnixSeconds,
} from './market-map-common';
import { BEHAVIOUR_KINDS, CLUE_SOURCES, CLUE_STATES, HANDLE_OUTCOMES } from './market-map-constants';

const lit = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));
export const ClueStateSchema = lit(CLUE_STATES);
export const ClueSourceSchema = lit(CLUE_SOURCES);
export const BehaviourKindSchema = lit(BEHAVIOUR_KINDS);
export const HandleOutcomeSchema = lit(HANDLE_OUTCOMES);

/** A clue (线索): a lead to handle, also for people who are not yet customers (customer null). */
export const ClueItem = Type.Object({
  clue_id: Type.Integer(),
  /** hot: a follow-up is due or a live visitor left a number; warm: invited or a reader; cold: added by hand. */
  priority: PriorityLevelSchema,
  customer: Type.Union([MaskedCustomer, Type.Null()]),
  /** Masked like a customer's: 李*, 139****0001. */
  display_name: Type.String(),
  phone_masked: Type.String(),
  source: ClueSourceSchema,
  /** e.g. "直播《…》中留下手机号" */
  title: Type.String(),
  state: ClueStateSchema,
  created_at: UnixSeconds,
  next_follow_up: Type.Union([DateText, Type.Null()]),
  last_outcome: Type.Union([HandleOutcomeSchema, Type.Null()]),
});
export type ClueItem = Static<typeof ClueItem>;
export const CluePage = Page(ClueItem);
export type CluePage = Static<typeof CluePage>;

/** GET /clue/list: my clues, by priority then newest; state absent = open (new + handling). */
export const ClueListQuery = Type.Object(
  { state: Type.Optional(ClueStateSchema), ...pageParams },
  { additionalProperties: false },
);
export type ClueListQuery = Static<typeof ClueListQuery>;
export const ClueListResponse = Envelope(CluePage);

/** GET /clue/customer-chance?customer_id: one customer's open card and open clues. */
export const CustomerChanceQuery = Type.Object({ customer_id: Id }, { additionalProperties: false });
export type CustomerChanceQuery = Static<typeof CustomerChanceQuery>;
export const CustomerChance = Type.Object({
  customer: MaskedCustomer,
  card: Type.Union([CardItem, Type.Null()]),
  clues: Type.Array(ClueItem),
});
export type CustomerChance = Static<typeof CustomerChance>;
export const CustomerChanceResponse = Envelope(CustomerChance);

/** GET /clue/behaviors?customer_id: behaviour timeline, newest first. */
export const BehaviorsQuery = Type.Object({ customer_id: Id, ...pageParams }, { additionalProperties: false });
export type BehaviorsQuery = Static<typeof BehaviorsQuery>;
export const BehaviourItem = Type.Object({
  behaviour_id: Type.Integer(),
  kind: BehaviourKindSchema,
  /** e.g. "观看直播《…》23 分钟" */
  title: Type.String(),
  occurred_at: UnixSeconds,
  minutes: Type.Union([Type.Number(), Type.Null()]),
  seconds: Type.Union([Type.Integer(), Type.Null()]),
  /** Deepest scroll of a material_open read, 0-1; absent from older servers. */
  scroll_depth: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  /** live question text, search keyword… (plain text) */
  text: Type.Union([Type.String(), Type.Null()]),
  source_id: Type.Union([Type.String(), Type.Null()]),
});
export type BehaviourItem = Static<typeof BehaviourItem>;
export const BehaviourPage = Page(BehaviourItem);
export type BehaviourPage = Static<typeof BehaviourPage>;
export const BehaviorsResponse = Envelope(BehaviourPage);

/** GET /clue-handle/options: outcomes a handling may end with. */
export const HandleOption = Type.Object({ value: HandleOutcomeSchema, label: Type.String(), closes: Type.Boolean() });
export type HandleOption = Static<typeof HandleOption>;
export const HandleOptionsResponse = Envelope(Type.Object({ list: Type.Array(HandleOption) }));

/** Target of a handling: exactly one of card_id / clue_id. */
const Target = { card_id: Type.Optional(Id), clue_id: Type.Optional(Id) };

/**
 * POST /clue-handle/submit: idempotent by idempotency_key (the client makes one per submit and
 * resends it when queued offline): a repeat returns the first result and writes nothing.
 * A closing outcome moves the card/clue to done; follow_up/no_answer keep it handling.
 */
export const ClueHandleSubmitRequest = Type.Object(
  {
    idempotency_key: Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
    ...Target,
    outcome: HandleOutcomeSchema,
    note: Type.String({ maxLength: 500, pattern: NO_NUL }),
    next_follow_up: Type.Optional(DateText),
    /** When the adviser pressed submit (client clock), for the record; the server time rules. */
    submitted_at: Type.Optional(Type.Integer({ minimum: 0, maximum: 4102444800 })),
  },
  { additionalProperties: false },
);
export type ClueHandleSubmitRequest = Static<typeof ClueHandleSubmitRequest>;
export const ClueHandleResult = Type.Object({
  handle_id: Type.Integer(),
  card_id: Type.Union([Type.Integer(), Type.Null()]),
  clue_id: Type.Union([Type.Integer(), Type.Null()]),
  outcome: HandleOutcomeSchema,
  state: Type.String({ description: 'card or clue state after the submit' }),
  created_at: UnixSeconds,
  /** The follow-up date the card or clue now shows (null once it is closed). */
  next_follow_up: Type.Union([DateText, Type.Null()]),
  /** True when this key had been seen: nothing new was written. */
  duplicate: Type.Boolean(),
});
export type ClueHandleResult = Static<typeof ClueHandleResult>;
export const ClueHandleSubmitResponse = Envelope(ClueHandleResult);

/** POST /clue-handle/set-handling: card or clue → handling. */
export const SetHandlingRequest = Type.Object(Target, { additionalProperties: false });
export type SetHandlingRequest = Static<typeof SetHandlingRequest>;
export const SetHandlingResult = Type.Object({
  card_id: Type.Union([Type.Integer(), Type.Null()]),
  clue_id: Type.Union([Type.Integer(), Type.Null()]),
  state: Type.String(),
});
export type SetHandlingResult = Static<typeof SetHandlingResult>;
export const SetHandlingResponse = Envelope(SetHandlingResult);

/** POST /clue-handle/rank {period}: the team's handled and converted counts. */
export const RankRequest = Type.Object(
  { period: Type.Optional(Type.Union([Type.Literal('today'), Type.Literal('week'), Type.Literal('month')])) },
  { additionalProperties: false },
);
export type RankRequest = Static<typeof RankRequest>;
export const RankItem = Type.Object({
  rank: Type.Integer({ minimum: 1 }),
  adviser_name: Type.String(),
  is_me: Type.Boolean(),
  handled: Type.Integer({ minimum: 0 }),
  converted: Type.Integer({ minimum: 0 }),
});
export type RankItem = Static<typeof RankItem>;
export const RankData = Type.Object({
  period: Type.String(),
  list: Type.Array(RankItem),
  me: Type.Union([RankItem, Type.Null()]),
});
export type RankData = Static<typeof RankData>;
export const RankResponse = Envelope(RankData);
