import { type Static, Type } from '@sinclair/typebox';

import { Envelope } from './envelope';
import { Id, Page, pageParams, ProductBrief, UnixSeconds } from './market-map-common';
import { MaterialKindSchema } from './market-map-materials';

/**
 * The adviser's reading radar, the next best product of a card, and the adviser's own tracked work.
 * Adviser routes, signed (sid), the sid's adviser only; another adviser's material, customer or card is 404:
 *   GET /chance/file/radar        one material: every forward of mine with who opened it, when, seconds, depth
 *   GET /clue/radar               one customer of mine: every material I forwarded and how it was read
 *   GET /chance-card/next-product one card: ONE suitable product with its reason and the compliant material to send
 *   GET /chance-card/work-stats   today's counts of my own tracked work (advisor own-tracking rows)
 */

/** One forward (one recipient, one tracked link) and its reading sessions folded together. */
export const RadarRow = Type.Object({
  forward_id: Type.Integer(),
  customer_id: Type.Integer(),
  /** Masked as everywhere: 张*明. */
  display_name: Type.String(),
  material_id: Type.Integer(),
  material_title: Type.String(),
  material_kind: MaterialKindSchema,
  /** When I forwarded it, and through what (wecom_chat, wecom_group, wecom_moments). */
  forwarded_at: UnixSeconds,
  channel: Type.String(),
  /** What the WeCom send answered; null when the page never reported it. */
  shared_via: Type.Union([Type.String(), Type.Null()]),
  /** Reading sessions (a reopen is a new one). */
  opens: Type.Integer({ minimum: 0 }),
  first_opened_at: Type.Union([UnixSeconds, Type.Null()]),
  last_opened_at: Type.Union([UnixSeconds, Type.Null()]),
  /** Visible reading seconds over all sessions; depth the deepest any session reached (0..1). */
  seconds: Type.Integer({ minimum: 0 }),
  max_scroll: Type.Number({ minimum: 0, maximum: 1 }),
  /** Some session was opened inside WeChat. */
  in_wechat: Type.Boolean(),
});
export type RadarRow = Static<typeof RadarRow>;

export const RadarSummary = Type.Object({
  forwards: Type.Integer({ minimum: 0 }),
  opened: Type.Integer({ minimum: 0 }),
  opens: Type.Integer({ minimum: 0 }),
  avg_seconds: Type.Integer({ minimum: 0 }),
});
export type RadarSummary = Static<typeof RadarSummary>;

export const MaterialRadarQuery = Type.Object({ fileId: Id, ...pageParams }, { additionalProperties: false });
export type MaterialRadarQuery = Static<typeof MaterialRadarQuery>;
/** Opened first (newest open first), then the unopened (newest forward first). */
export const MaterialRadarPage = Type.Intersect([
  Page(RadarRow),
  Type.Object({ material_id: Type.Integer(), title: Type.String(), summary: RadarSummary }),
]);
export type MaterialRadarPage = Static<typeof MaterialRadarPage>;
export const MaterialRadarResponse = Envelope(MaterialRadarPage);

export const CustomerRadarQuery = Type.Object({ customer_id: Id, ...pageParams }, { additionalProperties: false });
export type CustomerRadarQuery = Static<typeof CustomerRadarQuery>;
export const CustomerRadarPage = Type.Intersect([Page(RadarRow), Type.Object({ summary: RadarSummary })]);
export type CustomerRadarPage = Static<typeof CustomerRadarPage>;
export const CustomerRadarResponse = Envelope(CustomerRadarPage);

/** Why this product: it replaces a maturing holding, fills a kind missing from the holdings, or fits the risk level. */
export const NEXT_PRODUCT_REASONS = ['replaces_maturing', 'fills_gap', 'fits_risk'] as const;
export type NextProductReason = (typeof NEXT_PRODUCT_REASONS)[number];

export const NextProductQuery = Type.Object({ card_id: Id }, { additionalProperties: false });
export type NextProductQuery = Static<typeof NextProductQuery>;
export const NextProductSuggestion = Type.Object({
  product: ProductBrief,
  reason_code: Type.Union(NEXT_PRODUCT_REASONS.map((r) => Type.Literal(r))),
  /** e.g. "替代 12 月 3 日到期的《稳享一年定开》，同为 R2" */
  reason: Type.String(),
  /** A material naming this product that may go to this customer now; null when none passes. */
  material: Type.Union([
    Type.Object({ material_id: Type.Integer(), title: Type.String(), kind: MaterialKindSchema }),
    Type.Null(),
  ]),
});
export type NextProductSuggestion = Static<typeof NextProductSuggestion>;
export const NextProduct = Type.Object({
  card_id: Type.Integer(),
  customer_id: Type.Integer(),
  suggestion: Type.Union([NextProductSuggestion, Type.Null()]),
  /** Why there is none (a card of another family, an unassessed customer, nothing suitable left). */
  none_reason: Type.Union([Type.String(), Type.Null()]),
});
export type NextProduct = Static<typeof NextProduct>;
export const NextProductResponse = Envelope(NextProduct);

/** My own tracked work today (business day), counted from the advisor own-tracking rows by event name. */
export const WorkStats = Type.Object({
  since: UnixSeconds,
  total: Type.Integer({ minimum: 0 }),
  counts: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
});
export type WorkStats = Static<typeof WorkStats>;
export const WorkStatsResponse = Envelope(WorkStats);
