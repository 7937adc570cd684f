import { sql } from 'drizzle-orm';

import { businessDate } from '../../src/api/contract/dates';
import { pgArray } from '../db/arrays';
import type { Db } from '../db/client';
import { mktCards } from '../db/schema';
import { releaseAll, waitingAdvisers, wakeAll } from './daily-cap';
import { CARD_PARTITIONS, lockPartitionsOf, lockStatement } from './partitions';
import { gatherProductEvents } from './product-cards';
import { evaluateFact, type Fact, type SignalDraft } from './rules';
import { loadRules, rulesFrom } from './rules-store';
import { type AdviserRules, DEFAULT_RULES } from './settings';
import { lockAndWrite, readSummaries, type Signal, type SignalRow, type StackCustomer, stackSignals } from './stack';
import { recalibrateTiers } from './tiers';

export interface IngestResult {
  signals: number;
  created: number;
  stacked: number;
  resurfaced: number;
}

const emptyResult = (): IngestResult => ({ signals: 0, created: 0, stacked: 0, resurfaced: 0 });
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * In the ingest's transaction, one statement: the customers the facts name, their advisers' rules, and the lock on
 * their advisers' partitions (so the statements after it see the last holder's cards and signals).
 */
async function readAndLock(
  tx: Db,
  customerIds: readonly number[],
): Promise<{ customers: Map<number, StackCustomer>; rules: Map<number, AdviserRules> }> {
  const [row] = rowsOf<{
    customers: { id: number; adviser_id: number; aum: number | string; tier: StackCustomer['tier'] }[] | null;
    settings: { adviser_id: number; thresholds: unknown; enabled_categories: number[] }[] | null;
    demotions: { adviser_id: number; category_id: number; penalty: number | string }[] | null;
  }>(
    await tx.execute(sql`
      with c as (
        select id, adviser_id, aum, tier from mkt_customers where id = any(${pgArray([...new Set(customerIds)])}::int[])
          -- Only a financial adviser receives cards (docs/compliance.md): another owner's facts make no signal.
          and adviser_id in (select u.id from users u where u.is_financial_advisor)
      )
      select (select json_agg(c) from c) as customers,
        (select json_agg(s) from (
          select adviser_id, thresholds, enabled_categories from mkt_rule_settings
          where adviser_id in (select adviser_id from c)) as s) as settings,
        (select json_agg(d) from (
          select adviser_id, category_id, penalty from mkt_demotions
          where adviser_id in (select adviser_id from c) and cleared_at is null) as d) as demotions,
        ${lockPartitionsOf(sql`select adviser_id from c`)} as locked`),
  );
  const customers = new Map(
    (row?.customers ?? []).map((c) => [
      Number(c.id),
      { id: Number(c.id), adviserId: Number(c.adviser_id), aum: Number(c.aum), tier: c.tier },
    ]),
  );
  const rules = rulesFrom(
    [...customers.values()].map((c) => c.adviserId),
    (row?.settings ?? []).map((s) => ({
      adviserId: Number(s.adviser_id),
      thresholds: s.thresholds,
      enabledCategories: s.enabled_categories.map(Number),
    })),
    (row?.demotions ?? []).map((d) => ({
      adviserId: Number(d.adviser_id),
      categoryId: Number(d.category_id),
      penalty: Number(d.penalty),
    })),
  );
  return { customers, rules };
}

