import { and, desc, eq, inArray, sql } from 'drizzle-orm';

import type { Db } from '../db/client';
import { mgmInvitations, mgmMembers, users } from '../db/schema';
import { expireStale } from './invitation-attribution';
import { countedPage, countRows } from './query-helpers';

/** An inviter's invitations as 我的 and /record list them, and how many registered. */
export function createInviterFriendsRepository(db: Db) {
  return {
    /** The inviter's invitations, newest first, with the invitee's phone and name (masked by the caller). */
    /**
     * The one list of an inviter's invitations that 我的 (its first rows) and /record (every page) both read:
     * the people who registered first, newest registration first, then links only opened, newest first, so a
     * few visitors opening the link never push a registered friend off 我的.
     */
    async friendList(inviterId: number, page: number, pageSize: number, now: Date) {
      await expireStale(db, eq(mgmInvitations.inviterId, inviterId), now);
      const where = eq(mgmInvitations.inviterId, inviterId);
      const select = db
        .select({ inv: mgmInvitations, phone: mgmMembers.phone, name: users.realName })
        .from(mgmInvitations)
        .leftJoin(mgmMembers, eq(mgmMembers.id, mgmInvitations.inviteeId))
        .leftJoin(users, eq(users.id, mgmMembers.userId))
        .orderBy(
          sql`${mgmInvitations.inviteeId} is null`,
          desc(sql`coalesce(${mgmInvitations.registeredAt}, ${mgmInvitations.openedAt})`),
          desc(mgmInvitations.id),
        );
      return countedPage(db, mgmInvitations, where, select.$dynamic(), page, pageSize);
    },

    async invitedCount(inviterId: number): Promise<number> {
      return countRows(
        db,
        mgmInvitations,
        and(
          eq(mgmInvitations.inviterId, inviterId),
          inArray(mgmInvitations.state, ['registered', 'verified', 'eligible', 'granted']),
        ),
      );
    },
  };
}
