import { and, desc, eq, sql } from 'drizzle-orm';

import { REWARD_POINTS, type RewardKind } from '../../src/api/contract/invitation-constants';
import type { Db } from '../db/client';
import { mgmInvitations, mgmMembers, mgmRewards } from '../db/schema';
import { pageOffset } from './query-helpers';

/** The only way a reward row is made: its kind is one of REWARD_KINDS, and each invitation earns each kind once. */
export async function addReward(
  db: Db,
  memberId: number,
  invitationId: number | null,
  kind: RewardKind,
  now: Date,
  state: 'pending' | 'granted' = 'pending',
) {
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
}

/** What a member earned: the list of rewards with its sums, and the points granted. */
export function createRewardReadsRepository(db: Db) {
  return {
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
        .offset(pageOffset(page, pageSize));
      return { total: sums?.n ?? 0, pendingPoints: sums?.pending ?? 0, grantedPoints: sums?.granted ?? 0, rows };
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
