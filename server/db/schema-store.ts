import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

import { users } from './schema-core';
import { mktProducts } from './schema-marketing';

/** The knowledge and expert store: experts, articles, products, Q&A with review, likes. */
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const storeExperts = pgTable('store_experts', {
  id: serial('id').primaryKey(),
  kind: text('kind', { enum: ['expert', 'core'] }).notNull(),
  name: text('name').notNull(),
  avatar: text('avatar').notNull(),
  title: text('title').notNull(),
  organization: text('organization').notNull(),
  /** 从业资格编号: unique across the register. */
  certificateNo: text('certificate_no').notNull().unique(),
  bio: text('bio').notNull(),
  tags: jsonb('tags').$type<string[]>().notNull(),
  /** The staff account that writes this expert's answers, if any. */
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
});

export const storeArticles = pgTable(
  'store_articles',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['news', 'view'] }).notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    cover: text('cover').notNull(),
    contentHtml: text('content_html').notNull(),
    source: text('source').notNull(),
    authorId: integer('author_id').references(() => storeExperts.id, { onDelete: 'set null' }),
    isTop: boolean('is_top').notNull().default(false),
    publishedAt: at('published_at').notNull(),
  },
  (t) => [
    index('store_articles_kind_time_idx').on(t.kind, t.publishedAt, t.id),
    index('store_articles_author_idx').on(t.authorId, t.publishedAt),
  ],
);

export const storeProducts = pgTable('store_products', {
  id: serial('id').primaryKey(),
  kind: text('kind', { enum: ['public', 'private'] }).notNull(),
  /** The product master's code: the risk level shown is the master's (mkt_products), never a copy. */
  code: text('code')
    .notNull()
    .unique()
    .references(() => mktProducts.code),
  name: text('name').notNull(),
  category: text('category').notNull(),
  minPurchase: integer('min_purchase').notNull(),
  highlight: text('highlight').notNull(),
  launchDate: at('launch_date').notNull(),
  /** The fund manager is one of the experts: the name and 从业资格编号 shown are that expert's, never a copy. */
  managerId: integer('manager_id')
    .notNull()
    .references(() => storeExperts.id),
  managerYears: integer('manager_years').notNull(),
  fees: jsonb('fees').$type<Array<{ name: string; rate: string }>>().notNull(),
  benchmarkName: text('benchmark_name').notNull(),
});

/** Daily NAV (trading days) with the benchmark's level on the same day. */
export const storeNavs = pgTable(
  'store_navs',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => storeProducts.id, { onDelete: 'cascade' }),
    day: at('day').notNull(),
    nav: doublePrecision('nav').notNull(),
    benchmark: doublePrecision('benchmark').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.day] })],
);

export const storeQuestions = pgTable(
  'store_questions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    parentId: integer('parent_id'),
    createdAt: at('created_at').notNull(),
    /** Set when the first answer is published: the question is public from then on. */
    answeredAt: at('answered_at'),
  },
  (t) => [
    index('store_questions_answered_idx').on(t.answeredAt, t.id),
    index('store_questions_user_idx').on(t.userId, t.createdAt),
    index('store_questions_parent_idx').on(t.parentId),
  ],
);

export const storeAnswers = pgTable(
  'store_answers',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => storeQuestions.id, { onDelete: 'cascade' }),
    expertId: integer('expert_id')
      .notNull()
      .references(() => storeExperts.id),
    content: text('content').notNull(),
    state: text('state', { enum: ['draft', 'in_review', 'published', 'returned'] }).notNull(),
    returnReason: text('return_reason'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    publishedAt: at('published_at'),
  },
  (t) => [
    index('store_answers_question_idx').on(t.questionId, t.state),
    index('store_answers_state_idx').on(t.state, t.updatedAt, t.id),
    check('store_answers_published_at', sql`(${t.state} = 'published') = (${t.publishedAt} IS NOT NULL)`),
  ],
);

/** Every transition of an answer (submit, publish, return), with who and why. */
export const storeAnswerReviews = pgTable(
  'store_answer_reviews',
  {
    id: serial('id').primaryKey(),
    answerId: integer('answer_id')
      .notNull()
      .references(() => storeAnswers.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    fromState: text('from_state').notNull(),
    toState: text('to_state').notNull(),
    reason: text('reason'),
    at: at('at').notNull(),
  },
  (t) => [index('store_answer_reviews_answer_idx').on(t.answerId, t.at)],
);

/** One like per user and item: the primary key is what makes double taps count once. */
export const storeLikes = pgTable(
  'store_likes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemType: text('item_type', { enum: ['answer', 'article'] }).notNull(),
    itemId: integer('item_id').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemType, t.itemId] }),
    index('store_likes_item_idx').on(t.itemType, t.itemId),
  ],
);

/** Qualified-investor and risk confirmation before private-fund content, per user, dated. */
export const storeQualifications = pgTable('store_qualifications', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  basis: text('basis', { enum: ['assets', 'income'] }).notNull(),
  /** What the reader declared, in yuan: financial assets, or the average yearly income of the last three years. */
  declaredAmount: bigint('declared_amount', { mode: 'number' }),
  riskAcknowledged: boolean('risk_acknowledged').notNull(),
  /** The store product the declaration was made on; null when made at another gate (a live room's). */
  productId: integer('product_id'),
  confirmedAt: at('confirmed_at').notNull(),
});

/** The phone a user bound through the store's sign_login. */
export const storeSignIns = pgTable('store_sign_ins', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phone: text('phone').notNull(),
  signedAt: at('signed_at').notNull(),
});

/** A customer following an expert or core member: one row per pair, so a repeated follow is one. */
export const storeFollows = pgTable(
  'store_follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expertId: integer('expert_id')
      .notNull()
      .references(() => storeExperts.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.expertId] }), index('store_follows_expert_idx').on(t.expertId)],
);
