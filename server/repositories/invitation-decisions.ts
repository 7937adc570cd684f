import { and, eq, or } from 'drizzle-orm';

import type { Db } from '../db/client';
import { mgmInvitations, mgmRewards } from '../db/schema';
import { type createAttributionRepository, type InvitationRow } from './invitation-attribution';
import { addReward } from './invitation-rewards';

/** What settles an invitation's rewards: the invitee's learning tasks and staff review (approve, reject, reopen). */
export function createInvitationDecisions(db: Db, invitations: ReturnType<typeof createAttributionRepository>) {
  return {
    /**
     * A member finished a learning task: their own points at once (the server timed the reading),
     * and their inviter's learning reward once per invitation: pending until the review grants the
     * invitation, granted at once when it already has been, none when it was voided.
     */
    async learningTaskDone(memberId: number, now: Date): Promise<void> {
      await addReward(db, memberId, null, 'learning_task', now, 'granted');
      const inv = await invitations.forInvitee(memberId);
      if (inv && inv.state !== 'voided')
        await addReward(
          db,
          inv.inviterId,
          inv.id,
          'learning_task',
          now,
          inv.state === 'granted' ? 'granted' : 'pending',
        );
    },

    /** Staff approve: the flag closes; a verified invitation becomes eligible, an eligible one is granted. */
    async approve(inviteeId: number, now: Date): Promise<InvitationRow | null> {
      const inv = await invitations.forInvitee(inviteeId);
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
      const inv = await invitations.forInvitee(inviteeId);
      if (!inv || inv.state === 'voided' || inv.state === 'granted') return inv;
      await invitations.voidInvitation(inv.id, 'review_rejected', now);
      return invitations.forInvitee(inviteeId);
    },

    /**
     * A second reviewer reversed the final decision on this invitee (docs/invitation.md): the invitation
     * goes back to review and its rewards follow. A grant is revoked (granted → pending) and a rejection's
     * voiding lifted (→ pending); the next approve grants them, the next reject voids them.
     */
    async reopen(inviteeId: number, verified: boolean, now: Date): Promise<InvitationRow | null> {
      const inv = await invitations.forInvitee(inviteeId);
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
  };
}
