import { and, asc, desc, eq, gte, isNotNull, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { ComplianceEventKind } from '../../src/api/contract/compliance-events';
import type { ComplianceDecision } from '../../src/api/contract/compliance-trail';
import { businessDate } from '../../src/api/contract/dates';
import { ADVISORY_NAMESPACE, type Db } from '../db/client';
import { complianceAnchors, complianceEvents, mktCustomers, mktProducts, users } from '../db/schema';
import { chainHash, GENESIS_HASH, storedDetail } from '../security/audit-chain';

export type ComplianceEventRow = typeof complianceEvents.$inferSelect;
/** What a writer gives: the chain columns are the repository's to fill. */
/** A trail row to write; its decision is one the desk has words for. */
export type NewComplianceEvent = Omit<
  typeof complianceEvents.$inferInsert,
  'id' | 'seq' | 'prevHash' | 'hash' | 'decision'
> & {
  decision: ComplianceDecision;
};
/** A handle that can take the chain's lock and append: the database or a caller's transaction. */
export type ChainWriter = Pick<Db, 'insert' | 'select' | 'execute'>;

interface ChainHead {
  seq: number;
  hash: string;
  at: Date;
}
type ChainedEvent = NewComplianceEvent & {
  seq: number;
  prevHash: string;
  hash: string;
  detail: Record<string, unknown>;
};
type NewAnchor = typeof complianceAnchors.$inferInsert;

/**
 * Every append, from any server on the database, takes this transaction-scoped advisory lock first: the next
 * row's seq and prev_hash are read from a head nobody else is extending, and the lock ends with the commit.
 */
const CHAIN_LOCK = sql`select pg_advisory_xact_lock(${ADVISORY_NAMESPACE}, hashtext('compliance-chain'))`;

async function chainHead(tx: ChainWriter): Promise<ChainHead | null> {
  const [head] = await tx
    .select({ seq: complianceEvents.seq, hash: complianceEvents.hash, at: complianceEvents.at })
    .from(complianceEvents)
    .where(isNotNull(complianceEvents.seq))
    .orderBy(desc(complianceEvents.seq))
    .limit(1);
  return head && head.seq !== null && head.hash !== null ? { seq: head.seq, hash: head.hash, at: head.at } : null;
}

/**
 * Links events after `head`, in order: each gets the next seq, the previous hash and its own. Crossing into a
 * new business day anchors the day before at its last row (docs/compliance.md).
 */
function link(head: ChainHead | null, events: readonly NewComplianceEvent[]) {
  let prev = head;
  const rows: ChainedEvent[] = [];
  const anchors: NewAnchor[] = [];
  for (const e of events) {
    if (prev && businessDate(prev.at) < businessDate(e.at)) {
      anchors.push({ day: businessDate(prev.at), lastSeq: prev.seq, lastHash: prev.hash, at: e.at });
    }
    const content = {
      ...e,
      actorId: e.actorId ?? null,
      adviserId: e.adviserId ?? null,
      customerId: e.customerId ?? null,
      productId: e.productId ?? null,
      reason: e.reason ?? null,
      detail: storedDetail(e.detail),
      seq: (prev?.seq ?? 0) + 1,
      prevHash: prev?.hash ?? GENESIS_HASH,
    };
    const hash = chainHash(content);
    rows.push({ ...content, hash });
    prev = { seq: content.seq, hash, at: e.at };
  }
  return { rows, anchors };
}

/**
 * Appends inside the caller's transaction (a forward, a share link): the trail rows commit with the decision
 * they record, and take their place on the chain like every other row. The one way to write the trail.
 */
export async function appendComplianceEvents(
  tx: ChainWriter,
  events: NewComplianceEvent | readonly NewComplianceEvent[],
): Promise<void> {
  const list = Array.isArray(events) ? (events as readonly NewComplianceEvent[]) : [events as NewComplianceEvent];
  if (list.length) await append(tx, list);
}

async function append(tx: ChainWriter, events: readonly NewComplianceEvent[]): Promise<void> {
  await tx.execute(CHAIN_LOCK);
  const { rows, anchors } = link(await chainHead(tx), events);
  await tx.insert(complianceEvents).values(rows);
  if (anchors.length) await tx.insert(complianceAnchors).values(anchors).onConflictDoNothing();
}

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
  const recordMany = async (events: readonly NewComplianceEvent[], tx?: ChainWriter): Promise<void> => {
    if (!events.length) return;
    if (tx) await append(tx, events);
    else await db.transaction((t) => append(t, events));
  };
  const actor = alias(users, 'actor');
  const adviser = alias(users, 'adviser');

  return {
    /**
     * Appends to the chain. Takes a transaction's handle too, so the trail row commits or rolls back with the
     * decision it records (the chain's lock is then held until that transaction ends).
     */
    async record(event: NewComplianceEvent, tx?: ChainWriter): Promise<void> {
      await recordMany([event], tx);
    },

    recordMany,

    /**
     * Links rows written before the chain existed (seq still null), oldest first, once: only while no row is
     * chained yet, so a row slipped in later without a hash stays unchained and `audit:verify` names it.
     */
    async sealUnchained(): Promise<number> {
      return db.transaction(async (tx) => {
        await tx.execute(CHAIN_LOCK);
        if (await chainHead(tx)) return 0;
        const legacy = await tx
          .select()
          .from(complianceEvents)
          .where(isNull(complianceEvents.seq))
          .orderBy(asc(complianceEvents.id));
        // Rows already written, each with the decision it was written with.
        const { rows, anchors } = link(null, legacy as NewComplianceEvent[]);
        for (const [i, r] of rows.entries()) {
          await tx
            .update(complianceEvents)
            .set({ seq: r.seq, prevHash: r.prevHash, hash: r.hash })
            .where(eq(complianceEvents.id, legacy[i]!.id));
        }
        if (anchors.length) await tx.insert(complianceAnchors).values(anchors).onConflictDoNothing();
        return rows.length;
      });
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
