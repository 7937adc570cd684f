import { type Static, Type } from '@sinclair/typebox';

import { Envelope } from './envelope';
import { CardItem, CardPage } from './market-map-cards';
import { Id, pageParams } from './market-map-common';

/**
 * 待处理, the backlog: customer cards the daily cap has not let onto the workbench yet.
 *
 *   GET  /chance-card/waiting   the waiting cards, best first, cursor paging, with why they wait
 *   POST /chance-card/pull      提前处理: the adviser lets one waiting card in by hand
 *
 * A card pulled by hand is the adviser's choice, not a push: it does not count against the daily cap (the cap bounds
 * what the engine pushes; see docs/workbench.md).
 */
export const WaitingQuery = Type.Object({ ...pageParams }, { additionalProperties: false });
export type WaitingQuery = Static<typeof WaitingQuery>;
export const WaitingPage = Type.Object({
  ...CardPage.properties,
  daily_cap: Type.Integer({ minimum: 0 }),
  /** Cards the engine pushed today (customer and product cards, not those pulled by hand): todayCounts. */
  pushed_today: Type.Integer({ minimum: 0 }),
  /** Why the cards wait, e.g. "今日已推送 10 条，达到每日上限". */
  why: Type.String(),
});
export type WaitingPage = Static<typeof WaitingPage>;
export const WaitingResponse = Envelope(WaitingPage);

export const PullRequest = Type.Object({ card_id: Id }, { additionalProperties: false });
export type PullRequest = Static<typeof PullRequest>;
export const PullResult = Type.Object({ card: CardItem, pushed_today: Type.Integer({ minimum: 0 }) });
export type PullResult = Static<typeof PullResult>;
export const PullResponse = Envelope(PullResult);
