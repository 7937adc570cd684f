import { inArray, sql } from 'drizzle-orm';

import { businessDate } from '../../src/api/contract/dates';
import type { Db } from '../db/client';
import { mktCards, mktCustomers, mktSignals } from '../db/schema';
import { releaseAll, waitingAdvisers, wakeAll } from './daily-cap';
import { CARD_PARTITIONS, lockPartitions, lockStatement } from './partitions';
import { gatherProductEvents } from './product-cards';
import { evaluateFact, type Fact, type SignalDraft } from './rules';
import { loadRules } from './rules-store';
import { type AdviserRules, DEFAULT_RULES } from './settings';
import { type StackCustomer, stackSignals } from './stack';

const BATCH = 500;

export interface IngestResult {
  signals: number;
  created: number;
  stacked: number;
  resurfaced: number;
}

/**
 * The card engine's write side: facts → signals (rules, each adviser's thresholds) →
 * one open card per customer with stacked reasons and a stored score → the daily cap.
 */
export function createEngine(db: Db) {
  async function customersById(ids: readonly number[]) {
    const uniq = [...new Set(ids)];
    const rows = uniq.length
      ? await db
          .select({
            id: mktCustomers.id,
            adviserId: mktCustomers.adviserId,
            aum: mktCustomers.aum,
            tier: mktCustomers.tier,
          })
          .from(mktCustomers)
          .where(inArray(mktCustomers.id, uniq))
      : [];
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** Runs the rules over facts and feeds what they produce to ingest. */
  async function evaluate(facts: readonly Fact[], now: Date): Promise<IngestResult> {
    const ids = facts.flatMap((f) => ('customerId' in f ? [f.customerId] : [...f.holders]));
    const customers = await customersById(ids);
    const rules = await loadRules(
      db,
      [...customers.values()].map((c) => c.adviserId),
    );
    const rulesOf = (customerId: number): AdviserRules =>
      rules.get(customers.get(customerId)?.adviserId ?? -1) ?? DEFAULT_RULES;
    const drafts = facts.flatMap((f) => evaluateFact(f, rulesOf, now)).filter((d) => customers.has(d.customerId));
    return store(drafts, now, customers, rules);
  }

  /** Stores new signals (a fact seen before makes none) and stacks them onto cards. */
  async function ingest(drafts: readonly SignalDraft[], now: Date): Promise<IngestResult> {
    return store(drafts, now, await customersById(drafts.map((d) => d.customerId)), null);
  }

  /** ingest, with the customers (and the rules, when evaluate has just read them) known. */
  async function store(
    drafts: readonly SignalDraft[],
    now: Date,
    customers: Map<number, StackCustomer>,
    known: Map<number, AdviserRules> | null,
  ): Promise<IngestResult> {
    const result: IngestResult = { signals: 0, created: 0, stacked: 0, resurfaced: 0 };
    if (drafts.length === 0) return result;
    const inserted: (typeof mktSignals.$inferSelect)[] = [];
    const eventKeys = new Map<string, string>();
    for (let i = 0; i < drafts.length; i += BATCH) {
      const values = drafts.slice(i, i + BATCH).flatMap(({ eventKey, ...d }) => {
        const c = customers.get(d.customerId);
        if (eventKey) eventKeys.set(`${d.categoryId}|${d.factKey}`, eventKey);
        return c ? [{ ...d, adviserId: c.adviserId }] : [];
      });
      if (values.length)
        inserted.push(...(await db.insert(mktSignals).values(values).onConflictDoNothing().returning()));
    }
    result.signals = inserted.length;
    const advisers = [...new Set(inserted.map((s) => s.adviserId))];
    if (advisers.length === 0) return result;
    const rules = known ?? (await loadRules(db, advisers));
    const { rest } = await gatherProductEvents(
      db,
      inserted,
      (s) => eventKeys.get(`${s.categoryId}|${s.factKey}`),
      customers,
      (adviserId) => rules.get(adviserId) ?? DEFAULT_RULES,
      now,
    );
    const byCustomer = new Map<number, (typeof inserted)[number][]>();
    for (const s of rest) byCustomer.set(s.customerId, [...(byCustomer.get(s.customerId) ?? []), s]);
    const rulesOf = (adviserId: number) => rules.get(adviserId) ?? DEFAULT_RULES;
    await db.transaction(async (tx) => {
      await lockPartitions(tx, advisers);
      const counts = await stackSignals(tx, byCustomer, customers, rulesOf, now);
      Object.assign(result, counts);
      await releaseAll(tx, advisers, now, (id) => rulesOf(id).thresholds.daily_cap);
    });
    return result;
  }

  /** The daily cap for one adviser (after a change of the cap, and in tests): what today's room lets in. */
  async function release(adviserId: number, now: Date, cap?: number): Promise<number> {
    const limit = cap ?? (await loadRules(db, [adviserId])).get(adviserId)!.thresholds.daily_cap;
    return releaseAll(db, [adviserId], now, () => limit);
  }

  /** Snoozed cards of one adviser whose date has come back onto the workbench (as new). */
  function wake(adviserId: number, now: Date): Promise<number> {
    return wakeAll(db, sql`${mktCards.adviserId} = ${adviserId}`, now);
  }

  /** One adviser's due snoozes and the cap's room, now (after a change of the cap, and in tests). */
  async function refresh(adviserId: number, now: Date): Promise<void> {
    await wake(adviserId, now);
    await release(adviserId, now);
  }

  /**
   * The scheduled pass over one partition of the advisers (jobs.ts shares the partitions between servers): snoozes
   * whose date has come wake, and each adviser with cards waiting gets what today's cap has room for. Reads of the
   * workbench never do this: they only read.
   */
  function passPartition(partition: number, now: Date): Promise<{ woken: number; released: number }> {
    return db.transaction(async (tx) => {
      await tx.execute(lockStatement(partition));
      const mine = sql`${mktCards.adviserId} % ${CARD_PARTITIONS} = ${partition}`;
      const woken = await wakeAll(tx, mine, now);
      const waiting = await waitingAdvisers(tx, partition);
      const rules = await loadRules(tx, waiting);
      const released = await releaseAll(tx, waiting, now, (id) => rules.get(id)!.thresholds.daily_cap);
      return { woken, released };
    });
  }

  /** The partitions with work for a pass: an adviser with a due snooze or a card waiting for the cap. */
  async function partitionsWithWork(now: Date): Promise<number[]> {
    const rows = await db.execute(sql`
      select distinct adviser_id % ${CARD_PARTITIONS} as partition from (
        select adviser_id from mkt_cards where state = 'snoozed' and snooze_until <= ${businessDate(now)}
        union select adviser_id from mkt_cards where state = 'new' and released_at is null
        union select adviser_id from mkt_product_cards where state = 'new' and released_at is null
      ) as busy order by 1`);
    return (rows as unknown as { rows: { partition: number }[] }).rows.map((r) => Number(r.partition));
  }

  /** The whole pass in one process (a single server, scripts and tests): every partition with work, in turn. */
  async function pass(now: Date): Promise<{ woken: number; released: number }> {
    const out = { woken: 0, released: 0 };
    for (const partition of await partitionsWithWork(now)) {
      const r = await passPartition(partition, now);
      out.woken += r.woken;
      out.released += r.released;
    }
    return out;
  }

  return { evaluate, ingest, release, wake, refresh, pass, passPartition, partitionsWithWork };
}
export type Engine = ReturnType<typeof createEngine>;
