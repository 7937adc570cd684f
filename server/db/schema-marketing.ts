import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { users } from './schema-core';

/**
 * The adviser workbench's data (docs/workbench.md#data). Money is numeric(18,2) in
 * yuan, read as a JS number: the largest book here is far below 2^53 cents.
 */
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 18, scale: 2, mode: 'number' });

export const mktCustomers = pgTable(
  'mkt_customers',
  {
    id: serial('id').primaryKey(),
    /** The service relation: one adviser per customer. */
    adviserId: integer('adviser_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The customer's app account when they have one: lives they watch and ask in become behaviours. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** Full number: never leaves the server (lists show 138****5678). */
    phone: text('phone').notNull(),
    gender: text('gender', { enum: ['m', 'f'] }),
    riskLevel: text('risk_level', { enum: ['C1', 'C2', 'C3', 'C4', 'C5'] }),
    riskAssessedAt: at('risk_assessed_at'),
    riskExpiresAt: at('risk_expires_at'),
    qualified: boolean('qualified').notNull().default(false),
    qualifiedAt: at('qualified_at'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tier: text('tier', { enum: ['private', 'gold', 'standard'] }).notNull(),
    aum: money('aum').notNull(),
    lastContactAt: at('last_contact_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('mkt_customers_adviser_aum_idx').on(t.adviserId, t.aum, t.id),
    index('mkt_customers_user_idx').on(t.userId),
  ],
);

export const mktProducts = pgTable('mkt_products', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  kind: text('kind', { enum: ['money_fund', 'bond', 'mixed', 'equity', 'index', 'private_fund', 'am_plan'] }).notNull(),
  riskLevel: text('risk_level', { enum: ['R1', 'R2', 'R3', 'R4', 'R5'] }).notNull(),
  qualifiedOnly: boolean('qualified_only').notNull().default(false),
  /** Closed-end products only. */
  maturityAt: at('maturity_at'),
  benchmark: text('benchmark').notNull().default(''),
  createdAt: at('created_at').notNull(),
});

/** Daily NAV (or, for money funds, the 7-day annualised yield in percent); one row per trading day. */
export const mktProductNavs = pgTable(
  'mkt_product_navs',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => mktProducts.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    nav: doublePrecision('nav').notNull(),
    yield7d: doublePrecision('yield_7d'),
    dividend: doublePrecision('dividend'),
  },
  (t) => [primaryKey({ columns: [t.productId, t.day] })],
);

export const mktHoldings = pgTable(
  'mkt_holdings',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => mktCustomers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => mktProducts.id, { onDelete: 'cascade' }),
    shares: doublePrecision('shares').notNull(),
    cost: money('cost').notNull(),
    since: at('since').notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.productId] }), index('mkt_holdings_product_idx').on(t.productId)],
);

export const mktTransactions = pgTable(
  'mkt_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => mktCustomers.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => mktProducts.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['subscribe', 'redeem', 'dividend', 'transfer_in', 'transfer_out'] }).notNull(),
    amount: money('amount').notNull(),
    status: text('status', { enum: ['pending', 'confirmed', 'failed'] }).notNull(),
    occurredAt: at('occurred_at').notNull(),
  },
  (t) => [index('mkt_transactions_customer_idx').on(t.customerId, t.occurredAt)],
);

/** Bank money in and out of the account: the money-flow facts. */
export const mktTransfers = pgTable(
  'mkt_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => mktCustomers.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    amount: money('amount').notNull(),
    bank: text('bank').notNull(),
    occurredAt: at('occurred_at').notNull(),
  },
  (t) => [index('mkt_transfers_customer_idx').on(t.customerId, t.occurredAt)],
);

export const mktBehaviours = pgTable(
  'mkt_behaviours',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => mktCustomers.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['live_watch', 'live_question', 'live_subscribe', 'material_open', 'product_view', 'search'],
    }).notNull(),
    title: text('title').notNull(),
    minutes: real('minutes'),
    seconds: integer('seconds'),
    scrollDepth: real('scroll_depth'),
    text: text('text'),
    /** Live id, material id, product code…: what the behaviour was about. */
    sourceId: text('source_id'),
    occurredAt: at('occurred_at').notNull(),
  },
  (t) => [index('mkt_behaviours_customer_idx').on(t.customerId, t.occurredAt)],
);

/**
 * What a rule made of a fact. fact_key makes evaluation idempotent: one signal per fact and category.
 * The adviser and the customer are checked as foreign keys would check them (the rows exist and are key-share
 * locked; deleting either deletes their signals), but once per statement by triggers (migration 0039), not once
 * per row: the engine writes a thousand signals in one statement, and a row's check was a query of its own.
 */
