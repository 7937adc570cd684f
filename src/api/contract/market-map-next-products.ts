import { type Static, Type } from '@sinclair/typebox';

import { Envelope } from './envelope';
import { Id, ProductBrief } from './market-map-common';
import { MaterialKindSchema } from './market-map-materials';
import { NEXT_PRODUCT_REASONS } from './market-map-radar';

/**
 * GET /chance-card/next-products?card_id: for ANY card, up to three suitable products the customer does not hold,
 * each with its reason (the card's signal, the fit, the product's risk level against the customer's) and an
 * approved material to send with it; or, when none fits, one sentence why (e.g. 风险测评已过期，请先邀请客户重新测评).
 */
export const NextProductsQuery = Type.Object({ card_id: Id }, { additionalProperties: false });
export type NextProductsQuery = Static<typeof NextProductsQuery>;
export const NextProductItem = Type.Object({
  product: ProductBrief,
  reason_code: Type.Union(NEXT_PRODUCT_REASONS.map((r) => Type.Literal(r))),
  /** "信号：转入 ¥251,500；匹配：补足持仓中缺少的债券基金；风险：R2 不高于客户 C3". */
  reason: Type.String(),
  /** The material that goes with it: names the product, has a review number and is valid now, passes the send's check. */
  material: Type.Object({
    material_id: Type.Integer(),
    title: Type.String(),
    kind: MaterialKindSchema,
    review_no: Type.String(),
  }),
});
export type NextProductItem = Static<typeof NextProductItem>;
export const NextProducts = Type.Object({
  card_id: Type.Integer(),
  customer_id: Type.Integer(),
  /** The customer's risk level the products were matched to (null when not assessed). */
  customer_risk_level: Type.Union([Type.String(), Type.Null()]),
  items: Type.Array(NextProductItem, { maxItems: 3 }),
  /** One sentence why there is none; null when there are items. */
  none_reason: Type.Union([Type.String(), Type.Null()]),
});
export type NextProducts = Static<typeof NextProducts>;
export const NextProductsResponse = Envelope(NextProducts);
