import { type Static, Type } from '@sinclair/typebox';

import { Envelope } from './envelope';
import {
  Id,
  MaskedCustomer,
  NO_NUL,
  Page,
  pageParams,
  ProductBrief,
  Suitability,
  UnixSeconds,
} from './market-map-common';
import { SendFailureSchema, SendOffer } from './market-map-send';
import { NullableHoldMark } from './policy-holds';

/**
 * Materials, forwarding and read tracking. Adviser routes are signed (sid):
 *   GET  /chance/project/files       materials by project and kind, keyword, cursor; customer_id → suitability per file
 *   GET  /chance/file/detail         one material: sanitized html / pdf url / image, products, review number, validity
 *   GET  /chance/file/recipients     my customers for one material: suitability and remaining contact budget
 *   POST /chance/file/forward        send to customers: per customer a decision (audited), tracked links for the allowed
 *   POST /chance/file/share-record   what the WeCom share call did (the local stand-in's record)
 *   POST /resource/wx-article-transform   article link or pasted HTML → the adviser's own material, waiting for review
 *   POST /resource/material-resubmit      the author's edit of a returned (or review-expired) material → review again
 *   GET  /chance/file/pdf/:id?exp&sig      PDF bytes by a short-lived adviser-signed address (range requests)
 * Customer routes are unsigned and scoped by the tracked link's token (no sid):
 *   GET  /share/material?token       the material as the customer sees it, with disclosures and the adviser's card
 *   POST /share/read                 batched read beacons (also sent by sendBeacon as text/plain)
 *   GET  /share/pdf?token            PDF bytes for the customer's viewer
 */

export const MATERIAL_REVIEW_STATES = ['pending', 'approved', 'returned'] as const;
export type MaterialReviewState = (typeof MATERIAL_REVIEW_STATES)[number];
export const MATERIAL_REVIEW_STATE_LABELS: Record<MaterialReviewState, string> = {
  pending: '待合规审核',
  approved: '已通过审核',
  returned: '已退回修改',
};

export const MATERIAL_KINDS = ['article', 'pdf', 'image', 'poster'] as const;
export type MaterialKind = (typeof MATERIAL_KINDS)[number];
export const MATERIAL_KIND_NAMES: Record<MaterialKind, string> = {
  article: '文章',
  pdf: '文档',
  image: '图片',
  poster: '海报',
};
export const FORWARD_CHANNELS = ['wecom_chat', 'wecom_group', 'wecom_moments'] as const;

const lit = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));
export const MaterialKindSchema = lit(MATERIAL_KINDS);
export const MaterialReviewStateSchema = lit(MATERIAL_REVIEW_STATES);

export const MaterialItem = Type.Object({
  material_id: Type.Integer(),
  kind: MaterialKindSchema,
  project: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  image_url: Type.Union([Type.String(), Type.Null()]),
  review_no: Type.String(),
  valid_until: UnixSeconds,
  /** Past its compliance validity: it cannot be sent. */
  expired: Type.Boolean(),
  /** The adviser's own (from the forwarding assistant), not the firm's library. */
  own: Type.Boolean(),
  /** The reviewer's decision on 审核台: only approved, unexpired materials can be sent (docs/compliance.md). */
  review_state: MaterialReviewStateSchema,
  /** Epoch seconds the approval ends; null unless approved. */
  review_expires_at: Type.Union([UnixSeconds, Type.Null()]),
  /** The reviewer's 修改意见 when returned (the author's to answer). */
  review_comment: Type.Union([Type.String(), Type.Null()]),
  pages: Type.Union([Type.Integer(), Type.Null()]),
  products: Type.Array(ProductBrief),
  suitability: Type.Optional(Suitability),
});
export type MaterialItem = Static<typeof MaterialItem>;
export const MaterialPage = Type.Intersect([Page(MaterialItem), Type.Object({ projects: Type.Array(Type.String()) })]);
export type MaterialPage = Static<typeof MaterialPage>;

export const ProjectFilesQuery = Type.Object(
  {
    project: Type.Optional(Type.String({ minLength: 1, maxLength: 40, pattern: NO_NUL })),
    kind: Type.Optional(MaterialKindSchema),
    keyword: Type.Optional(Type.String({ maxLength: 40, pattern: NO_NUL })),
    customer_id: Type.Optional(Id),
    ...pageParams,
  },
  { additionalProperties: false },
);
export type ProjectFilesQuery = Static<typeof ProjectFilesQuery>;
export const ProjectFilesResponse = Envelope(MaterialPage);

export const FileDetailQuery = Type.Object(
  { fileId: Id, customer_id: Type.Optional(Id) },
  { additionalProperties: false },
);
export type FileDetailQuery = Static<typeof FileDetailQuery>;
export const MaterialDetail = Type.Intersect([
  MaterialItem,
  Type.Object({
    /** Sanitized on the server (script, on* handlers, javascript: URLs removed). */
    html: Type.Union([Type.String(), Type.Null()]),
    /** Short-lived signed address of the PDF bytes (PDF.js loads it with range requests). */
    pdf_url: Type.Union([Type.String(), Type.Null()]),
    source_url: Type.Union([Type.String(), Type.Null()]),
    valid_from: UnixSeconds,
    disclosures: Type.Array(Type.String()),
    /** Held by the content policy (待合规审核) or rejected (未通过): it cannot be forwarded until approved. */
    hold: Type.Optional(NullableHoldMark),
  }),
]);
export type MaterialDetail = Static<typeof MaterialDetail>;
export const FileDetailResponse = Envelope(MaterialDetail);

