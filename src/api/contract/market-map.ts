import { type Static, Type } from '@sinclair/typebox';

import { Envelope } from './envelope';
import { CategoryId, ChanceGroupSchema } from './market-map-common';

/**
 * Marketing-map service, base /market_map_url (docs/rules/services.md#marketing-map). Every route below is signed with the
 * marketing-map signature (accountid = the adviser's sid, timestamp, nonce, sign) and acts for
 * the adviser the sid's session names; another adviser's customer, card or clue id is a 404.
 * Times are unix seconds; dates YYYY-MM-DD in business time (UTC+8); money in yuan.
 *
 *   POST /auth/work-wechat-login       (unsigned; exists) WeCom code → sid
 *   GET  /chance/categories            the 8 categories with group, enabled, demoted
 *   GET  /chance/type                  the four families with open-card counts per category
 *   GET  /chance/detail                one card: customer, stacked reasons, score parts, history
 *   GET  /chance/list                  cards by state (ignored → ignoreIndex, done, snoozed), cursor paging
 *   GET  /chance-card/list             the workbench: open cards, family/category/tag filter, order, cursor
 *   GET  /chance-card/user-list        my customers: tag, risk level, sort by AUM, cursor
 *   GET  /chance-card/tag-list         my customers' tags with counts
 *   GET  /chance-card/stats            today's numbers (table screen)
 *   POST /chance-card/check            mark a card viewed
 *   POST /chance-card/snooze           snooze until a date (or the next signal for the customer)
 *   GET  /clue/customer-chance         one customer: open card + open clues
 *   GET  /clue/list                    clues (tab 线索), state filter, cursor
 *   GET  /clue/behaviors               behaviour timeline of a customer, cursor
 *   GET  /clue-handle/options          handling outcomes
 *   POST /clue-handle/submit           outcome + note + next follow-up; idempotent by idempotency_key
 *   POST /clue-handle/set-handling     card or clue → handling
 *   POST /clue-handle/rank             team rank of handled/converted
 *   POST /search/keyword               customers, products, cards matching a keyword
 *   GET  /rule-settings/index          thresholds, categories on/off, daily cap, learned demotions
 *   POST /rule-settings/set            change any of them; clear demotions (undo)
 *   POST /feedback/cancel              ignore a card with a reason, or restore an ignored card
 *
 * /rule-settings/set is a POST (the spec lists it beside the GET index): it changes state.
 */

export * from './market-map-common';
export * from './market-map-constants';

export const ChanceCategory = Type.Object({
  category_id: CategoryId,
  group: ChanceGroupSchema,
  name: Type.String(),
  /** This adviser's switch (rule settings); absent on older servers means on. */
  enabled: Type.Optional(Type.Boolean()),
  /** Sunk in this adviser's order by ignore feedback (undo in rule settings). */
  demoted: Type.Optional(Type.Boolean()),
});
export type ChanceCategory = Static<typeof ChanceCategory>;

/** GET /market_map_url/chance/categories. */
export const ChanceCategoriesResponse = Envelope(Type.Object({ list: Type.Array(ChanceCategory) }));

/** GET /chance/type: the four families with the adviser's open-card counts. */
export const ChanceTypeCategoryCount = Type.Object({
  category_id: CategoryId,
  name: Type.String(),
  count: Type.Integer({ minimum: 0 }),
});
export const ChanceTypeItem = Type.Object({
  group: ChanceGroupSchema,
  name: Type.String(),
  count: Type.Integer({ minimum: 0 }),
  categories: Type.Array(ChanceTypeCategoryCount),
});
export type ChanceTypeItem = Static<typeof ChanceTypeItem>;
export const ChanceTypeData = Type.Object({
  list: Type.Array(ChanceTypeItem),
  /** Open cards in all families; waiting = held back by today's cap. */
  total: Type.Integer({ minimum: 0 }),
  waiting: Type.Integer({ minimum: 0 }),
  open_clues: Type.Integer({ minimum: 0 }),
});
export type ChanceTypeData = Static<typeof ChanceTypeData>;
export const ChanceTypeResponse = Envelope(ChanceTypeData);

export * from './market-map-cards';
export * from './market-map-clues';
export * from './market-map-customer';
export * from './market-map-materials';
export * from './market-map-products';
export * from './market-map-settings';
export * from './market-map-today';
