import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { BindState } from '../../src/api/contract/invitation-constants';
import type { Db } from '../db/client';
import { mgmBindLogs, mgmInvitations, mgmMembers, users } from '../db/schema';
import { likePattern } from './query-helpers';

type ReviewStatus = 'pending' | 'done' | 'all';

/** Staff binding review of invited members to advisers (review/*). */
export function createReviewRepository(db: Db) {
  const memberUser = alias(users, 'member_user');
  const adviser = alias(users, 'adviser');
  const staff = alias(users, 'staff');

  return {
    /** Invited members (those who registered through an invitation), pending ones first. */
    async userList(status: ReviewStatus, page: number, pageSize: number) {
      const states: BindState[] =
        status === 'pending'
          ? ['unbound', 'bound']
          : status === 'done'
            ? ['confirmed', 'rejected']
            : ['unbound', 'bound', 'confirmed', 'rejected'];
      const where = and(inArray(mgmMembers.bindState, states), sql`${mgmMembers.passwordHash} IS NOT NULL`);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(mgmMembers)
        .where(where);
      const rows = await db
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
        .where(where)
        .orderBy(desc(mgmInvitations.flagOpen), desc(mgmMembers.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return { total: count?.n ?? 0, rows };
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

    /**
     * The decision that made each member's state final (the latest approve, reject or reverse in the
     * binding log), with who made it: a reversal needs someone else (docs/invitation.md).
     */
    async finalDecisions(memberIds: readonly number[]) {
      if (memberIds.length === 0) return new Map<number, { staffId: number; staffName: string | null; at: Date }>();
      const rows = await db
        .selectDistinctOn([mgmBindLogs.memberId], {
          memberId: mgmBindLogs.memberId,
          staffId: mgmBindLogs.staffId,
          staffName: staff.realName,
          at: mgmBindLogs.createdAt,
        })
        .from(mgmBindLogs)
        .innerJoin(staff, eq(staff.id, mgmBindLogs.staffId))
        .where(
          and(
            inArray(mgmBindLogs.memberId, [...memberIds]),
            inArray(mgmBindLogs.action, ['approve', 'reject', 'reverse']),
          ),
        )
        .orderBy(mgmBindLogs.memberId, desc(mgmBindLogs.id));
      return new Map(rows.map((r) => [r.memberId, { staffId: r.staffId, staffName: r.staffName, at: r.at }]));
    },

    async log(entry: {
      memberId: number;
      action: 'bind' | 'approve' | 'reject' | 'reverse';
      adviserId: number | null;
      staffId: number;
      note: string;
      now: Date;
    }) {
      await db.insert(mgmBindLogs).values({
        memberId: entry.memberId,
        action: entry.action,
        adviserId: entry.adviserId,
        staffId: entry.staffId,
        note: entry.note,
        createdAt: entry.now,
      });
    },

    async bindLog(memberId: number | undefined, page: number, pageSize: number) {
      const where = memberId === undefined ? undefined : eq(mgmBindLogs.memberId, memberId);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(mgmBindLogs)
        .where(where);
      const rows = await db
        .select({ log: mgmBindLogs, adviserName: adviser.realName, staffName: staff.realName })
        .from(mgmBindLogs)
        .leftJoin(adviser, eq(adviser.id, mgmBindLogs.adviserId))
        .innerJoin(staff, eq(staff.id, mgmBindLogs.staffId))
        .where(where)
        .orderBy(desc(mgmBindLogs.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return { total: count?.n ?? 0, rows };
    },
  };
}
