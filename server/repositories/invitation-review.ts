import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { BindState } from '../../src/api/contract/invitation-constants';
import type { Db } from '../db/client';
import { mgmInvitations, mgmMembers, users } from '../db/schema';
import { createBindLogRepository } from './invitation-bind-log';
import { countedPage, likePattern } from './query-helpers';

type ReviewStatus = 'pending' | 'done' | 'all';

/** Staff binding review of invited members to advisers (review/*). */
export function createReviewRepository(db: Db) {
  const memberUser = alias(users, 'member_user');
  const adviser = alias(users, 'adviser');

  return {
    ...createBindLogRepository(db),

    /** Invited members (those who registered through an invitation), pending ones first. */
    async userList(status: ReviewStatus, page: number, pageSize: number) {
      const states: BindState[] =
        status === 'pending'
          ? ['unbound', 'bound']
          : status === 'done'
            ? ['confirmed', 'rejected']
            : ['unbound', 'bound', 'confirmed', 'rejected'];
      const where = and(inArray(mgmMembers.bindState, states), sql`${mgmMembers.passwordHash} IS NOT NULL`);
      const select = db
        .select({
          member: mgmMembers,
          name: memberUser.realName,
          adviserName: adviser.realName,
          inv: { state: mgmInvitations.state, flags: mgmInvitations.flags },
          inviterName: sql<
            string | null
          >`(SELECT u.real_name FROM mgm_members m JOIN users u ON u.id = m.user_id WHERE m.id = ${mgmInvitations.inviterId})`,
          inviterUserId: sql<
            number | null
          >`(SELECT m.user_id FROM mgm_members m WHERE m.id = ${mgmInvitations.inviterId})`,
        })
        .from(mgmMembers)
        .innerJoin(memberUser, eq(memberUser.id, mgmMembers.userId))
        .leftJoin(adviser, eq(adviser.id, mgmMembers.adviserId))
        .leftJoin(mgmInvitations, eq(mgmInvitations.inviteeId, mgmMembers.id))
        .orderBy(desc(mgmInvitations.flagOpen), desc(mgmMembers.id));
      return countedPage(db, mgmMembers, where, select.$dynamic(), page, pageSize);
    },

    /** Financial advisers by name or employee code: only they may be bound to a customer. */
    async queryAdvisers(keyword: string) {
      const like = likePattern(keyword);
      return db
        .select()
        .from(users)
        .where(
          and(
            eq(users.role, 'adviser'),
            eq(users.isFinancialAdvisor, true),
            or(ilike(users.realName, like), ilike(users.employeeId, like)),
          ),
        )
        .orderBy(users.id)
        .limit(20);
    },

    async adviserByEmployeeId(employeeId: string) {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.employeeId, employeeId), eq(users.role, 'adviser')))
        .limit(1);
      return row ?? null;
    },

    /** The user who invited this member (they earn its rewards), if it came through an invitation. */
    async inviterUserId(memberId: number): Promise<number | null> {
      const [row] = await db
        .select({ userId: mgmMembers.userId })
        .from(mgmInvitations)
        .innerJoin(mgmMembers, eq(mgmMembers.id, mgmInvitations.inviterId))
        .where(eq(mgmInvitations.inviteeId, memberId))
        .limit(1);
      return row?.userId ?? null;
    },

    async setBinding(memberId: number, values: { adviserId?: number | null; bindState: BindState }) {
      await db.update(mgmMembers).set(values).where(eq(mgmMembers.id, memberId));
    },
  };
}
