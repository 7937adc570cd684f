import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import type { StaffRole } from '../../src/api/contract/roles';

/**
 * One schema for both drivers (PGlite and node-postgres). Times are timestamptz so the
 * status of a live is computed against the request clock, never stored.
 */
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  /** The home address's uuid query value; getToken's user_id. */
  uuid: text('uuid').notNull().unique(),
  employeeId: text('employee_id').notNull().unique(),
  realName: text('real_name').notNull(),
  avatar: text('avatar').notNull(),
  /** Advisers are the firm's employees (work-chat users); everyone else is a customer. */
  role: text('role', { enum: ['adviser', 'customer'] }).notNull(),
  isFinancialAdvisor: boolean('is_financial_advisor').notNull().default(false),
  title: text('title'),
  department: text('department'),
  phone: text('phone'),
  groupNo: text('group_no'),
  unionId: text('union_id'),
  /** 从业资格编号 of an adviser: shown on customer-facing product pages (docs/workbench.md#suitability-and-contact-limits). */
  certificateNo: text('certificate_no'),
  /** Staff duties beyond advising (src/api/contract/roles.ts); empty for customers and plain advisers. */
  staffRoles: jsonb('staff_roles')
    .$type<StaffRole[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  createdAt: at('created_at').notNull(),
});

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 (hex) of the token or sid handed out: a copy of this table signs no one in (security/token-hash.ts). */
    token: text('token').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    /** Set when another sign-in replaces this one: answers 210003 instead of 210001. */
    revokedAt: at('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const presenters = pgTable('presenters', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  title: text('title').notNull(),
  bio: text('bio').notNull(),
  avatar: text('avatar').notNull(),
});

export const lives = pgTable(
  'lives',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id').notNull(),
    title: text('title').notNull(),
    cover: text('cover').notNull(),
    description: text('description').notNull().default(''),
    roomId: text('room_id').notNull().unique(),
    startTime: at('start_time').notNull(),
    endTime: at('end_time').notNull(),
    /**
     * Kept by triggers on subscriptions and playbacks (migration 0014), in the same transaction as the row
     * that changes them, so the live list reads them from the row instead of counting per live.
     */
    subscriberCount: integer('subscriber_count').notNull().default(0),
    playbackCount: integer('playback_count').notNull().default(0),
    /**
     * The presenters as the list shows them (id, name, avatar, title, in position order), kept by triggers on
     * live_presenters and presenters (migration 0016) so a list read builds no JSON per live.
     */
    kol: jsonb('kol')
      .$type<Array<{ id: number; name: string; avatar: string; title: string }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [
    // The list splits on end_time (> now: live or upcoming; <= now: ended, newest first);
    // start_time and id ride along so counting and picking a page never touch the table.
    index('lives_category_end_start_idx').on(t.categoryId, t.endTime, t.startTime, t.id),
    check('lives_end_after_start', sql`${t.endTime} > ${t.startTime}`),
  ],
);

/**
 * A version per category, moved on by a trigger in the transaction of any change to one of its lives
 * (migration 0016): the list keeps a read page in memory and checks this one row to know it still holds
 *, on PGlite and across several servers on PostgreSQL alike.
 */
export const liveListVersions = pgTable('live_list_versions', {
  categoryId: integer('category_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

export const livePresenters = pgTable(
  'live_presenters',
  {
    liveId: integer('live_id')
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    presenterId: integer('presenter_id')
      .notNull()
      .references(() => presenters.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.liveId, t.presenterId] })],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    liveId: integer('live_id')
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    /** Subscribers come from outside this database too (docs/rules/data.md#subscribe-payload), so no FK. */
    employeeId: text('employee_id').notNull(),
    realName: text('real_name').notNull().default(''),
    unionId: text('union_id'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.liveId, t.employeeId] }),
    index('subscriptions_employee_idx').on(t.employeeId, t.liveId),
  ],
);

/** One row per viewer per chat room, refreshed by heartbeats; online = seen in the last 60 s. */
export const roomPresence = pgTable(
  'room_presence',
  {
    roomId: text('room_id').notNull(),
    viewerId: text('viewer_id').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
    /** The signed-in viewer whose token sent the heartbeat; null for a guest. Only these rows become sales signals. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.viewerId] }),
    index('room_presence_room_seen_idx').on(t.roomId, t.lastSeenAt),
  ],
);

/**
 * How many viewers' last heartbeat fell in each second, per room: kept by a trigger on room_presence in the
 * heartbeat's own transaction (migration 0019), so a room's online count is a sum over at most 60 rows of this
 * table's key instead of a scan of everyone in the room. A second's row goes when it reaches 0.
 */
export const roomOnlineSeconds = pgTable(
  'room_online_seconds',
  {
    roomId: text('room_id').notNull(),
    second: bigint('second', { mode: 'number' }).notNull(),
    viewers: integer('viewers').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.second] })],
);

