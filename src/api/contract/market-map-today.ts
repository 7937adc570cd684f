import { type Static, Type } from '@sinclair/typebox';

import { Envelope } from './envelope';
import { CardItem, TierRule } from './market-map-cards';
import {
  CategoryId,
  ChanceGroupSchema,
  DateText,
  Id,
  MaskedCustomer,
  PriorityLevelSchema,
  ProductBrief,
  UnixSeconds,
} from './market-map-common';

/**
 * A product event that reached several of the adviser's holders (a NAV drop, a maturity…): one card that opens
 * its holders, instead of the same reason on every holder's card.
 */
export const ProductCardItem = Type.Object({
  product_card_id: Type.Integer(),
  category_id: CategoryId,
  group: ChanceGroupSchema,
  /** The event as on a holder's card, e.g. "恒信股票多头私募 将于 6 天后到期". */
  title: Type.String(),
  /** "恒信股票多头私募 将于 6 天后到期：你的 35 位持有客户". */
  headline: Type.String(),
  holders: Type.Integer({ minimum: 0 }),
  priority: PriorityLevelSchema,
  score: Type.Number({ minimum: 0, maximum: 100 }),
  tier_rule: TierRule,
  product: Type.Union([ProductBrief, Type.Null()]),
  released_at: Type.Union([UnixSeconds, Type.Null()]),
  updated_at: UnixSeconds,
});
export type ProductCardItem = Static<typeof ProductCardItem>;

/** One entry of 今日: a customer's card or a product card, best first. */
export const TodayItem = Type.Union([
  Type.Object({ kind: Type.Literal('customer'), card: CardItem }),
  Type.Object({ kind: Type.Literal('product'), product_card: ProductCardItem }),
]);
export type TodayItem = Static<typeof TodayItem>;

/** GET /chance-card/today: today's open released cards (pushed: at most the daily cap; and any pulled by hand), best first; filters as the list. */
export const TodayQuery = Type.Object(
  { group: Type.Optional(ChanceGroupSchema), category_id: Type.Optional(CategoryId) },
  { additionalProperties: false },
);
export type TodayQuery = Static<typeof TodayQuery>;
export const TodayList = Type.Object({
  date: Type.String(),
  daily_cap: Type.Integer({ minimum: 0 }),
  /** Pushed today by the engine, both kinds, whatever the filter (todayCounts: the cap's own count). */
  released_today: Type.Integer({ minimum: 0 }),
  /** Pulled in by hand from 待处理 today (提前处理), outside the cap. */
  pulled_today: Type.Integer({ minimum: 0 }),
  /** Today's open cards, whatever the filter: the unfiltered list's length (the tab's count). */
  count: Type.Integer({ minimum: 0 }),
  /** Cards waiting behind the cap (待处理). */
  waiting: Type.Integer({ minimum: 0 }),
  list: Type.Array(TodayItem),
});
export type TodayList = Static<typeof TodayList>;
export const TodayResponse = Envelope(TodayList);

/** GET /product-card/holders?product_card_id: the product card and the holders it reached. */
export const ProductHoldersQuery = Type.Object({ product_card_id: Id }, { additionalProperties: false });
export type ProductHoldersQuery = Static<typeof ProductHoldersQuery>;
export const ProductCardHolder = Type.Object({
  customer: MaskedCustomer,
  /** The holder's own open card, when there is one (it carries the event as one line). */
  open_card_id: Type.Union([Type.Integer(), Type.Null()]),
  /** The reason as it reads for this holder. */
  title: Type.String(),
  /**
   * The holder's position in the card's product, yuan: units × the NAV of \`nav_day\` (the customer card's 持仓市值
   * valuation); at cost while the product has no NAV yet. Null once the holder no longer holds it.
   */
  amount: Type.Union([Type.Number({ minimum: 0 }), Type.Null()]),
  /** The NAV day the amount is valued at; null when valued at cost or not held. */
  nav_day: Type.Union([DateText, Type.Null()]),
});
export type ProductCardHolder = Static<typeof ProductCardHolder>;
export const ProductHolders = Type.Object({ product_card: ProductCardItem, holders: Type.Array(ProductCardHolder) });
export type ProductHolders = Static<typeof ProductHolders>;
export const ProductHoldersResponse = Envelope(ProductHolders);
