import { sql } from 'drizzle-orm';
import {
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
} from 'drizzle-orm/pg-core';

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
  createdAt: at('created_at').notNull(),
});

export const sessions = pgTable(
  'sessions',
  {
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
  },
  (t) => [
    // The list splits on end_time (> now: live or upcoming; <= now: ended, newest first);
    // start_time and id ride along so counting and picking a page never touch the table.
    index('lives_category_end_start_idx').on(t.categoryId, t.endTime, t.startTime, t.id),
    check('lives_end_after_start', sql`${t.endTime} > ${t.startTime}`),
  ],
);

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
    /** Subscribers come from outside this database too (spec §3 subscribe payload), so no FK. */
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
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.viewerId] }),
    index('room_presence_room_seen_idx').on(t.roomId, t.lastSeenAt),
  ],
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
export const analyticsEvents = pgTable('analytics_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  project: text('project').notNull(),
  event: text('event').notNull(),
  distinctId: text('distinct_id').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: at('received_at').notNull(),
});

/** Error-reporting envelopes (Sentry wire format), kept whole. */
export const errorReports = pgTable('error_reports', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  projectId: text('project_id').notNull(),
  payload: text('payload').notNull(),
  receivedAt: at('received_at').notNull(),
});
