import { type Static, Type } from '@sinclair/typebox';

import { Envelope } from './envelope';
import { DateText, Id, MaskedCustomer, Page, pageParams, ProductBrief, UnixSeconds } from './market-map-common';
import { PRODUCT_KINDS } from './market-map-constants';
import { RecipientPage } from './market-map-materials';

/**
 * The workbench's product screens:
 *
 *   GET  /sold_fund/:kind/:product_id?          products my customers hold, by kind ('all' or a product kind);
 *                                                with product_id: that product only, plus its holders among my customers
 *   GET  /product_monitor/list/:id?             without id: held products with NAV moves and maturities (alerts first);
 *                                                with id: one product's series, benchmark, drawdown and my holders
 *   GET  /monetary-fund/index                    idle money-fund balances and 7-day yields: customers to talk to, cursor
 *   GET  /chance/effect-list-projects            ongoing lives and meetings with their effect among my customers, cursor
 *   GET  /share/product/recipients?product_id=   my customers with the suitability verdict and contact budget for that product
 *   POST /share/product                          (adviser-signed) a share code for one customer's product page, checked and audited
 *   POST /share/product/record                   the WeCom send's answer for a share link: only a confirmed send spends the contact
 *   GET  /share/product-page?code=               (unsigned, public) the page's data: product, disclosures, adviser card; the
 *                                                performance only for the customer it was made for (their token), else the public view
 *
 * The benchmark series is derived on the server from seeded NAVs (see server/repositories/marketing-products.ts).
 */

const lit = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));
const Num = Type.Number();
const NullableNum = Type.Union([Type.Number(), Type.Null()]);

/** A series point: [YYYY-MM-DD, value]. */
export const SeriesPoint = Type.Tuple([DateText, Type.Number()]);
export type SeriesPoint = Static<typeof SeriesPoint>;

/** 'nav': unit NAV; 'yield': a money fund's 7-day annualised yield in percent. */
export const SeriesKind = lit(['nav', 'yield'] as const);
export type SeriesKind = Static<typeof SeriesKind>;

/** One of my customers holding a product: masked, with the position. */
export const ProductHolder = Type.Object({
  customer: MaskedCustomer,
  amount: Type.Number({ description: 'position at the latest NAV, yuan' }),
  cost: Num,
  since: DateText,
  /** Risk of the product above the customer's level (or unassessed): worth a suitability talk. */
  mismatch: Type.Boolean(),
});
export type ProductHolder = Static<typeof ProductHolder>;

export const SoldFundKind = lit(['all', ...PRODUCT_KINDS] as const);
export const SoldFundParams = Type.Object({ kind: SoldFundKind, product_id: Type.Optional(Id) });
export type SoldFundParams = Static<typeof SoldFundParams>;

export const SoldFundItem = Type.Object({
  product: ProductBrief,
  holders: Type.Integer({ minimum: 0 }),
  amount: Num,
  /** Subscriptions by my customers in the last 30 days, yuan. */
  bought_30d: Num,
  latest_value: NullableNum,
  series_kind: SeriesKind,
});
export type SoldFundItem = Static<typeof SoldFundItem>;
export const SoldFundData = Type.Object({
  list: Type.Array(SoldFundItem),
  /** Only with a product id: that product's holders among my customers, largest first. */
  holders: Type.Union([Type.Array(ProductHolder), Type.Null()]),
});
export type SoldFundData = Static<typeof SoldFundData>;
export const SoldFundResponse = Envelope(SoldFundData);

export const MonitorParams = Type.Object({ id: Type.Optional(Id) });
export const MonitorItem = Type.Object({
  product: ProductBrief,
  series_kind: SeriesKind,
  latest_day: Type.Union([DateText, Type.Null()]),
  latest_value: NullableNum,
  /** Percent; for yields the change in percentage points. */
  change_1d: NullableNum,
  change_5d: NullableNum,
  /** Days to maturity (closed-end), negative once matured. */
  maturity_in_days: Type.Union([Type.Integer(), Type.Null()]),
  /** The adviser's NAV-fall threshold over its window was crossed / maturity within the window. */
  alert: Type.Union([lit(['nav_fall', 'maturity'] as const), Type.Null()]),
  holders: Type.Integer({ minimum: 0 }),
  amount: Num,
});
export type MonitorItem = Static<typeof MonitorItem>;
export const MonitorListData = Type.Object({ list: Type.Array(MonitorItem) });

export const Drawdown = Type.Object({
  pct: Num,
  peak_day: Type.Union([DateText, Type.Null()]),
  trough_day: Type.Union([DateText, Type.Null()]),
});
export type Drawdown = Static<typeof Drawdown>;
export const ProductDetail = Type.Object({
  product: ProductBrief,
  series_kind: SeriesKind,
  series: Type.Array(SeriesPoint),
  benchmark: Type.Union([Type.Object({ name: Type.String(), series: Type.Array(SeriesPoint) }), Type.Null()]),
  /** Since launch (the client recomputes it for the chosen period). */
  max_drawdown: Drawdown,
  holders: Type.Array(ProductHolder),
  holders_total: Type.Integer({ minimum: 0 }),
});
export type ProductDetail = Static<typeof ProductDetail>;
/** Without an id: { list }; with one: the product's detail. */
export const MonitorData = Type.Union([MonitorListData, ProductDetail]);
export type MonitorData = Static<typeof MonitorData>;
export const MonitorResponse = Envelope(MonitorData);

