import { and, asc, desc, eq, gt, inArray, lte, or, type SQL, sql } from 'drizzle-orm';

import {
  ATTRIBUTION_WINDOW_MS,
  type FlagRule,
  REWARD_POINTS,
  type RewardKind,
  type VoidReason,
} from '../../src/api/contract/invitation-constants';
import type { Db } from '../db/client';
import { mgmInvitations, mgmMembers, mgmRewards, users } from '../db/schema';
import { createMemberRepository } from './invitation-members';
import { createMgmSmsRepository } from './invitation-sms';
import { createTaskRepository } from './invitation-tasks';

export type InvitationRow = typeof mgmInvitations.$inferSelect;

export interface Visitor {
  deviceId: string;
  unionId: string | null;
}

const byVisitor = (v: Visitor): SQL =>
  v.unionId
    ? (or(eq(mgmInvitations.deviceId, v.deviceId), eq(mgmInvitations.unionId, v.unionId)) as SQL)
    : eq(mgmInvitations.deviceId, v.deviceId);

/** Invitations (first-touch attribution) and the rewards they earn. */
export function createInvitationRepository(db: Db) {
  const members = createMemberRepository(db);

  /** Opened links nobody registered through within 30 days lapse. */
  const expireStale = async (where: SQL, now: Date) => {
    await db
      .update(mgmInvitations)
      .set({ state: 'voided', voidReason: 'expired', updatedAt: now })
      .where(
        and(
          where,
          eq(mgmInvitations.state, 'opened'),
          lte(mgmInvitations.openedAt, new Date(now.getTime() - ATTRIBUTION_WINDOW_MS)),
        ),
      );
  };

  /** The only way a reward row is made: its kind is one of REWARD_KINDS, and each invitation earns each kind once. */
  const addReward = async (
    memberId: number,
    invitationId: number | null,
    kind: RewardKind,
    now: Date,
    state: 'pending' | 'granted' = 'pending',
  ) => {
    await db
      .insert(mgmRewards)
      .values({
        memberId,
        invitationId,
        kind,
        points: REWARD_POINTS[kind],
        state,
        createdAt: now,
        settledAt: state === 'granted' ? now : null,
      })
      .onConflictDoNothing();
  };

  return {
    members,
    sms: createMgmSmsRepository(db),
    tasks: createTaskRepository(db),

    /** The visitor's live first touch: the oldest open invitation within 30 days. */
    async firstTouch(visitor: Visitor, now: Date): Promise<InvitationRow | null> {
      await expireStale(byVisitor(visitor), now);
      const [row] = await db
        .select()
        .from(mgmInvitations)
        .where(and(byVisitor(visitor), eq(mgmInvitations.state, 'opened')))
        .orderBy(asc(mgmInvitations.openedAt), asc(mgmInvitations.id))
        .limit(1);
      return row ?? null;
    },

    /**
     * A link was opened. Only the first touch opens an invitation: a visitor already attributed
     * (within 30 days) or already a member keeps their inviter. Returns whether this link counts.
     */
    async recordOpen(
      inviterId: number,
      visitor: Visitor,
      now: Date,
    ): Promise<{ counted: boolean; invitation: InvitationRow | null }> {
      const first = await this.firstTouch(visitor, now);
      if (first) return { counted: first.inviterId === inviterId, invitation: first };
      const [row] = await db
        .insert(mgmInvitations)
        .values({
          inviterId,
          deviceId: visitor.deviceId,
          unionId: visitor.unionId,
          state: 'opened',
          openedAt: now,
          updatedAt: now,
        })
        .returning();
      return { counted: true, invitation: row ?? null };
    },

    async voidInvitation(id: number, reason: VoidReason, now: Date): Promise<void> {
      await db
        .update(mgmInvitations)
        .set({ state: 'voided', voidReason: reason, updatedAt: now })
        .where(eq(mgmInvitations.id, id));
      await db
        .update(mgmRewards)
        .set({ state: 'voided', voidReason: reason, settledAt: now })
        .where(and(eq(mgmRewards.invitationId, id), eq(mgmRewards.state, 'pending')));
    },

    async registrationsForInviterSince(inviterId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(mgmInvitations)
        .where(and(eq(mgmInvitations.inviterId, inviterId), gt(mgmInvitations.registeredAt, since)));
      return row?.n ?? 0;
    },

    /** The invitee registered through this invitation: the inviter's registration reward waits (pending). */
    /** The invitation a member registered through, if any. */
    async invitationOfInvitee(memberId: number): Promise<InvitationRow | null> {
      const [row] = await db.select().from(mgmInvitations).where(eq(mgmInvitations.inviteeId, memberId)).limit(1);
      return row ?? null;
    },
    async markRegistered(
      id: number,
      inviteeId: number,
      flags: FlagRule[],
      ip: string,
      now: Date,
    ): Promise<InvitationRow> {
      const [row] = await db
        .update(mgmInvitations)
        .set({
          state: 'registered',
          inviteeId,
          flags: flags.join(','),
          flagOpen: flags.length > 0 ? 1 : 0,
          registerIp: ip,
          registeredAt: now,
          updatedAt: now,
        })
        .where(eq(mgmInvitations.id, id))
        .returning();
      if (!row) throw new Error('invitation vanished');
      await addReward(row.inviterId, row.id, 'registration', now);
      return row;
    },

    async forInvitee(inviteeId: number): Promise<InvitationRow | null> {
      const [row] = await db.select().from(mgmInvitations).where(eq(mgmInvitations.inviteeId, inviteeId)).limit(1);
      return row ?? null;
    },

    /**
     * Identity verified (the masked ID is all that is kept): registered → verified, and eligible at
     * once when no fraud flag is open; the inviter's identity reward waits (pending) for the review.
     */
    async markVerified(inviteeId: number, idNumberMasked: string, now: Date): Promise<InvitationRow | null> {
      await members.markVerified(inviteeId, idNumberMasked, now);
      const inv = await this.forInvitee(inviteeId);
      if (!inv || inv.state !== 'registered') return inv;
      await addReward(inv.inviterId, inv.id, 'identity_verification', now);
      const state = inv.flagOpen ? 'verified' : 'eligible';
      const [row] = await db
        .update(mgmInvitations)
        .set({ state, updatedAt: now })
        .where(eq(mgmInvitations.id, inv.id))
        .returning();
      return row ?? null;
    },

    /**
     * A member finished a learning task: their own points at once (the server timed the reading),
     * and their inviter's learning reward once per invitation: pending until the review grants the
     * invitation, granted at once when it already has been, none when it was voided.
     */
    async learningTaskDone(memberId: number, now: Date): Promise<void> {
      await addReward(memberId, null, 'learning_task', now, 'granted');
      const inv = await this.forInvitee(memberId);
      if (inv && inv.state !== 'voided')
        await addReward(inv.inviterId, inv.id, 'learning_task', now, inv.state === 'granted' ? 'granted' : 'pending');
    },

    /** Staff approve: the flag closes; a verified invitation becomes eligible, an eligible one is granted. */
    async approve(inviteeId: number, now: Date): Promise<InvitationRow | null> {
      const inv = await this.forInvitee(inviteeId);
      if (!inv || inv.state === 'voided' || inv.state === 'granted') return inv;
      const state = inv.state === 'verified' || inv.state === 'eligible' ? 'granted' : inv.state;
      const [row] = await db
        .update(mgmInvitations)
        .set({ state, flagOpen: 0, updatedAt: now })
        .where(eq(mgmInvitations.id, inv.id))
        .returning();
      if (state === 'granted') {
        await db
          .update(mgmRewards)
          .set({ state: 'granted', settledAt: now })
          .where(and(eq(mgmRewards.invitationId, inv.id), eq(mgmRewards.state, 'pending')));
      }
      return row ?? null;
    },

    async reject(inviteeId: number, now: Date): Promise<InvitationRow | null> {
      const inv = await this.forInvitee(inviteeId);
      if (!inv || inv.state === 'voided' || inv.state === 'granted') return inv;
      await this.voidInvitation(inv.id, 'review_rejected', now);
      return this.forInvitee(inviteeId);
    },

    /**
     * A second reviewer reversed the final decision on this invitee (docs/invitation.md): the invitation
     * goes back to review and its rewards follow. A grant is revoked (granted → pending) and a rejection's
     * voiding lifted (→ pending); the next approve grants them, the next reject voids them.
     */
    async reopen(inviteeId: number, verified: boolean, now: Date): Promise<InvitationRow | null> {
      const inv = await this.forInvitee(inviteeId);
      if (!inv) return null;
      const reopenable = inv.state === 'granted' || (inv.state === 'voided' && inv.voidReason === 'review_rejected');
      if (!reopenable) return inv;
      const [row] = await db
        .update(mgmInvitations)
        .set({ state: verified ? 'verified' : 'registered', voidReason: null, updatedAt: now })
        .where(eq(mgmInvitations.id, inv.id))
        .returning();
      await db
        .update(mgmRewards)
        .set({ state: 'pending', voidReason: null, settledAt: null })
        .where(
          and(
            eq(mgmRewards.invitationId, inv.id),
            or(
              eq(mgmRewards.state, 'granted'),
              and(eq(mgmRewards.state, 'voided'), eq(mgmRewards.voidReason, 'review_rejected')),
            ),
          ),
        );
      return row ?? null;
    },

    /** The inviter's invitations, newest first, with the invitee's phone and name (masked by the caller). */
    /**
     * The one list of an inviter's invitations that 我的 (its first rows) and /record (every page) both read:
     * the people who registered first, newest registration first, then links only opened, newest first, so a
     * few visitors opening the link never push a registered friend off 我的.
     */
    async friendList(inviterId: number, page: number, pageSize: number, now: Date) {
      await expireStale(eq(mgmInvitations.inviterId, inviterId), now);
      const where = eq(mgmInvitations.inviterId, inviterId);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(mgmInvitations)
        .where(where);
      const rows = await db
        .select({ inv: mgmInvitations, phone: mgmMembers.phone, name: users.realName })
        .from(mgmInvitations)
        .leftJoin(mgmMembers, eq(mgmMembers.id, mgmInvitations.inviteeId))
        .leftJoin(users, eq(users.id, mgmMembers.userId))
        .where(where)
        .orderBy(
          sql`${mgmInvitations.inviteeId} is null`,
          desc(sql`coalesce(${mgmInvitations.registeredAt}, ${mgmInvitations.openedAt})`),
          desc(mgmInvitations.id),
        )
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return { total: count?.n ?? 0, rows };
    },

    async giftList(memberId: number, page: number, pageSize: number) {
      const where = eq(mgmRewards.memberId, memberId);
      const [sums] = await db
        .select({
          n: sql<number>`count(*)::int`,
          pending: sql<number>`coalesce(sum(${mgmRewards.points}) filter (where ${mgmRewards.state} = 'pending'), 0)::int`,
          granted: sql<number>`coalesce(sum(${mgmRewards.points}) filter (where ${mgmRewards.state} = 'granted'), 0)::int`,
        })
        .from(mgmRewards)
        .where(where);
      const rows = await db
        .select({ reward: mgmRewards, phone: mgmMembers.phone })
        .from(mgmRewards)
        .leftJoin(mgmInvitations, eq(mgmInvitations.id, mgmRewards.invitationId))
        .leftJoin(mgmMembers, eq(mgmMembers.id, mgmInvitations.inviteeId))
        .where(where)
        .orderBy(desc(mgmRewards.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return { total: sums?.n ?? 0, pendingPoints: sums?.pending ?? 0, grantedPoints: sums?.granted ?? 0, rows };
    },

    async invitedCount(inviterId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(mgmInvitations)
        .where(
          and(
            eq(mgmInvitations.inviterId, inviterId),
            inArray(mgmInvitations.state, ['registered', 'verified', 'eligible', 'granted']),
          ),
        );
      return row?.n ?? 0;
    },

    async grantedPoints(memberId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${mgmRewards.points}), 0)::int` })
        .from(mgmRewards)
        .where(and(eq(mgmRewards.memberId, memberId), eq(mgmRewards.state, 'granted')));
      return row?.n ?? 0;
    },
  };
}
