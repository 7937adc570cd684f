import { type Static, Type } from '@sinclair/typebox';

import { Envelope } from './envelope';
import { BehaviourKindSchema } from './market-map-clues';
import {
  DateText,
  Id,
  MaskedCustomer,
  Page,
  pageParams,
  ProductBrief,
  Suitability,
  UnixSeconds,
} from './market-map-common';

/**
 * The customer card's facts, /market_map_url/card-detail/* (docs/rules/services.md#marketing-map). All GET, signed
 * like every marketing-map route; the adviser is the sid's. Every call names one customer by
 * `customer_id`; another adviser's customer (or one that does not exist) is a 404. Names and
 * phones are masked as in lists; the full phone never leaves the server. Money in yuan, times
 * unix seconds, days YYYY-MM-DD (UTC+8).
 *
 *   GET /card-detail/aum                     ?customer_id              AUM, holdings' market value, split by kind and risk, 30-day change
 *   GET /card-detail/user-fund-trend         ?customer_id&period       daily market value of the holdings (1M | 3M | 6M | 1Y; default 3M)
 *   GET /card-detail/get-multi-product       ?customer_id              every holding with its risk level against the customer's
 *   GET /card-detail/get-product             ?customer_id&product_id   one product for this customer: holding (or null), NAV, suitability
 *   GET /card-detail/transaction-info        ?customer_id&kind?&cursor?&limit?  transactions, newest first, cursor paging
 *   GET /card-detail/multi-transaction-info  ?customer_id&product_ids?&days?    per-product totals (subscribed, redeemed, dividends)
 *   GET /card-detail/get-transfer            ?customer_id&direction?&days?&cursor?&limit?  bank transfers in/out (money flow), paged
 *   GET /card-detail/get-behavior            ?customer_id&days?        behaviour summary: counts by kind, live minutes, reading seconds and depth
 *   GET /card-detail/bonus-info              ?customer_id              dividends received (12 months) and per product
 *
 * `days` is 1-365 (default 90 for transfers, 30 for behaviour, 365 for totals).
 */

const Days = Type.Integer({ minimum: 1, maximum: 365 });
const CustomerOnly = Type.Object({ customer_id: Id }, { additionalProperties: false });

export const AumQuery = CustomerOnly;
export type AumQuery = Static<typeof AumQuery>;
export const AumSlice = Type.Object({
  key: Type.String(),
  name: Type.String(),
  value: Type.Number(),
  share: Type.Number({ minimum: 0, maximum: 1 }),
});
export type AumSlice = Static<typeof AumSlice>;
export const CustomerAum = Type.Object({
  customer: MaskedCustomer,
  /** Total assets on the valuation date as_of: the holdings' market value plus cash and other assets; ≥ holdings_value. */
  aum: Type.Number(),
  /** Market value of the holdings at the latest NAV. */
  holdings_value: Type.Number(),
  /** The valuation date of aum and holdings_value (the latest NAV day); null without holdings. */
  as_of: Type.Union([DateText, Type.Null()]),
  by_kind: Type.Array(AumSlice),
  by_risk: Type.Array(AumSlice),
  /** Holdings' value change over 30 days (same holdings), null when there is no earlier value. */
  change_30d: Type.Union([Type.Object({ value: Type.Number(), percent: Type.Number() }), Type.Null()]),
  risk_assessed_on: Type.Union([DateText, Type.Null()]),
});
export type CustomerAum = Static<typeof CustomerAum>;
export const AumResponse = Envelope(CustomerAum);

export const FUND_TREND_PERIODS = ['1M', '3M', '6M', '1Y'] as const;
export type FundTrendPeriod = (typeof FUND_TREND_PERIODS)[number];
export const UserFundTrendQuery = Type.Object(
  { customer_id: Id, period: Type.Optional(Type.Union(FUND_TREND_PERIODS.map((p) => Type.Literal(p)))) },
  { additionalProperties: false },
);
export type UserFundTrendQuery = Static<typeof UserFundTrendQuery>;
export const FundTrend = Type.Object({
  customer_id: Type.Integer(),
  period: Type.String(),
  /** One point a trading day, oldest first: value = Σ shares × NAV of the holdings held that day. */
  points: Type.Array(Type.Object({ day: DateText, value: Type.Number() })),
  change: Type.Union([Type.Number(), Type.Null()]),
  change_pct: Type.Union([Type.Number(), Type.Null()]),
});
export type FundTrend = Static<typeof FundTrend>;
export const UserFundTrendResponse = Envelope(FundTrend);

export const HoldingItem = Type.Object({
  product: ProductBrief,
  shares: Type.Number(),
  cost: Type.Number(),
  nav: Type.Union([Type.Number(), Type.Null()]),
  nav_day: Type.Union([DateText, Type.Null()]),
  /** 7-day annualised yield in percent (money funds). */
  yield_7d: Type.Union([Type.Number(), Type.Null()]),
  market_value: Type.Number(),
  profit: Type.Number(),
  profit_pct: Type.Union([Type.Number(), Type.Null()]),
  since: UnixSeconds,
  /** Whether this product would be suitable for the customer today (holding it may predate the rule or the expiry). */
  suitability: Suitability,
});
export type HoldingItem = Static<typeof HoldingItem>;

export const MultiProductQuery = CustomerOnly;
export type MultiProductQuery = Static<typeof MultiProductQuery>;
export const MultiProduct = Type.Object({
  customer: MaskedCustomer,
  list: Type.Array(HoldingItem),
  total_value: Type.Number(),
});
export type MultiProduct = Static<typeof MultiProduct>;
export const MultiProductResponse = Envelope(MultiProduct);