/** ingest's and evaluate's writes, in their transaction, with the customers and rules read and the lock held. */
async function store(
  tx: Db,
  drafts: readonly SignalDraft[],
  now: Date,
  customers: Map<number, StackCustomer>,
  rules: Map<number, AdviserRules>,
): Promise<IngestResult> {
  const result = emptyResult();
  const eventKeys = new Map<string, string>();
  const rows: SignalRow[] = drafts.flatMap(({ eventKey, ...d }) => {
    const c = customers.get(d.customerId);
    if (eventKey) eventKeys.set(`${d.categoryId}|${d.factKey}`, eventKey);
    return c ? [{ ...d, adviserId: c.adviserId }] : [];
  });
  if (rows.length === 0) return result;
  const rulesOf = (adviserId: number) => rules.get(adviserId) ?? DEFAULT_RULES;
  // One statement for the whole batch (each of its columns one parameter): a customer's signals are stacked together.
  const written = await lockAndWrite(tx, rows);
  const { inserted } = written;
  result.signals = inserted.length;
  if (inserted.length === 0) return result;
  const { rest } = await gatherProductEvents(
    tx,
    inserted,
    (s) => eventKeys.get(`${s.categoryId}|${s.factKey}`),
    customers,
    rulesOf,
    now,
  );
  const byCustomer = new Map<number, Signal[]>();
  for (const s of rest) byCustomer.set(s.customerId, [...(byCustomer.get(s.customerId) ?? []), s]);
  // A product event's line joins the open card of a holder it takes out of the stacking: when that holder also
  // has reasons to stack, the card's sum counts the line, as it counts the card's earlier ones.
  const stacking = new Set(rest);
  const joined = new Set(
    inserted
      .filter((s) => !stacking.has(s) && byCustomer.has(s.customerId) && written.open.has(s.customerId))
      .map((s) => written.open.get(s.customerId)!.id),
  );
  const summaries = await readSummaries(tx, [...joined]);
  for (const [cardId, summary] of summaries) written.summaryOf.set(cardId, summary);
  Object.assign(result, await stackSignals(tx, byCustomer, customers, rulesOf, now, written));
  const advisers = inserted.map((s) => s.adviserId);
  await releaseAll(tx, advisers, now, (id) => rulesOf(id).thresholds.daily_cap);
  await recalibrateTiers(tx, advisers, now, 'moved');
  return result;
}

/**
 * The card engine's write side: facts → signals (rules, each adviser's thresholds) →
 * one open card per customer with stacked reasons and a stored score → the daily cap.
 */
export function createEngine(db: Db) {
  /**
   * Runs the rules over facts and stores what they produce: one transaction of a few statements for the whole batch
   * (customers, rules and the partitions' lock; the signals written; the cards stacked; the daily cap).
   */
  function evaluate(facts: readonly Fact[], now: Date): Promise<IngestResult> {
    const ids = facts.flatMap((f) => ('customerId' in f ? [f.customerId] : [...f.holders]));
    if (ids.length === 0) return Promise.resolve(emptyResult());
    return db.transaction(async (tx) => {
      const { customers, rules } = await readAndLock(tx, ids);
      const rulesOf = (customerId: number): AdviserRules =>
        rules.get(customers.get(customerId)?.adviserId ?? -1) ?? DEFAULT_RULES;
      const drafts = facts.flatMap((f) => evaluateFact(f, rulesOf, now)).filter((d) => customers.has(d.customerId));
      return store(tx, drafts, now, customers, rules);
    });
  }

  /** Stores new signals (a fact seen before makes none) and stacks them onto cards. */
  function ingest(drafts: readonly SignalDraft[], now: Date): Promise<IngestResult> {
    if (drafts.length === 0) return Promise.resolve(emptyResult());
    return db.transaction(async (tx) => {
      const { customers, rules } = await readAndLock(
        tx,
        drafts.map((d) => d.customerId),
      );
      return store(tx, drafts, now, customers, rules);
    });
  }

  /** The daily cap for one adviser (after a change of the cap, and in tests): what today's room lets in. */
  async function release(adviserId: number, now: Date, cap?: number): Promise<number> {
    const limit = cap ?? (await loadRules(db, [adviserId])).get(adviserId)!.thresholds.daily_cap;
    const released = await releaseAll(db, [adviserId], now, () => limit);
    await recalibrateTiers(db, [adviserId], now, 'moved');
    return released;
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
      await recalibrateTiers(tx, waiting, now, 'moved');
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
