import { type Static, Type } from '@sinclair/typebox';

import { Envelope } from './envelope';
import {
  CardStateSchema,
  CategoryId,
  ChanceGroupSchema,
  DateText,
  Id,
  IgnoreReasonSchema,
  MaskedCustomer,
  NO_NUL,
  Page,
  pageParams,
  PriorityLevelSchema,
  ProductBrief,
  TagText,
  UnixSeconds,
} from './market-map-common';

/** One reason on a card: a signal a rule produced from facts (newest first on the card). */
export const CardReason = Type.Object({
  signal_id: Type.Integer(),
  category_id: CategoryId,
  category_name: Type.String(),
  /** e.g. "转入资金 ¥120,000.00" / "观看直播 23 分钟" / "直播提问：…" */
  title: Type.String(),
  occurred_at: UnixSeconds,
  amount: Type.Union([Type.Number(), Type.Null()]),
  product: Type.Union([ProductBrief, Type.Null()]),
});
export type CardReason = Static<typeof CardReason>;

/** "Why this card": the parts of the 0-100 score, as stored when the score was computed. */
export const ScoreParts = Type.Object({
  amount: Type.Number({ description: 'amount against AUM, 0-40' }),
  recency: Type.Number({ description: 'newest reason age, 0-25' }),
  behaviour: Type.Number({ description: 'behaviour intensity and stacked reasons, 0-20' }),
  tier: Type.Number({ description: 'customer tier, 0-15' }),
  /** Negative when the adviser's feedback sank the category. */
  feedback: Type.Number(),
});
export type ScoreParts = Static<typeof ScoreParts>;

/**
 * The adviser's 热/温/冷 score lines the card's tier was read against (the engine calibrates them each business day
 * from the cards the cap pushed: 热 the day's best few, 温 down to the day's push line). Every card states them.
 */
export const TierRule = Type.Object({
  /** 热 from this score up. */
  hot_min: Type.Number({ minimum: 0, maximum: 100 }),
  /** 温 from this score up to hot_min; 冷 below. */
  warm_min: Type.Number({ minimum: 0, maximum: 100 }),
  /** The business day whose pushed cards set the lines; null: not calibrated yet (the default lines). */
  calibrated_on: Type.Union([DateText, Type.Null()]),
});
export type TierRule = Static<typeof TierRule>;

export const CardItem = Type.Object({
  card_id: Type.Integer(),
  customer: MaskedCustomer,
  state: CardStateSchema,
  /** Category of the newest reason; the card's family follows it. */
  category_id: CategoryId,
  group: ChanceGroupSchema,
  priority: PriorityLevelSchema,
  score: Type.Number({ minimum: 0, maximum: 100 }),
  tier_rule: TierRule,
  score_parts: ScoreParts,
  /** Newest first; the list carries at most 3, detail all. */
  reasons: Type.Array(CardReason),
  reason_count: Type.Integer({ minimum: 0 }),
  created_at: UnixSeconds,
  /** When the newest reason stacked on (the "time" order). */
  updated_at: UnixSeconds,
  /** When the card passed the daily cap and reached the workbench; null while waiting. */
  released_at: Type.Union([UnixSeconds, Type.Null()]),
  viewed_at: Type.Union([UnixSeconds, Type.Null()]),
  snooze_until: Type.Union([DateText, Type.Null()]),
  /** The follow-up date set at the last handling (business day), until the card closes. */
  next_follow_up: Type.Union([DateText, Type.Null()]),
  ignore_reason: Type.Union([IgnoreReasonSchema, Type.Null()]),
  ignore_text: Type.Union([Type.String(), Type.Null()]),
  closed_at: Type.Union([UnixSeconds, Type.Null()]),
});
export type CardItem = Static<typeof CardItem>;
export const CardPage = Page(CardItem);
export type CardPage = Static<typeof CardPage>;

/** GET /chance-card/list: the workbench's open cards (new, viewed, handling) released by the cap. */
export const CardListQuery = Type.Object(
  {
    group: Type.Optional(ChanceGroupSchema),
    category_id: Type.Optional(CategoryId),
    /** Comma-separated customer tags (any of them), e.g. "高净值,新客". */
    tags: Type.Optional(Type.String({ maxLength: 200, pattern: NO_NUL })),
    order: Type.Optional(Type.Union([Type.Literal('priority'), Type.Literal('time')])),
    ...pageParams,
  },
  { additionalProperties: false },
);
export type CardListQuery = Static<typeof CardListQuery>;
export const CardListResponse = Envelope(CardPage);

/** GET /chance/list: cards by state for ignoreIndex (ignored), done and snoozed lists; newest change first. */
export const ChanceListQuery = Type.Object(
  {
    state: Type.Union([
      Type.Literal('ignored'),
      Type.Literal('done'),
      Type.Literal('snoozed'),
      Type.Literal('waiting'),
    ]),
    category_id: Type.Optional(CategoryId),
    ...pageParams,
  },
  { additionalProperties: false },
);
export type ChanceListQuery = Static<typeof ChanceListQuery>;
export const ChanceListResponse = Envelope(CardPage);

/** A step in a card's life (who did what, when). */
export const CardEvent = Type.Object({
  at: UnixSeconds,
  kind: Type.Union([
    Type.Literal('created'),
    Type.Literal('stacked'),
    Type.Literal('released'),
    Type.Literal('viewed'),
    Type.Literal('handling'),
    Type.Literal('done'),
    Type.Literal('ignored'),
    Type.Literal('restored'),
    Type.Literal('snoozed'),
    Type.Literal('resurfaced'),
    /** Let in from 待处理 by the adviser's hand (提前处理), outside the daily cap. */
    Type.Literal('pulled'),
  ]),
  note: Type.Union([Type.String(), Type.Null()]),
});
export type CardEvent = Static<typeof CardEvent>;