export const Budget = Type.Object({ limit: Type.Integer(), used: Type.Integer(), remaining: Type.Integer() });
export type Budget = Static<typeof Budget>;
export const Recipient = Type.Object({ customer: MaskedCustomer, suitability: Suitability, budget: Budget });
export type Recipient = Static<typeof Recipient>;
export const RecipientsQuery = Type.Object(
  /** customer_id: just that customer (a screen opened for one customer). */
  {
    fileId: Id,
    keyword: Type.Optional(Type.String({ maxLength: 20, pattern: NO_NUL })),
    customer_id: Type.Optional(Id),
    ...pageParams,
  },
  { additionalProperties: false },
);
export type RecipientsQuery = Static<typeof RecipientsQuery>;
export const RecipientPage = Page(Recipient);
export type RecipientPage = Static<typeof RecipientPage>;
export const RecipientsResponse = Envelope(RecipientPage);

export const ForwardRequest = Type.Object(
  {
    fileId: Id,
    customer_ids: Type.Array(Id, { minItems: 1, maxItems: 50 }),
    channel: lit(FORWARD_CHANNELS),
    /** One per send gesture: a retried send returns the same links and writes nothing twice. */
    idempotency_key: Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
    /** From 发消息's chooser: what the adviser was shown and chose (kept on the trail with the decision). */
    offer: Type.Optional(SendOffer),
  },
  { additionalProperties: false },
);
export type ForwardRequest = Static<typeof ForwardRequest>;
export const ForwardSent = Type.Object({
  customer_id: Type.Integer(),
  forward_id: Type.Integer(),
  token: Type.String(),
  link: Type.String(),
});
export type ForwardSent = Static<typeof ForwardSent>;
export const ForwardRefused = Type.Object({
  customer_id: Type.Integer(),
  display_name: Type.String(),
  reason_code: Type.String(),
  reason: Type.String(),
});
export type ForwardRefused = Static<typeof ForwardRefused>;
export const ForwardResult = Type.Object({
  sent: Type.Array(ForwardSent),
  refused: Type.Array(ForwardRefused),
  /** A group forward: how many were left out, by reason code. */
  left_out: Type.Object({ count: Type.Integer(), by_reason: Type.Record(Type.String(), Type.Integer()) }),
});
export type ForwardResult = Static<typeof ForwardResult>;
export const ForwardResponse = Envelope(ForwardResult);

export const ShareRecordRequest = Type.Object(
  {
    forward_ids: Type.Array(Id, { minItems: 1, maxItems: 50 }),
    api: Type.String({ maxLength: 40, pattern: '^[A-Za-z]+$' }),
    ok: Type.Boolean(),
    /** Why a send did not go out (ok: false); without one the trail says SEND_NOT_CONFIRMED. */
    reason: Type.Optional(SendFailureSchema),
  },
  { additionalProperties: false },
);
export type ShareRecordRequest = Static<typeof ShareRecordRequest>;
export const ShareRecorded = Type.Object({ recorded: Type.Integer() });
export const ShareRecordResponse = Envelope(ShareRecorded);

export const TransformRequest = Type.Object(
  {
    url: Type.Optional(Type.String({ maxLength: 500, pattern: '^https?://[^\\u0000\\s]+$' })),
    html: Type.Optional(Type.String({ maxLength: 200_000, pattern: NO_NUL })),
    title: Type.Optional(Type.String({ maxLength: 80, pattern: NO_NUL })),
  },
  { additionalProperties: false },
);
export type TransformRequest = Static<typeof TransformRequest>;
export const TransformResponse = Envelope(MaterialDetail);

export const ResubmitRequest = Type.Object(
  {
    fileId: Id,
    html: Type.Optional(Type.String({ maxLength: 200_000, pattern: NO_NUL })),
    title: Type.Optional(Type.String({ maxLength: 80, pattern: NO_NUL })),
  },
  { additionalProperties: false },
);
export type ResubmitRequest = Static<typeof ResubmitRequest>;

export const ShareMaterialQuery = Type.Object(
  { token: Type.String({ minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) },
  { additionalProperties: false },
);
export type ShareMaterialQuery = Static<typeof ShareMaterialQuery>;
export const ShareMaterial = Type.Object({
  kind: MaterialKindSchema,
  title: Type.String(),
  html: Type.Union([Type.String(), Type.Null()]),
  pdf_url: Type.Union([Type.String(), Type.Null()]),
  image_url: Type.Union([Type.String(), Type.Null()]),
  pages: Type.Union([Type.Integer(), Type.Null()]),
  review_no: Type.String(),
  products: Type.Array(ProductBrief),
  disclosures: Type.Array(Type.String()),
  adviser: Type.Object({ name: Type.String(), qualification_no: Type.String() }),
});
export type ShareMaterial = Static<typeof ShareMaterial>;
export const ShareMaterialResponse = Envelope(ShareMaterial);

export const ReadBeaconRequest = Type.Object(
  {
    token: ShareMaterialQuery.properties.token,
    /** Client-made id of this reading session: batched and repeated beacons fold into one open. */
    open_key: Type.String({ minLength: 8, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$' }),
    in_wechat: Type.Boolean(),
    beacons: Type.Array(
      Type.Object({
        seconds: Type.Number({ minimum: 0, maximum: 86400 }),
        depth: Type.Number({ minimum: 0, maximum: 1 }),
      }),
      { minItems: 1, maxItems: 20 },
    ),
  },
  { additionalProperties: false },
);
export type ReadBeaconRequest = Static<typeof ReadBeaconRequest>;
export const ReadResult = Type.Object({ seconds: Type.Integer(), max_scroll: Type.Number() });
export type ReadResult = Static<typeof ReadResult>;
export const ReadBeaconResponse = Envelope(ReadResult);
