import { and, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { Db } from '../db/client';
import { mgmBindLogs, users } from '../db/schema';
import { countedPage } from './query-helpers';

/** The binding log: every bind, approve, reject and reverse, with the staff member who made it. */
export function createBindLogRepository(db: Db) {
  const adviser = alias(users, 'adviser');
  const staff = alias(users, 'staff');

  return {
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
      const select = db
        .select({ log: mgmBindLogs, adviserName: adviser.realName, staffName: staff.realName })
        .from(mgmBindLogs)
        .leftJoin(adviser, eq(adviser.id, mgmBindLogs.adviserId))
        .innerJoin(staff, eq(staff.id, mgmBindLogs.staffId))
        .orderBy(desc(mgmBindLogs.id));
      return countedPage(db, mgmBindLogs, where, select.$dynamic(), page, pageSize);
    },
  };
}
