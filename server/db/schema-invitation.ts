import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { users } from './schema-core';
import { storeArticles } from './schema-store';

/** The member-invitation program. */
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A member of the programme: one per user, one per phone, one per WeChat identity. */
export const mgmMembers = pgTable(
  'mgm_members',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Region and national number ("86-13800000000"); null for a member who signed in without one. */
    phone: text('phone').unique(),
    unionId: text('union_id').unique(),
    shareCode: text('share_code').notNull().unique(),
    /** scrypt$salt$hash of the password chosen at registration. */
    passwordHash: text('password_hash'),
    registerIp: text('register_ip'),
    /** The service agreement accepted at registration (review/checkSign). */
    agreementSignedAt: at('agreement_signed_at'),
    verifiedAt: at('verified_at'),
    /** The verified resident ID, masked (110***********002X): the full number is never stored. */
    idNumberMasked: text('id_number_masked'),
    /** Binding to an adviser, set by staff (review/bind, review/confirm). */
    adviserId: integer('adviser_id').references(() => users.id, { onDelete: 'set null' }),
    bindState: text('bind_state', { enum: ['unbound', 'bound', 'confirmed', 'rejected'] })
      .notNull()
      .default('unbound'),
    createdAt: at('created_at').notNull(),
    /** sha256 of the registration's requestId: a resent register (its answer lost) finds this member instead of failing. */
    registerRequest: text('register_request').unique(),
  },
  (t) => [index('mgm_members_ip_idx').on(t.registerIp, t.createdAt)],
);

/** Devices a member used (self-referral: same device as the inviter). */
export const mgmDevices = pgTable(
  'mgm_devices',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => mgmMembers.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    seenAt: at('seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.deviceId] }), index('mgm_devices_device_idx').on(t.deviceId)],
);

/** mgmtoken sessions. */
export const mgmSessions = pgTable('mgm_sessions', {
  /** SHA-256 (hex) of the mgmtoken handed out (security/token-hash.ts). */
  token: text('token').primaryKey(),
  memberId: integer('member_id')
    .notNull()
    .references(() => mgmMembers.id, { onDelete: 'cascade' }),
  createdAt: at('created_at').notNull(),
  expiresAt: at('expires_at').notNull(),
});

/**
 * One invitation per visitor's first touch: opened → registered → verified → eligible → granted | voided.
 * The visitor is known by device id and, in WeChat, by unionid until they register.
 */
export const mgmInvitations = pgTable(
  'mgm_invitations',
  {
    id: serial('id').primaryKey(),
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => mgmMembers.id, { onDelete: 'cascade' }),
    inviteeId: integer('invitee_id')
      .unique()
      .references(() => mgmMembers.id, { onDelete: 'set null' }),
    deviceId: text('device_id').notNull(),
    unionId: text('union_id'),
    state: text('state', { enum: ['opened', 'registered', 'verified', 'eligible', 'granted', 'voided'] }).notNull(),
    voidReason: text('void_reason', { enum: ['expired', 'self_referral', 'already_registered', 'review_rejected'] }),
    /** Fraud rules that fired at registration, comma-separated in firing order; '' when none. */
    flags: text('flags').notNull().default(''),
    /** Open until staff clear or confirm the flag. */
    flagOpen: integer('flag_open').notNull().default(0),
    registerIp: text('register_ip'),
    openedAt: at('opened_at').notNull(),
    registeredAt: at('registered_at'),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('mgm_invitations_device_idx').on(t.deviceId, t.openedAt),
    index('mgm_invitations_union_idx').on(t.unionId, t.openedAt),
    index('mgm_invitations_inviter_idx').on(t.inviterId, t.id),
    index('mgm_invitations_inviter_reg_idx').on(t.inviterId, t.registeredAt),
    check('mgm_invitations_void_reason', sql`(${t.state} = 'voided') = (${t.voidReason} IS NOT NULL)`),
  ],
);

/** Rewards: only for registration, identity verification or learning tasks; never for a purchase. */
export const mgmRewards = pgTable(
  'mgm_rewards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => mgmMembers.id, { onDelete: 'cascade' }),
    invitationId: integer('invitation_id').references(() => mgmInvitations.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['registration', 'identity_verification', 'learning_task'] }).notNull(),
    points: integer('points').notNull(),
    state: text('state', { enum: ['pending', 'granted', 'voided'] }).notNull(),
    voidReason: text('void_reason', { enum: ['expired', 'self_referral', 'already_registered', 'review_rejected'] }),
    createdAt: at('created_at').notNull(),
    settledAt: at('settled_at'),
  },
  (t) => [
    index('mgm_rewards_member_idx').on(t.memberId, t.id),
    uniqueIndex('mgm_rewards_once_idx').on(t.invitationId, t.kind),
    // The database itself refuses a reward for anything else (a purchase above all).
    check('mgm_rewards_kind', sql`${t.kind} IN ('registration', 'identity_verification', 'learning_task')`),
    check('mgm_rewards_state', sql`${t.state} IN ('pending', 'granted', 'voided')`),
  ],
);

/** The binding history staff read (review/queryBindLog). */
export const mgmBindLogs = pgTable(
  'mgm_bind_logs',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => mgmMembers.id, { onDelete: 'cascade' }),
    /** reverse: a second reviewer undid the final approve/reject before it (docs/invitation.md). */
    action: text('action', { enum: ['bind', 'approve', 'reject', 'reverse'] }).notNull(),
    adviserId: integer('adviser_id').references(() => users.id, { onDelete: 'set null' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('mgm_bind_logs_member_idx').on(t.memberId, t.id)],
);

/**
 * Learning tasks: reading an investor-education article of the store. The server times the
 * reading itself (started_at on the server clock), so a task cannot be completed by one call.
 */
export const mgmTaskProgress = pgTable(
  'mgm_task_progress',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => mgmMembers.id, { onDelete: 'cascade' }),
    articleId: integer('article_id')
      .notNull()
      .references(() => storeArticles.id, { onDelete: 'cascade' }),
    startedAt: at('started_at').notNull(),
    completedAt: at('completed_at'),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.articleId] })],
);