/** GET /chance/detail?card_id: the whole card. */
export const ChanceDetailQuery = Type.Object({ card_id: Id }, { additionalProperties: false });
export type ChanceDetailQuery = Static<typeof ChanceDetailQuery>;
export const ChanceDetail = Type.Object({
  ...CardItem.properties,
  events: Type.Array(CardEvent),
  /** The last handling submitted for this card, if any. */
  handling: Type.Union([
    Type.Object({
      outcome: Type.String(),
      note: Type.String(),
      next_follow_up: Type.Union([DateText, Type.Null()]),
      at: UnixSeconds,
    }),
    Type.Null(),
  ]),
});
export type ChanceDetail = Static<typeof ChanceDetail>;
export const ChanceDetailResponse = Envelope(ChanceDetail);

/** POST /chance-card/check {card_id}: new → viewed (other states unchanged). */
export const CardCheckRequest = Type.Object({ card_id: Id }, { additionalProperties: false });
export type CardCheckRequest = Static<typeof CardCheckRequest>;
export const CardStateResult = Type.Object({
  card_id: Type.Integer(),
  state: CardStateSchema,
  snooze_until: Type.Union([DateText, Type.Null()]),
});
export type CardStateResult = Static<typeof CardStateResult>;
export const CardCheckResponse = Envelope(CardStateResult);

/** POST /chance-card/snooze {card_id, until}: hidden until that date or the customer's next signal, whichever first. */
export const CardSnoozeRequest = Type.Object({ card_id: Id, until: DateText }, { additionalProperties: false });
export type CardSnoozeRequest = Static<typeof CardSnoozeRequest>;
export const CardSnoozeResponse = Envelope(CardStateResult);

/** GET /chance-card/user-list: my customers. */
export const UserListQuery = Type.Object(
  {
    tag: Type.Optional(TagText),
    risk_level: Type.Optional(
      Type.Union([
        Type.Literal('C1'),
        Type.Literal('C2'),
        Type.Literal('C3'),
        Type.Literal('C4'),
        Type.Literal('C5'),
        Type.Literal('none'),
      ]),
    ),
    order: Type.Optional(Type.Union([Type.Literal('aum_desc'), Type.Literal('aum_asc'), Type.Literal('recent')])),
    ...pageParams,
  },
  { additionalProperties: false },
);
export type UserListQuery = Static<typeof UserListQuery>;
export const UserListItem = Type.Object({
  ...MaskedCustomer.properties,
  open_card_id: Type.Union([Type.Integer(), Type.Null()]),
  open_clue_count: Type.Integer({ minimum: 0 }),
});
export type UserListItem = Static<typeof UserListItem>;
export const UserPage = Page(UserListItem);
export type UserPage = Static<typeof UserPage>;
export const UserListResponse = Envelope(UserPage);

/** GET /chance-card/tag-list: tags on my customers, most used first. */
export const TagItem = Type.Object({ tag: Type.String(), count: Type.Integer({ minimum: 0 }) });
export type TagItem = Static<typeof TagItem>;
export const TagListResponse = Envelope(Type.Object({ list: Type.Array(TagItem) }));

/** GET /chance-card/stats: today's numbers (business day) for the table screen. */
export const CardStatsRow = Type.Object({
  category_id: CategoryId,
  name: Type.String(),
  new: Type.Integer({ minimum: 0 }),
  viewed: Type.Integer({ minimum: 0 }),
  handling: Type.Integer({ minimum: 0 }),
  done: Type.Integer({ minimum: 0 }),
  ignored: Type.Integer({ minimum: 0 }),
  snoozed: Type.Integer({ minimum: 0 }),
  waiting: Type.Integer({ minimum: 0 }),
  /** Reached the workbench today (released: pushed or pulled), customer and product cards of the category. */
  created_today: Type.Integer({ minimum: 0 }),
  handled_today: Type.Integer({ minimum: 0 }),
  converted_today: Type.Integer({ minimum: 0 }),
});
export type CardStatsRow = Static<typeof CardStatsRow>;
export const CardStats = Type.Object({
  date: DateText,
  rows: Type.Array(CardStatsRow),
  daily_cap: Type.Integer(),
  /** Pushed by the engine today (todayCounts, the cap's own count). */
  released_today: Type.Integer(),
  /** Pulled in by hand from 待处理 today (outside the cap). Σ rows.created_today = released_today + pulled_today. */
  pulled_today: Type.Integer({ minimum: 0 }),
});
export type CardStats = Static<typeof CardStats>;
export const CardStatsResponse = Envelope(CardStats);

/** POST /feedback/cancel: ignore a card with a reason (other needs text), or restore an ignored card. */
export const FeedbackCancelRequest = Type.Union([
  Type.Object(
    {
      card_id: Id,
      action: Type.Literal('ignore'),
      reason: IgnoreReasonSchema,
      text: Type.Optional(Type.String({ maxLength: 200, pattern: NO_NUL })),
    },
    { additionalProperties: false },
  ),
  Type.Object({ card_id: Id, action: Type.Literal('restore') }, { additionalProperties: false }),
]);
export type FeedbackCancelRequest = Static<typeof FeedbackCancelRequest>;
export const FeedbackCancelResult = Type.Object({
  ...CardStateResult.properties,
  /** True when this ignore just sank the category in the adviser's order (the screen says so; undo in settings). */
  category_demoted: Type.Boolean(),
});
export type FeedbackCancelResult = Static<typeof FeedbackCancelResult>;
export const FeedbackCancelResponse = Envelope(FeedbackCancelResult);