export const MoneyFundQuery = Type.Object({ ...pageParams });
export type MoneyFundQuery = Static<typeof MoneyFundQuery>;
export const IdleBalance = Type.Object({
  customer: MaskedCustomer,
  /** Money-fund position (idle cash), yuan. */
  idle: Num,
  /** Idle money against AUM, 0-1. */
  idle_share: Num,
  funds: Type.Array(
    Type.Object({ product_id: Type.Integer(), name: Type.String(), amount: Num, yield_7d: NullableNum }),
  ),
  /** Days since the customer's last contact. */
  days_since_contact: Type.Union([Type.Integer(), Type.Null()]),
});
export type IdleBalance = Static<typeof IdleBalance>;
export const MoneyFundPage = Type.Intersect([
  Page(IdleBalance),
  Type.Object({
    /** Sum over all my customers, and each money fund's latest 7-day yield. */
    idle_total: Num,
    yields: Type.Array(Type.Object({ product_id: Type.Integer(), name: Type.String(), day: DateText, yield_7d: Num })),
  }),
]);
export type MoneyFundPage = Static<typeof MoneyFundPage>;
export const MoneyFundResponse = Envelope(MoneyFundPage);

export const EffectQuery = Type.Object({ ...pageParams });
export type EffectQuery = Static<typeof EffectQuery>;
export const EffectProject = Type.Object({
  live_id: Type.Integer(),
  kind: lit(['live', 'meeting'] as const),
  title: Type.String(),
  status: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
  start_time: UnixSeconds,
  end_time: UnixSeconds,
  /** Among my customers only. */
  viewers: Type.Integer({ minimum: 0 }),
  subscribers: Type.Integer({ minimum: 0 }),
  questions: Type.Integer({ minimum: 0 }),
  /** Up to 3 of my customers who engaged most, masked. */
  top: Type.Array(Type.Object({ customer_id: Type.Integer(), display_name: Type.String(), what: Type.String() })),
});
export type EffectProject = Static<typeof EffectProject>;
export const EffectPage = Page(EffectProject);
export type EffectPage = Static<typeof EffectPage>;
export const EffectResponse = Envelope(EffectPage);

/** Which customer-facing page a share code opens. */
export const SharePage = lit(['rate', 'public'] as const);
export type SharePage = Static<typeof SharePage>;
/** A share link is made for one customer: the same suitability and budget decision a material forward gets. */
export const ShareCreateRequest = Type.Object(
  { product_id: Id, page: SharePage, customer_id: Id },
  { additionalProperties: false },
);
export type ShareCreateRequest = Static<typeof ShareCreateRequest>;
export const ShareCode = Type.String({ minLength: 10, maxLength: 200, pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$' });
export const ShareCreated = Type.Object({
  code: ShareCode,
  page: SharePage,
  expires_at: UnixSeconds,
  title: Type.String(),
  desc: Type.String(),
  /** The link's row: the WeCom send's answer is recorded against it. */
  share_id: Id,
  customer: MaskedCustomer,
});
export type ShareCreated = Static<typeof ShareCreated>;
export const ShareCreateResponse = Envelope(ShareCreated);

export const ShareRecipientsQuery = Type.Object(
  {
    product_id: Id,
    keyword: Type.Optional(Type.String({ maxLength: 20, pattern: '^[^\\u0000]*$' })),
    ...pageParams,
  },
  { additionalProperties: false },
);
export type ShareRecipientsQuery = Static<typeof ShareRecipientsQuery>;
export const ShareRecipientsResponse = Envelope(RecipientPage);

export const ShareLinkRecordRequest = Type.Object(
  { share_id: Id, api: Type.String({ maxLength: 40, pattern: '^[A-Za-z]+$' }), ok: Type.Boolean() },
  { additionalProperties: false },
);
export type ShareLinkRecordRequest = Static<typeof ShareLinkRecordRequest>;
export const ShareLinkRecorded = Type.Object({ recorded: Type.Integer() });
export const ShareLinkRecordResponse = Envelope(ShareLinkRecorded);

export const SharePageQuery = Type.Object({ code: Type.String({ minLength: 1, maxLength: 200 }) });
/** personal: the customer the link was made for (performance shown); public: anyone else (facts and disclosures only). */
export const SHARE_VIEWS = ['personal', 'public'] as const;
export const AdviserCard = Type.Object({
  name: Type.String(),
  title: Type.String(),
  certificate_no: Type.String(),
  avatar: Type.String(),
});
export type AdviserCard = Static<typeof AdviserCard>;
export const SharePageData = Type.Object({
  page: SharePage,
  view: lit(SHARE_VIEWS),
  product: ProductBrief,
  series_kind: SeriesKind,
  series: Type.Array(SeriesPoint),
  benchmark: Type.Union([Type.Object({ name: Type.String(), series: Type.Array(SeriesPoint) }), Type.Null()]),
  dividends: Type.Array(Type.Object({ day: DateText, per_unit: Num })),
  /** Risk level text and the two mandatory sentences, in display order. */
  disclosures: Type.Array(Type.String()),
  adviser: AdviserCard,
  expires_at: UnixSeconds,
});
export type SharePageData = Static<typeof SharePageData>;
export const SharePageResponse = Envelope(SharePageData);
