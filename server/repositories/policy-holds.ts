import { and, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';

import { HOLD_LABELS, type HoldMark, type PolicyHoldState } from '../../src/api/contract/policy-holds';
import type { Db } from '../db/client';
import { policyHolds, users } from '../db/schema';

export type PolicyHoldRow = typeof policyHolds.$inferSelect;
export interface NewHold {
  subject: string;
  place: string;
  writerId: number | null;
  content: string;
  rule: string;
  word: string;
  message: string;
  now: Date;
}

/**
 * SQL true when the subject `prefix:<idColumn>` is held or rejected (not yet released to the public);
 * the read paths that serve the public filter on it.
 */
export const withheld = (prefix: string, idColumn: unknown): SQL =>
  sql`exists (select 1 from ${policyHolds} where ${policyHolds.subject} = ${prefix + ':'} || ${idColumn}::text and ${policyHolds.status} <> 'approved')`;

/** The writer's mark on their own text: 待合规审核 with the policy's reason, or 未通过 with the reviewer's. */
export function markOf(
  row: Pick<PolicyHoldRow, 'status' | 'message' | 'decisionReason'> | null | undefined,
): HoldMark | null {
  if (!row || row.status === 'approved') return null;
  return row.status === 'held'
    ? { status: 'held', label: HOLD_LABELS.held, reason: row.message }
    : { status: 'rejected', label: HOLD_LABELS.rejected, reason: row.decisionReason ?? row.message };
}

/** Joins a subject's hold: `leftJoin(policyHolds, holdOf('question', storeQuestions.id))`. */
export const holdOf = (prefix: string, idColumn: unknown): SQL =>
  sql`${policyHolds.subject} = ${prefix + ':'} || ${idColumn}::text`;

/** The held queue: one row per held subject, whatever table its text lives in. */
export function createPolicyHoldsRepository(db: Db) {
  return {
    /** Holds a subject (again): a rewritten text that is held once more goes back to `held`. */
    async hold(h: NewHold): Promise<PolicyHoldRow> {
      const values = {
        subject: h.subject,
        place: h.place,
        writerId: h.writerId,
        content: h.content,
        rule: h.rule,
        word: h.word,
        message: h.message,
        status: 'held' as const,
        createdAt: h.now,
      };
      const [row] = await db
        .insert(policyHolds)
        .values(values)
        .onConflictDoUpdate({
          target: policyHolds.subject,
          set: { ...values, decidedBy: null, decidedAt: null, decisionReason: null },
        })
        .returning();
      return row!;
    },
    /** A text that passes now releases its subject (an answer rewritten without the held words). */
    async release(subject: string): Promise<void> {
      await db.delete(policyHolds).where(eq(policyHolds.subject, subject));
    },
    async bySubject(subject: string): Promise<PolicyHoldRow | null> {
      const [row] = await db.select().from(policyHolds).where(eq(policyHolds.subject, subject));
      return row ?? null;
    },
    /** The holds of these subjects that still keep them from the public, by subject. */
    async pending(subjects: readonly string[]): Promise<Map<string, PolicyHoldRow>> {
      if (!subjects.length) return new Map();
      const rows = await db
        .select()
        .from(policyHolds)
        .where(and(inArray(policyHolds.subject, [...new Set(subjects)]), ne(policyHolds.status, 'approved')));
      return new Map(rows.map((r) => [r.subject, r]));
    },
    async byId(id: number): Promise<PolicyHoldRow | null> {
      const [row] = await db.select().from(policyHolds).where(eq(policyHolds.id, id));
      return row ?? null;
    },
    /** The reviewer's queue, newest first, with the writer's name. */
    async list(status: PolicyHoldState, limit = 100) {
      return db
        .select({ h: policyHolds, writerName: users.realName })
        .from(policyHolds)
        .leftJoin(users, eq(users.id, policyHolds.writerId))
        .where(eq(policyHolds.status, status))
        .orderBy(desc(policyHolds.id))
        .limit(limit);
    },
    /** Decides a hold still `held` (a second reviewer at the same moment finds nothing to decide): null then. */
    async decide(
      id: number,
      to: 'approved' | 'rejected',
      by: number,
      reason: string | null,
      now: Date,
    ): Promise<PolicyHoldRow | null> {
      const [row] = await db
        .update(policyHolds)
        .set({ status: to, decidedBy: by, decidedAt: now, decisionReason: reason })
        .where(and(eq(policyHolds.id, id), eq(policyHolds.status, 'held')))
        .returning();
      return row ?? null;
    },
  };
}
export type PolicyHoldsRepository = ReturnType<typeof createPolicyHoldsRepository>;
