import { type Static, type TSchema, Type } from '@sinclair/typebox';

import { Id } from './id';
import {
  CARD_STATES,
  ChanceGroup,
  IGNORE_REASONS,
  MARKET_PAGE_MAX,
  PRIORITY_LEVELS,
  PRODUCT_KINDS,
  PRODUCT_RISK_LEVELS,
  RISK_LEVELS,
  RISK_STATES,
} from './market-map-constants';

/** Building blocks shared by the marketing-map schemas (see market-map.ts for the endpoint list). */
const lit = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));

/** Free text: any characters but NUL (PostgreSQL text refuses it; a 400 beats a 500). */
export const NO_NUL = '^[^\\u0000]*$';

export { Id };
/** Opaque paging cursor: send back next_cursor; absent means the first page. */
export const Cursor = Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' });
export const PageLimit = Type.Integer({ minimum: 1, maximum: MARKET_PAGE_MAX });
/** A list query's paging fields (spread into its properties): no cursor is the first page; limit, its size. */
export const pageParams = { cursor: Type.Optional(Cursor), limit: Type.Optional(PageLimit) };
export const DateText = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });
export const UnixSeconds = Type.Integer({ minimum: 0, description: 'unix seconds' });

export const ChanceGroupSchema = lit(Object.values(ChanceGroup));
export const CategoryId = Type.Integer({ minimum: 1, maximum: 8 });
export const CardStateSchema = lit(CARD_STATES);
export const PriorityLevelSchema = lit(PRIORITY_LEVELS);
export const IgnoreReasonSchema = lit(IGNORE_REASONS);
export const RiskLevelSchema = lit(RISK_LEVELS);
export const RiskStateSchema = lit(RISK_STATES);
export const ProductRiskLevelSchema = lit(PRODUCT_RISK_LEVELS);
export const ProductKindSchema = lit(PRODUCT_KINDS);
export const TagText = Type.String({ minLength: 1, maxLength: 20, pattern: NO_NUL });

/** A list page: items plus the cursor of the next page (null on the last page). */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({
    list: Type.Array(item),
    next_cursor: Type.Union([Type.String(), Type.Null()]),
    total: Type.Integer({ minimum: 0 }),
  });

/** A customer as lists show them: name and phone masked (张*明, 138****5678); the full phone never leaves the server. */
export const MaskedCustomer = Type.Object({
  customer_id: Type.Integer(),
  display_name: Type.String(),
  phone_masked: Type.String(),
  gender: Type.Union([Type.Literal('m'), Type.Literal('f'), Type.Null()]),
  risk_level: Type.Union([RiskLevelSchema, Type.Null()]),
  risk_state: RiskStateSchema,
  risk_expires_on: Type.Union([DateText, Type.Null()]),
  qualified: Type.Boolean(),
  tags: Type.Array(Type.String()),
  aum: Type.Number({ description: 'assets under management, yuan' }),
  tier: Type.Union([Type.Literal('private'), Type.Literal('gold'), Type.Literal('standard')]),
  last_contact_at: Type.Union([UnixSeconds, Type.Null()]),
});
export type MaskedCustomer = Static<typeof MaskedCustomer>;

export const ProductBrief = Type.Object({
  product_id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  kind: ProductKindSchema,
  risk_level: ProductRiskLevelSchema,
  qualified_only: Type.Boolean(),
  maturity_date: Type.Union([DateText, Type.Null()]),
});
export type ProductBrief = Static<typeof ProductBrief>;

/**
 * One suitability verdict (docs/workbench.md#suitability-and-contact-limits), the same for a holding, a card's product
 * and a material: reason_code RISK_NOT_ASSESSED | RISK_ASSESSMENT_EXPIRED | RISK_LEVEL_TOO_LOW | NOT_QUALIFIED_INVESTOR
 * (materials add MATERIAL_EXPIRED, REVIEW_PENDING, REVIEW_EXPIRED, REVIEW_NO_MISSING, PRIVATE_FUND_UNNAMED,
 * CONTACT_BUDGET_EXHAUSTED); both absent when ok.
 */
export const Suitability = Type.Object({
  ok: Type.Boolean(),
  reason_code: Type.Optional(Type.String()),
  reason: Type.Optional(Type.String()),
});
export type Suitability = Static<typeof Suitability>;
