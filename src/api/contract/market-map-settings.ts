import { type Static, Type } from '@sinclair/typebox';

import { Envelope } from './envelope';
import { CardItem } from './market-map-cards';
import { CategoryId, MaskedCustomer, NO_NUL, ProductBrief, UnixSeconds } from './market-map-common';

const Money = (max: number) => Type.Integer({ minimum: 0, maximum: max });

/** The adviser's thresholds (firm defaults in DEFAULT_RULE_SETTINGS). */
export const RuleThresholds = Type.Object({
  inflow_min: Money(100_000_000),
  outflow_min: Money(100_000_000),
  large_change_min: Money(1_000_000_000),
  nav_fall_pct: Type.Integer({ minimum: 1, maximum: 50 }),
  nav_fall_days: Type.Integer({ minimum: 1, maximum: 30 }),
  maturity_days: Type.Integer({ minimum: 1, maximum: 60 }),
  watch_minutes: Type.Integer({ minimum: 1, maximum: 240 }),
  read_seconds: Type.Integer({ minimum: 1, maximum: 3600 }),
  daily_cap: Type.Integer({ minimum: 1, maximum: 500 }),
});
export type RuleThresholds = Static<typeof RuleThresholds>;

/** A category this adviser's feedback sank: why, since when; undo by clearing it. */
export const Demotion = Type.Object({
  category_id: CategoryId,
  name: Type.String(),
  ignored_count: Type.Integer({ minimum: 0 }),
  since: UnixSeconds,
  /** Score points taken off this category's cards. */
  penalty: Type.Number(),
});
export type Demotion = Static<typeof Demotion>;

export const RuleSettings = Type.Object({
  thresholds: RuleThresholds,
  /** Categories switched on (1-8); an off category makes no new cards. */
  enabled_categories: Type.Array(CategoryId),
  demotions: Type.Array(Demotion),
  updated_at: Type.Union([UnixSeconds, Type.Null()]),
});
export type RuleSettings = Static<typeof RuleSettings>;
export const RuleSettingsResponse = Envelope(RuleSettings);

/** POST /rule-settings/set: any subset; clear_demotions undoes learned demotions. Answers the whole settings. */
export const RuleSettingsSetRequest = Type.Object(
  {
    thresholds: Type.Optional(Type.Partial(RuleThresholds, { additionalProperties: false })),
    enabled_categories: Type.Optional(Type.Array(CategoryId, { maxItems: 8, uniqueItems: true })),
    clear_demotions: Type.Optional(Type.Array(CategoryId, { minItems: 1, maxItems: 8, uniqueItems: true })),
  },
  { additionalProperties: false },
);
export type RuleSettingsSetRequest = Static<typeof RuleSettingsSetRequest>;

/** POST /search/keyword: customers (name, masked-phone tail, tag), products (code, name), cards (reason text). */
export const SearchKeywordRequest = Type.Object(
  {
    keyword: Type.String({ minLength: 1, maxLength: 30, pattern: NO_NUL }),
    kinds: Type.Optional(
      Type.Array(Type.Union([Type.Literal('customer'), Type.Literal('product'), Type.Literal('card')]), {
        minItems: 1,
        maxItems: 3,
        uniqueItems: true,
      }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
  },
  { additionalProperties: false },
);
export type SearchKeywordRequest = Static<typeof SearchKeywordRequest>;
/** [start, end) character ranges of the match in the shown text, for highlighting. */
export const Highlight = Type.Array(Type.Tuple([Type.Integer({ minimum: 0 }), Type.Integer({ minimum: 0 })]));
export const SearchResult = Type.Object({
  customers: Type.Array(
    Type.Object({
      customer: MaskedCustomer,
      matched_field: Type.String(),
      matched_text: Type.String(),
      highlight: Highlight,
    }),
  ),
  products: Type.Array(Type.Object({ product: ProductBrief, matched_text: Type.String(), highlight: Highlight })),
  cards: Type.Array(Type.Object({ card: CardItem, matched_text: Type.String(), highlight: Highlight })),
});
export type SearchResult = Static<typeof SearchResult>;
export const SearchKeywordResponse = Envelope(SearchResult);
