import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { users } from './schema-core';
import { mktCustomers, mktProducts } from './schema-marketing';

/**
 * Marketing materials, forwarding and read tracking
 * (docs/workbench.md#suitability-and-contact-limits). Every forward names one recipient so a read is attributable to one customer.
 */
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** The firm's review numbers (合规审核 NY-<year>-<n>): each approval draws the next, never reused. */
export const mktMaterialReviewSeq = pgSequence('mkt_material_review_seq', { startWith: 1001 });

export const mktMaterials = pgTable(
  'mkt_materials',
  {
    id: serial('id').primaryKey(),
    /** Null: the firm's library, visible to every adviser; set: an adviser's own (wx-article-transform). */
    ownerAdviserId: integer('owner_adviser_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['article', 'pdf', 'image', 'poster'] }).notNull(),
    project: text('project').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    /** Sanitized on write (server/materials/sanitize.ts): never raw pasted HTML. */
    html: text('html'),
    imageUrl: text('image_url'),
    /**
     * Compliance review number (合规审核编号): empty until a reviewer approves the material on 审核台 (the
     * server draws it), cleared when it is edited again (docs/compliance.md "Materials are reviewed").
     */
    reviewNo: text('review_no').notNull(),
    /** Who wrote it (the four-eyes rule: the author never approves it); null for an unattributed library item. */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    reviewState: text('review_state', { enum: ['pending', 'approved', 'returned'] })
      .notNull()
      .default('pending'),
    /** The approval's end: past it the material cannot be sent until it is approved again. */
    reviewExpiresAt: at('review_expires_at'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: at('reviewed_at'),
    /** The reviewer's 修改意见 when returned, shown to the author until they resubmit. */
    reviewComment: text('review_comment'),
    submittedAt: at('submitted_at'),
    validFrom: at('valid_from').notNull(),
    validUntil: at('valid_until').notNull(),
    sourceUrl: text('source_url'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('mkt_materials_owner_idx').on(t.ownerAdviserId, t.kind),
    index('mkt_materials_review_idx').on(t.reviewState, t.id),
    // A review number only with an approval and its expiry: never a bare number.
    check(
      'mkt_materials_review_no',
      sql`(${t.reviewState} = 'approved') = (${t.reviewNo} <> '') AND (${t.reviewState} = 'approved') = (${t.reviewExpiresAt} IS NOT NULL)`,
    ),
  ],
);

export const mktMaterialProducts = pgTable(
  'mkt_material_products',
  {
    materialId: integer('material_id')
      .notNull()
      .references(() => mktMaterials.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => mktProducts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.materialId, t.productId] })],
);

/** A PDF's bytes, generated at seed time (server/materials/pdf-gen.ts). */
export const mktMaterialFiles = pgTable('mkt_material_files', {
  materialId: integer('material_id')
    .primaryKey()
    .references(() => mktMaterials.id, { onDelete: 'cascade' }),
  mime: text('mime').notNull(),
  pages: integer('pages').notNull(),
  bytes: bytea('bytes').notNull(),
});

export const mktForwards = pgTable(
  'mkt_forwards',
  {
    id: serial('id').primaryKey(),
    adviserId: integer('adviser_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => mktCustomers.id, { onDelete: 'cascade' }),
    materialId: integer('material_id')
      .notNull()
      .references(() => mktMaterials.id, { onDelete: 'cascade' }),
    /** Unguessable token of the tracked link (/r/<token>). */
    token: text('token').notNull(),
    /** Marketing forwards count against the contact budget; a reply to a question does not. */
    marketing: boolean('marketing').notNull().default(true),
    /** WeCom chat, group or moments: a group forward is still one row (one tracked link) per customer. */
    channel: text('channel').notNull().default('wecom_chat'),
    sentAt: at('sent_at').notNull(),
    /** What the WeCom JS-SDK share call answered (sendChatMessage / shareToExternalContact), when the page reported it. */
    sharedVia: text('shared_via'),
    sharedAt: at('shared_at'),
  },
  (t) => [
    uniqueIndex('mkt_forwards_token_idx').on(t.token),
    index('mkt_forwards_customer_idx').on(t.customerId, t.sentAt),
    index('mkt_forwards_adviser_idx').on(t.adviserId, t.sentAt),
  ],
);

/** One reading session of a tracked link: seconds and deepest scroll only grow (beacons may repeat). */
export const mktForwardOpens = pgTable(
  'mkt_forward_opens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    forwardId: integer('forward_id')
      .notNull()
      .references(() => mktForwards.id, { onDelete: 'cascade' }),
    /** Client-made id of the reading session, so batched and retried beacons fold into one row. */
    openKey: text('open_key').notNull(),
    inWechat: boolean('in_wechat').notNull(),
    openedAt: at('opened_at').notNull(),
    lastBeaconAt: at('last_beacon_at').notNull(),
    seconds: integer('seconds').notNull().default(0),
    maxScroll: real('max_scroll').notNull().default(0),
    /** Set once the read passed 30 s and became a behaviour for the card engine. */
    behaviourAt: at('behaviour_at'),
  },
  (t) => [uniqueIndex('mkt_forward_opens_key_idx').on(t.forwardId, t.openKey)],
);

/**
 * A customer-facing product page made for one customer (RateShareDetail / publicShareDetail): the share
 * code names this row, so the page knows whom it was checked for. Like a forward, it spends the
 * customer's contact budget once the WeCom send is confirmed (shared_via), and gives it back when the
 * send failed or was cancelled.
 */
export const mktShareLinks = pgTable(
  'mkt_share_links',
  {
    id: serial('id').primaryKey(),
    adviserId: integer('adviser_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => mktCustomers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => mktProducts.id, { onDelete: 'cascade' }),
    page: text('page', { enum: ['rate', 'public'] }).notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    sharedVia: text('shared_via'),
    sharedAt: at('shared_at'),
  },
  (t) => [
    index('mkt_share_links_customer_idx').on(t.customerId, t.createdAt),
    index('mkt_share_links_adviser_idx').on(t.adviserId, t.createdAt),
  ],
);

/** Per-customer override of the default daily contact budget (absent: the default of one). */
export const mktContactBudgets = pgTable('mkt_contact_budgets', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => mktCustomers.id, { onDelete: 'cascade' }),
  dailyLimit: integer('daily_limit').notNull(),
});