export const ProductQuery = Type.Object({ customer_id: Id, product_id: Id }, { additionalProperties: false });
export type ProductQuery = Static<typeof ProductQuery>;
export const CustomerProduct = Type.Object({
  customer: MaskedCustomer,
  product: Type.Intersect([ProductBrief, Type.Object({ benchmark: Type.String() })]),
  holding: Type.Union([HoldingItem, Type.Null()]),
  nav: Type.Union([Type.Number(), Type.Null()]),
  nav_day: Type.Union([DateText, Type.Null()]),
  nav_change_30d_pct: Type.Union([Type.Number(), Type.Null()]),
  suitability: Suitability,
});
export type CustomerProduct = Static<typeof CustomerProduct>;
export const ProductResponse = Envelope(CustomerProduct);

export const TRANSACTION_KINDS = ['subscribe', 'redeem', 'dividend', 'transfer_in', 'transfer_out'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];
const TransactionKindSchema = Type.Union(TRANSACTION_KINDS.map((k) => Type.Literal(k)));
export const TransactionInfoQuery = Type.Object(
  {
    customer_id: Id,
    kind: Type.Optional(TransactionKindSchema),
    ...pageParams,
  },
  { additionalProperties: false },
);
export type TransactionInfoQuery = Static<typeof TransactionInfoQuery>;
export const TransactionItem = Type.Object({
  transaction_id: Type.Integer(),
  kind: TransactionKindSchema,
  amount: Type.Number(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('confirmed'), Type.Literal('failed')]),
  occurred_at: UnixSeconds,
  product: Type.Union([ProductBrief, Type.Null()]),
});
export type TransactionItem = Static<typeof TransactionItem>;
export const TransactionPage = Page(TransactionItem);
export type TransactionPage = Static<typeof TransactionPage>;
export const TransactionInfoResponse = Envelope(TransactionPage);

export const MultiTransactionQuery = Type.Object(
  {
    customer_id: Id,
    /** Comma-separated product ids (at most 20, each 1-2147483647); absent: every product the customer traded. */
    product_ids: Type.Optional(Type.String({ pattern: '^[1-9]\\d{0,9}(,[1-9]\\d{0,9}){0,19}$', maxLength: 219 })),
    days: Type.Optional(Days),
  },
  { additionalProperties: false },
);
export type MultiTransactionQuery = Static<typeof MultiTransactionQuery>;
export const ProductTradeSummary = Type.Object({
  product: ProductBrief,
  subscribed: Type.Number(),
  redeemed: Type.Number(),
  dividends: Type.Number(),
  count: Type.Integer({ minimum: 0 }),
  last_at: Type.Union([UnixSeconds, Type.Null()]),
});
export type ProductTradeSummary = Static<typeof ProductTradeSummary>;
export const MultiTransaction = Type.Object({
  customer_id: Type.Integer(),
  days: Type.Integer(),
  list: Type.Array(ProductTradeSummary),
});
export type MultiTransaction = Static<typeof MultiTransaction>;
export const MultiTransactionResponse = Envelope(MultiTransaction);

export const TransferQuery = Type.Object(
  {
    customer_id: Id,
    direction: Type.Optional(Type.Union([Type.Literal('in'), Type.Literal('out')])),
    days: Type.Optional(Days),
    ...pageParams,
  },
  { additionalProperties: false },
);
export type TransferQuery = Static<typeof TransferQuery>;
export const TransferItem = Type.Object({
  transfer_id: Type.Integer(),
  direction: Type.Union([Type.Literal('in'), Type.Literal('out')]),
  amount: Type.Number(),
  bank: Type.String(),
  occurred_at: UnixSeconds,
});
export type TransferItem = Static<typeof TransferItem>;
export const TransferPage = Type.Object({
  ...Page(TransferItem).properties,
  /** Totals over the whole window (all pages). */
  total_in: Type.Number(),
  total_out: Type.Number(),
  days: Type.Integer(),
});
export type TransferPage = Static<typeof TransferPage>;
export const TransferResponse = Envelope(TransferPage);

export const BehaviorSummaryQuery = Type.Object(
  { customer_id: Id, days: Type.Optional(Days) },
  { additionalProperties: false },
);
export type BehaviorSummaryQuery = Static<typeof BehaviorSummaryQuery>;
export const BehaviorSummary = Type.Object({
  customer_id: Type.Integer(),
  days: Type.Integer(),
  counts: Type.Array(Type.Object({ kind: BehaviourKindSchema, count: Type.Integer({ minimum: 0 }) })),
  live_minutes: Type.Number(),
  questions: Type.Array(Type.Object({ text: Type.String(), occurred_at: UnixSeconds })),
  materials_read: Type.Integer({ minimum: 0 }),
  read_seconds: Type.Integer({ minimum: 0 }),
  /** Average deepest scroll of the reads, 0-1; null without reads. */
  avg_depth: Type.Union([Type.Number(), Type.Null()]),
  last_at: Type.Union([UnixSeconds, Type.Null()]),
});
export type BehaviorSummary = Static<typeof BehaviorSummary>;
export const BehaviorSummaryResponse = Envelope(BehaviorSummary);

export const BonusQuery = CustomerOnly;
export type BonusQuery = Static<typeof BonusQuery>;
export const BonusInfo = Type.Object({
  customer_id: Type.Integer(),
  total_12m: Type.Number(),
  list: Type.Array(
    Type.Object({
      transaction_id: Type.Integer(),
      product: Type.Union([ProductBrief, Type.Null()]),
      amount: Type.Number(),
      occurred_at: UnixSeconds,
    }),
  ),
  by_product: Type.Array(
    Type.Object({ product: ProductBrief, amount: Type.Number(), count: Type.Integer({ minimum: 0 }) }),
  ),
});
export type BonusInfo = Static<typeof BonusInfo>;
export const BonusResponse = Envelope(BonusInfo);
