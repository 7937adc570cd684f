import { and, asc, eq, gt, lte, or, type SQL } from 'drizzle-orm';

import { ATTRIBUTION_WINDOW_MS, type FlagRule, type VoidReason } from '../../src/api/contract/invitation-constants';
import type { Db } from '../db/client';
import { mgmInvitations, mgmRewards } from '../db/schema';
import type { createMemberRepository } from './invitation-members';
import { addReward } from './invitation-rewards';
import { countRows } from './query-helpers';

export type InvitationRow = typeof mgmInvitations.$inferSelect;

export interface Visitor {
  deviceId: string;
  unionId: string | null;
}

const byVisitor = (v: Visitor): SQL =>
  v.unionId
    ? (or(eq(mgmInvitations.deviceId, v.deviceId), eq(mgmInvitations.unionId, v.unionId)) as SQL)
    : eq(mgmInvitations.deviceId, v.deviceId);

/** Opened links nobody registered through within 30 days lapse. */
export async function expireStale(db: Db, where: SQL, now: Date) {
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
}

/** An invitation from the first opened link to the invitee's registration and identity verification. */
export function createAttributionRepository(db: Db, members: ReturnType<typeof createMemberRepository>) {
  return {
    /** The visitor's live first touch: the oldest open invitation within 30 days. */
    async firstTouch(visitor: Visitor, now: Date): Promise<InvitationRow | null> {
      await expireStale(db, byVisitor(visitor), now);
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
      return countRows(
        db,
        mgmInvitations,
        and(eq(mgmInvitations.inviterId, inviterId), gt(mgmInvitations.registeredAt, since)),
      );
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
      await addReward(db, row.inviterId, row.id, 'registration', now);
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
      await addReward(db, inv.inviterId, inv.id, 'identity_verification', now);
      const state = inv.flagOpen ? 'verified' : 'eligible';
      const [row] = await db
        .update(mgmInvitations)
        .set({ state, updatedAt: now })
        .where(eq(mgmInvitations.id, inv.id))
        .returning();
      return row ?? null;
    },
  };
}