export const playbacks = pgTable(
  'playbacks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    liveId: integer('live_id')
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    viewerId: text('viewer_id').notNull(),
    watchedAt: at('watched_at').notNull(),
  },
  (t) => [index('playbacks_live_idx').on(t.liveId)],
);

/** Events from the behaviour-analytics SDK, kept whole for inspection. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    project: text('project').notNull(),
    event: text('event').notNull(),
    distinctId: text('distinct_id').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: at('received_at').notNull(),
    /**
     * The SDK's own identity of an event (distinct id, track id, time). Delivery is at least once: a batch the
     * server stored may be sent again when the page left before the answer came back (a keepalive POST cut off,
     * a batch put back after an error). The collector stores the first copy and drops the rest. Null for events that carry no track id, and for the debug mode's echo.
     */
    dedupKey: text('dedup_key'),
  },
  (t) => [
    // Retention deletes by age (server/retention.ts).
    index('analytics_events_received_idx').on(t.receivedAt),
    uniqueIndex('analytics_events_dedup_idx').on(t.project, t.dedupKey),
  ],
);

/** Error-reporting envelopes (Sentry wire format), kept whole. */
export const errorReports = pgTable(
  'error_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: text('project_id').notNull(),
    payload: text('payload').notNull(),
    receivedAt: at('received_at').notNull(),
  },
  (t) => [index('error_reports_received_idx').on(t.receivedAt)],
);

/** Own tracking calls (event.php / fast.php, docs/rules/data.md#own-tracking-fields), kept whole for inspection. */
export const ownTrackingEvents = pgTable(
  'own_tracking_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 'advisor' or 'customer': which variant of the endpoint was called. */
    variant: text('variant').notNull(),
    /** 'event' (event.php) or 'fast' (fast.php). */
    kind: text('kind').notNull(),
    /** event_name, or fast.php's method. */
    name: text('name').notNull(),
    userid: text('userid').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: at('received_at').notNull(),
  },
  (t) => [index('own_tracking_received_idx').on(t.receivedAt)],
);

/** Live minutes (docs/rules/routes-and-screens.md#live-screens): key points of a live by offset, linked into the replay. */
export const liveMinutes = pgTable(
  'live_minutes',
  {
    id: serial('id').primaryKey(),
    liveId: integer('live_id')
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    offsetSeconds: integer('offset_seconds').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
  },
  (t) => [index('live_minutes_live_idx').on(t.liveId, t.offsetSeconds)],
);

/** Products shown during a live (getProductLiveInfo) and its marketing banners (getMarketingPosition). */
export const liveProducts = pgTable(
  'live_products',
  {
    id: serial('id').primaryKey(),
    liveId: integer('live_id')
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    placement: text('placement', { enum: ['product', 'banner'] }).notNull(),
    name: text('name').notNull(),
    /** public: mutual fund; private: private fund, shown to qualified investors only. */
    kind: text('kind', { enum: ['public', 'private', 'insurance', 'activity'] }).notNull(),
    /**
     * A fund's code in the product master (mkt_products.code): its risk level is read from there, never
     * kept here, so a live room cannot show a label the master does not hold. A banner names the fund it
     * promotes; null for insurance, which carries no fund risk level.
     */
    productCode: text('product_code'),
    highlight: text('highlight').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('live_products_live_idx').on(t.liveId, t.placement, t.position)],
);

/** Chat messages of a live's room, oldest first by id. */
export const liveMessages = pgTable(
  'live_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roomId: text('room_id').notNull(),
    senderId: text('sender_id').notNull(),
    senderName: text('sender_name').notNull(),
    /** presenter / assistant / viewer: the room styles each differently. */
    senderRole: text('sender_role', { enum: ['presenter', 'assistant', 'viewer'] }).notNull(),
    content: text('content').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('live_messages_room_idx').on(t.roomId, t.id)],
);

/** Leave-a-message (/chat-group/act/leave-message): questions left for a live's presenters. */
export const leaveMessages = pgTable(
  'leave_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    liveId: integer('live_id')
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    employeeId: text('employee_id').notNull(),
    realName: text('real_name').notNull(),
    content: text('content').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('leave_messages_live_idx').on(t.liveId, t.id)],
);

