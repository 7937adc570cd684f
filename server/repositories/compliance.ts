import { and, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { complianceEvents } from '../db/schema';
import type { ComplianceEventKind } from '../../src/api/contract/compliance-events';

export type ComplianceEventRow = typeof complianceEvents.$inferSelect;
export type NewComplianceEvent = Omit<typeof complianceEvents.$inferInsert, 'id'>;

export interface ComplianceFilter {
  kind?: ComplianceEventKind;
  adviserId?: number;
  customerId?: number;
  productId?: number;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  /** Keyset paging: rows with a smaller id than this. */
  beforeId?: number;
  limit: number;
}

/** The compliance trail: written by every path that decides what reaches a customer, read by the compliance officer. */
export function createComplianceRepository(db: Db) {
  return {
    /** Takes a transaction's handle too, so the trail row commits or rolls back with the decision it records. */
    async record(event: NewComplianceEvent, tx: Pick<Db, 'insert'> = db): Promise<void> {
      await tx.insert(complianceEvents).values(event);
    },

    async recordMany(events: readonly NewComplianceEvent[], tx: Pick<Db, 'insert'> = db): Promise<void> {
      if (events.length) await tx.insert(complianceEvents).values([...events]);
    },

    async list(filter: ComplianceFilter): Promise<ComplianceEventRow[]> {
      const where: SQL[] = [];
      if (filter.kind) where.push(eq(complianceEvents.kind, filter.kind));
      if (filter.adviserId !== undefined) where.push(eq(complianceEvents.adviserId, filter.adviserId));
      if (filter.customerId !== undefined) where.push(eq(complianceEvents.customerId, filter.customerId));
      if (filter.productId !== undefined) where.push(eq(complianceEvents.productId, filter.productId));
      if (filter.from) where.push(gte(complianceEvents.at, filter.from));
      if (filter.to) where.push(lt(complianceEvents.at, filter.to));
      if (filter.beforeId !== undefined) where.push(lte(complianceEvents.id, filter.beforeId - 1));
      return db
        .select()
        .from(complianceEvents)
        .where(where.length ? and(...where) : undefined)
        .orderBy(desc(complianceEvents.id))
        .limit(filter.limit);
    },
  };
}
export type ComplianceRepository = ReturnType<typeof createComplianceRepository>;
