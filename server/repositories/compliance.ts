import { and, asc, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { ComplianceEventKind } from '../../src/api/contract/compliance-events';
import type { Db } from '../db/client';
import { complianceEvents, mktCustomers, mktProducts, users } from '../db/schema';

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
  const whereOf = (filter: ComplianceFilter): SQL | undefined => {
    const where: SQL[] = [];
    if (filter.kind) where.push(eq(complianceEvents.kind, filter.kind));
    if (filter.adviserId !== undefined) where.push(eq(complianceEvents.adviserId, filter.adviserId));
    if (filter.customerId !== undefined) where.push(eq(complianceEvents.customerId, filter.customerId));
    if (filter.productId !== undefined) where.push(eq(complianceEvents.productId, filter.productId));
    if (filter.from) where.push(gte(complianceEvents.at, filter.from));
    if (filter.to) where.push(lt(complianceEvents.at, filter.to));
    if (filter.beforeId !== undefined) where.push(lte(complianceEvents.id, filter.beforeId - 1));
    return where.length ? and(...where) : undefined;
  };
  const actor = alias(users, 'actor');
  const adviser = alias(users, 'adviser');

  return {
    /** Takes a transaction's handle too, so the trail row commits or rolls back with the decision it records. */
    async record(event: NewComplianceEvent, tx: Pick<Db, 'insert'> = db): Promise<void> {
      await tx.insert(complianceEvents).values(event);
    },

    async recordMany(events: readonly NewComplianceEvent[], tx: Pick<Db, 'insert'> = db): Promise<void> {
      if (events.length) await tx.insert(complianceEvents).values([...events]);
    },

    async list(filter: ComplianceFilter): Promise<ComplianceEventRow[]> {
      return db
        .select()
        .from(complianceEvents)
        .where(whereOf(filter))
        .orderBy(desc(complianceEvents.id))
        .limit(filter.limit);
    },

    /** The same rows with the names of who and what they concern, for the compliance officer's list and export. */
    async listNamed(filter: ComplianceFilter) {
      return db
        .select({
          e: complianceEvents,
          actorName: actor.realName,
          adviserName: adviser.realName,
          customerName: mktCustomers.name,
          productName: mktProducts.name,
        })
        .from(complianceEvents)
        .leftJoin(actor, eq(actor.id, complianceEvents.actorId))
        .leftJoin(adviser, eq(adviser.id, complianceEvents.adviserId))
        .leftJoin(mktCustomers, eq(mktCustomers.id, complianceEvents.customerId))
        .leftJoin(mktProducts, eq(mktProducts.id, complianceEvents.productId))
        .where(whereOf(filter))
        .orderBy(desc(complianceEvents.id))
        .limit(filter.limit);
    },

    /** The filter's choices: financial advisers and the product master. */
    async filterOptions() {
      const [advisers, products] = await Promise.all([
        db
          .select({ id: users.id, name: users.realName, employeeId: users.employeeId })
          .from(users)
          .where(eq(users.isFinancialAdvisor, true))
          .orderBy(asc(users.id)),
        db
          .select({ id: mktProducts.id, name: mktProducts.name, code: mktProducts.code })
          .from(mktProducts)
          .orderBy(asc(mktProducts.id)),
      ]);
      return { advisers, products };
    },
  };
}
export type ComplianceRepository = ReturnType<typeof createComplianceRepository>;