/** Lives that ask for an interact authentication step, and who passed it. */
export const liveInteractRules = pgTable('live_interact_rules', {
  liveId: integer('live_id')
    .primaryKey()
    .references(() => lives.id, { onDelete: 'cascade' }),
  /** qualified_investor: private-fund content needs the viewer's confirmation first. */
  authKind: text('auth_kind', { enum: ['qualified_investor'] }).notNull(),
});

export const interactAuths = pgTable(
  'interact_auths',
  {
    liveId: integer('live_id')
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    employeeId: text('employee_id').notNull(),
    confirmedAt: at('confirmed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.liveId, t.employeeId] })],
);

/** Codes the local WeCom/WeChat sign-in pages issue: single use, 5 minutes. */
export const authCodes = pgTable('auth_codes', {
  code: text('code').primaryKey(),
  /** 'wecom' (work-chat) or 'wechat' (web-chat and share pages); 'login': make_login_token's tokens. */
  kind: text('kind', { enum: ['wecom', 'wechat', 'login'] }).notNull(),
  appId: text('app_id').notNull(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: at('created_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

/** SMS codes shown on the local page instead of sent; also the rate-limit log. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Region code and national number, e.g. "86-13800000000". */
    phone: text('phone').notNull(),
    code: text('code').notNull(),
    address: text('address').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: at('used_at'),
  },
  (t) => [
    index('sms_codes_phone_idx').on(t.phone, t.createdAt),
    index('sms_codes_address_idx').on(t.address, t.createdAt),
  ],
);

/**
 * Wrong passwords per account (never per address: a rotated X-Forwarded-For must not reset them).
 * `account` is the SHA-256 of the phone key, so the table holds no phone number.
 */
export const passwordFailures = pgTable('password_failures', {
  account: text('account').primaryKey(),
  failures: integer('failures').notNull(),
  /** No password is evaluated for the account before this instant. */
  lockedUntil: at('locked_until'),
  updatedAt: at('updated_at').notNull(),
});

/** The key pair behind get_rsa; the newest row is the one in use. */
export const rsaKeys = pgTable('rsa_keys', {
  id: serial('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: at('created_at').notNull(),
});

/** Phone numbers signed in by SMS, and the customer account each one opened. */
export const phoneAccounts = pgTable('phone_accounts', {
  phone: text('phone').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: at('created_at').notNull(),
});

/** Action logs sent from the debug panel ("report a problem"), by their short readable id. */
export const actionLogs = pgTable(
  'action_logs',
  {
    id: text('id').primaryKey(),
    note: text('note'),
    appVersion: text('app_version').notNull(),
    environment: text('environment').notNull(),
    entries: integer('entries').notNull(),
    bytes: integer('bytes').notNull(),
    log: jsonb('log').notNull(),
    receivedAt: at('received_at').notNull(),
    /** Who sent it, for the per-day cap: user:<id>, or ip:<hash> for a guest (null: before the cap). */
    uploader: text('uploader'),
    // The developers' search reads these, filled on upload from the log (src/api/contract/action-log-facts.ts);
    // the JSON is never scanned. Logs stored before they existed have the defaults and are found by time only.
    /** `[user:…]`/`[phone:…]` labels of the sender, keyed like the server's placeholders. */
    userKeys: text('user_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    context: text('context'),
    startedAt: at('started_at'),
    endedAt: at('ended_at'),
    pages: text('pages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    actionTypes: text('action_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    hasError: boolean('has_error').notNull().default(false),
    firstErrorStep: integer('first_error_step'),
    /** The payloads' strings and the note, lower-cased, each once (searched with LIKE). */
    searchText: text('search_text').notNull().default(''),
  },
  (t) => [
    index('action_logs_received_idx').on(t.receivedAt),
    index('action_logs_uploader_idx').on(t.uploader, t.receivedAt),
    index('action_logs_user_keys_idx').using('gin', t.userKeys),
    index('action_logs_pages_idx').using('gin', t.pages),
    index('action_logs_action_types_idx').using('gin', t.actionTypes),
    index('action_logs_context_idx').on(t.context, t.receivedAt),
    index('action_logs_error_idx').on(t.hasError, t.receivedAt),
    index('action_logs_span_idx').on(t.startedAt, t.endedAt),
  ],
);

/** The permission pair (self-auth): when a customer confirmed being a qualified investor. */
export const selfAuthConfirmations = pgTable('self_auth_confirmations', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  confirmedAt: at('confirmed_at').notNull(),
});