export const mktSignals = pgTable(
  'mkt_signals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adviserId: integer('adviser_id').notNull(),
    customerId: integer('customer_id').notNull(),
    categoryId: integer('category_id').notNull(),
    factKey: text('fact_key').notNull(),
    title: text('title').notNull(),
    amount: money('amount'),
    productId: integer('product_id').references(() => mktProducts.id, { onDelete: 'set null' }),
    /** 0-1: how strong the behaviour was (minutes watched, a question…); feeds the score. */
    intensity: real('intensity').notNull().default(0),
    occurredAt: at('occurred_at').notNull(),
    cardId: integer('card_id'),
    /** The product card this holder's signal belongs to, when one product event reached many holders. */
    productCardId: integer('product_card_id'),
  },
  (t) => [
    uniqueIndex('mkt_signals_fact_idx').on(t.categoryId, t.factKey),
    index('mkt_signals_card_idx').on(t.cardId, t.occurredAt),
    index('mkt_signals_customer_idx').on(t.customerId, t.occurredAt),
  ],
);

export const mktCards = pgTable(
  'mkt_cards',
  {
    id: serial('id').primaryKey(),
    adviserId: integer('adviser_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => mktCustomers.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['new', 'viewed', 'handling', 'done', 'ignored', 'snoozed'] }).notNull(),
    /** The newest reason's category. */
    categoryId: integer('category_id').notNull(),
    score: doublePrecision('score').notNull(),
    scoreParts: jsonb('score_parts').notNull(),
    priority: text('priority', { enum: ['hot', 'warm', 'cold'] }).notNull(),
    reasonCount: integer('reason_count').notNull().default(0),
    /**
     * What the score reads of every reason linked to the card, kept by whoever links one (the engine's stacking, a
     * product event's line on a holder's card, the seed): the largest amount by size, the largest intensity, the
     * newest time and how many. The engine stacks onto these instead of summing the card's whole history again.
     */
    reasonsMaxAmount: doublePrecision('reasons_max_amount').notNull().default(0),
    reasonsMaxIntensity: doublePrecision('reasons_max_intensity').notNull().default(0),
    reasonsNewestAt: at('reasons_newest_at'),
    reasonsLinked: integer('reasons_linked').notNull().default(0),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    /** Set when the daily cap let it onto the workbench; null while waiting. */
    releasedAt: at('released_at'),
    viewedAt: at('viewed_at'),
    snoozeUntil: text('snooze_until'),
    /** The follow-up date promised at the last handling, shown on the card; cleared when it closes. */
    nextFollowUp: text('next_follow_up'),
    ignoreReason: text('ignore_reason'),
    ignoreText: text('ignore_text'),
    closedAt: at('closed_at'),
  },
  (t) => [
    // One open card per customer: a new signal stacks onto it (a snoozed one wakes up).
    uniqueIndex('mkt_cards_one_open_idx')
      .on(t.customerId)
      .where(sql`state in ('new', 'viewed', 'handling', 'snoozed')`),
    // The history lists (done, ignored, snoozed) in their order, newest close first. Partial, so the engine's
    // stacking, which rewrites an open card's score and time on every new reason, has no entry of it to move.
    index('mkt_cards_history_idx')
      .on(t.adviserId, t.state, sql`coalesce(${t.closedAt}, ${t.updatedAt})`, t.id)
      .where(sql`state in ('done', 'ignored', 'snoozed')`),
    // The workbench (open, released) in each of its two orders: a page is read off the index in order,
    // not sorted out of all 10,000 open cards per request. The predicate is the list's, word for word.
    index('mkt_cards_workbench_score_idx')
      .on(t.adviserId, t.score, t.id)
      .where(sql`state in ('new', 'viewed', 'handling') and released_at is not null`),
    index('mkt_cards_workbench_updated_idx')
      .on(t.adviserId, t.updatedAt, t.id)
      .where(sql`state in ('new', 'viewed', 'handling') and released_at is not null`),
    // The daily cap counts today's releases and picks the best waiting cards on every read of the workbench.
    index('mkt_cards_released_idx').on(t.adviserId, t.releasedAt),
    index('mkt_cards_waiting_idx')
      .on(t.adviserId, t.score, t.id)
      .where(sql`state = 'new' and released_at is null`),
  ],
);

/**
 * How many cards each adviser has on the workbench (open and released), per category, as signed changes: a
 * trigger on mkt_cards adds one row per statement and (adviser, category) it moved, so a list's total is a sum
 * over a few rows of this index instead of a count over every open card. Writers only insert (no row is updated,
 * so two batches never wait on each other); the card pass folds each group's rows back into one. No foreign key:
 * the trigger also writes while an adviser's cards go with the adviser.
 */
export const mktWorkbenchCounts = pgTable(
  'mkt_workbench_counts',
  {
    adviserId: integer('adviser_id').notNull(),
    categoryId: integer('category_id').notNull(),
    delta: integer('delta').notNull(),
  },
  (t) => [index('mkt_workbench_counts_idx').on(t.adviserId, t.categoryId, t.delta)],
);

/**
 * One product event (a NAV drop, a maturity…) that reached several of an adviser's holders: one card
 * that lists them, not the same reason on every holder's card. It passes the daily cap with the
 * customer cards, counted together.
 */
export const mktProductCards = pgTable(
  'mkt_product_cards',
  {
    id: serial('id').primaryKey(),
    adviserId: integer('adviser_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => mktProducts.id, { onDelete: 'set null' }),
    categoryId: integer('category_id').notNull(),
    /** The event without its holder (e.g. "mat:12", "nav8:12:3"): a holder seen later joins the same card. */
    eventKey: text('event_key').notNull(),
    title: text('title').notNull(),
    holders: integer('holders').notNull(),
    score: doublePrecision('score').notNull(),
    state: text('state', { enum: ['new', 'viewed', 'done'] }).notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    releasedAt: at('released_at'),
  },
  (t) => [
    uniqueIndex('mkt_product_cards_event_idx').on(t.adviserId, t.categoryId, t.eventKey),
    index('mkt_product_cards_released_idx').on(t.adviserId, t.releasedAt),
  ],
);

export const mktCardEvents = pgTable(
  'mkt_card_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Checked per statement, as the signals' owners are (migration 0039): the engine writes one per stacked card. */
    cardId: integer('card_id').notNull(),
    kind: text('kind').notNull(),
    note: text('note'),
    at: at('at').notNull(),
  },
  (t) => [index('mkt_card_events_card_idx').on(t.cardId, t.id)],
);

export const mktClues = pgTable(
  'mkt_clues',
  {
    id: serial('id').primaryKey(),
    adviserId: integer('adviser_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => mktCustomers.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    source: text('source', { enum: ['live_visitor', 'invitation', 'material_reader', 'manual'] }).notNull(),
    title: text('title').notNull(),
    state: text('state', { enum: ['new', 'handling', 'done'] }).notNull(),
    nextFollowUp: text('next_follow_up'),
    lastOutcome: text('last_outcome'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('mkt_clues_adviser_idx').on(t.adviserId, t.state, t.id)],
);

/** A handling submit; (adviser, idempotency key) unique so a resent submit writes nothing. */
export const mktClueHandles = pgTable(
  'mkt_clue_handles',
  {
    id: serial('id').primaryKey(),
    adviserId: integer('adviser_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    cardId: integer('card_id').references(() => mktCards.id, { onDelete: 'cascade' }),
    clueId: integer('clue_id').references(() => mktClues.id, { onDelete: 'cascade' }),
    outcome: text('outcome').notNull(),
    note: text('note').notNull(),
    nextFollowUp: text('next_follow_up'),
    resultState: text('result_state').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('mkt_clue_handles_key_idx').on(t.adviserId, t.idempotencyKey),
    index('mkt_clue_handles_created_idx').on(t.createdAt),
  ],
);

export const mktRuleSettings = pgTable('mkt_rule_settings', {
  adviserId: integer('adviser_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  thresholds: jsonb('thresholds').notNull(),
  enabledCategories: integer('enabled_categories').array().notNull(),
  updatedAt: at('updated_at').notNull(),
});

/**
 * Each adviser's 热/温/冷 score lines, calibrated by the engine from the cards the cap pushed that business day
 * (server/marketing/tiers.ts); every surface reads a card's tier against them.
 */
export const mktTierRules = pgTable('mkt_tier_rules', {
  adviserId: integer('adviser_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  hotMin: doublePrecision('hot_min').notNull(),
  warmMin: doublePrecision('warm_min').notNull(),
  /** The business day whose pushed cards set the lines. */
  calibratedOn: text('calibrated_on').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/** Ignores with their reason; restored_at set when the card came back. */
export const mktFeedback = pgTable(
  'mkt_feedback',
  {
    id: serial('id').primaryKey(),
    adviserId: integer('adviser_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardId: integer('card_id')
      .notNull()
      .references(() => mktCards.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').notNull(),
    reason: text('reason').notNull(),
    text: text('text'),
    createdAt: at('created_at').notNull(),
    restoredAt: at('restored_at'),
  },
  (t) => [index('mkt_feedback_adviser_idx').on(t.adviserId, t.categoryId, t.createdAt)],
);

/** A category the adviser's feedback sank; cleared_at set by the undo (counting restarts there). */
export const mktDemotions = pgTable(
  'mkt_demotions',
  {
    id: serial('id').primaryKey(),
    adviserId: integer('adviser_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').notNull(),
    ignoredCount: integer('ignored_count').notNull(),
    penalty: real('penalty').notNull(),
    since: at('since').notNull(),
    clearedAt: at('cleared_at'),
  },
  (t) => [
    uniqueIndex('mkt_demotions_active_idx')
      .on(t.adviserId, t.categoryId)
      .where(sql`cleared_at is null`),
  ],
);

/** A customer's continuous watch of a live, built from presence by the live scan. */
export const mktLiveWatches = pgTable(
  'mkt_live_watches',
  {
    roomId: text('room_id').notNull(),
    viewerId: text('viewer_id').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => mktCustomers.id, { onDelete: 'cascade' }),
    startedAt: at('started_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
    signalled: boolean('signalled').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.viewerId] })],
);

/** Where the periodic jobs stopped (last leave-message id scanned, simulated day…). */
export const mktJobState = pgTable('mkt_job_state', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  updatedAt: at('updated_at').notNull(),
});
