import { type Static, Type } from '@sinclair/typebox';

import { Envelope } from './envelope';
import { Id, NO_NUL, pageParams, ProductBrief } from './market-map-common';
import { MaterialKindSchema, MaterialReviewStateSchema } from './market-map-materials';

/*
 * Materials reviewed before use (docs/compliance.md): the reviewer's queue on 审核台 (the live service,
 * reviewer role only):
 *   GET  /api/review/materials          materials waiting for review, as the customer would see them
 *   POST /api/review/materials/decide   approve (the server draws the review number and its expiry) or
 *                                       return with 修改意见 to the author
 * The author resubmits from the workbench (POST /resource/material-resubmit, market-map-materials).
 */

/** An approval holds this many days; then the material is reviewed again before it can be sent. */
export const MATERIAL_REVIEW_VALID_DAYS = 180;
export const MATERIAL_REVIEW_COMMENT_MAX = 300;

const Named = Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]);

export const MaterialReviewQuery = Type.Object({ ...pageParams }, { additionalProperties: false });
export type MaterialReviewQuery = Static<typeof MaterialReviewQuery>;

export const MaterialReviewItem = Type.Object({
  material_id: Type.Integer(),
  kind: MaterialKindSchema,
  project: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  /** Sanitized article body, as the customer reads it (with the adviser's card). */
  html: Type.Union([Type.String(), Type.Null()]),
  image_url: Type.Union([Type.String(), Type.Null()]),
  /** Short-lived signed address of the PDF, for a PDF material. */
  pdf_url: Type.Union([Type.String(), Type.Null()]),
  source_url: Type.Union([Type.String(), Type.Null()]),
  products: Type.Array(ProductBrief),
  disclosures: Type.Array(Type.String()),
  author: Named,
  /** The adviser whose card and qualification number the material carries (their own material). */
  owner: Named,
  state: MaterialReviewStateSchema,
  /** Epoch milliseconds. */
  submitted_at: Type.Integer(),
  /** The last 修改意见 it was returned with (a resubmitted material shows what was asked). */
  last_comment: Type.Union([Type.String(), Type.Null()]),
  /** Why the signed-in reviewer may not decide it (four eyes), or null. */
  four_eyes: Type.Union([Type.String(), Type.Null()]),
});
export type MaterialReviewItem = Static<typeof MaterialReviewItem>;

export const MaterialReviewPage = Type.Object({
  list: Type.Array(MaterialReviewItem),
  next_cursor: Type.Union([Type.String(), Type.Null()]),
});
export type MaterialReviewPage = Static<typeof MaterialReviewPage>;
export const MaterialReviewPageResponse = Envelope(MaterialReviewPage);

export const MaterialReviewDecideRequest = Type.Object(
  {
    material_id: Id,
    decision: Type.Union([Type.Literal('approve'), Type.Literal('return')]),
    /** 修改意见: required to return. */
    comment: Type.Optional(Type.String({ maxLength: MATERIAL_REVIEW_COMMENT_MAX, pattern: NO_NUL })),
  },
  { additionalProperties: false },
);
export type MaterialReviewDecideRequest = Static<typeof MaterialReviewDecideRequest>;

export const MaterialReviewDecision = Type.Object({
  material_id: Type.Integer(),
  state: MaterialReviewStateSchema,
  review_no: Type.String(),
  /** Epoch milliseconds; null unless approved. */
  review_expires_at: Type.Union([Type.Integer(), Type.Null()]),
  comment: Type.Union([Type.String(), Type.Null()]),
});
export type MaterialReviewDecision = Static<typeof MaterialReviewDecision>;
export const MaterialReviewDecisionResponse = Envelope(MaterialReviewDecision);
