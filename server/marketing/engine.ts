import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';

import { businessDate, parseBusinessDate } from '../../src/api/contract/dates';
import type { Db } from '../db/client';
import { mktCardEvents, mktCards, mktCustomers, mktSignals } from '../db/schema';
import { evaluateFact, type Fact, LIVE_FACT_PREFIX, READ_FACT_PREFIX, type SignalDraft } from './rules';
import { loadRules } from './rules-store';
import { type ReasonSummary, scoreCard, summarise } from './score';
import { type AdviserRules, DEFAULT_RULES } from './settings';

const BATCH = 500;
/** States that hold a customer's one open card (snoozed included: a new signal wakes it). */
export const OPEN_WITH_SNOOZED = ['new', 'viewed', 'handling', 'snoozed'] as const;

export interface IngestResult {
  signals: number;
  created: number;
  stacked: number;
  resurfaced: number;
}

/** Start of today's business day (UTC+8) as an instant. */
export function businessDayStart(now: Date): Date {
  return parseBusinessDate(businessDate(now))!;
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
    return ingest(drafts, now);
  }

  /** Stores new signals (a fact seen before makes none) and stacks them onto cards. */
  async function ingest(drafts: readonly SignalDraft[], now: Date): Promise<IngestResult> {
    const result: IngestResult = { signals: 0, created: 0, stacked: 0, resurfaced: 0 };
    if (drafts.length === 0) return result;
    const customers = await customersById(drafts.map((d) => d.customerId));
    const inserted: (typeof mktSignals.$inferSelect)[] = [];
    for (let i = 0; i < drafts.length; i += BATCH) {
      const values = drafts.slice(i, i + BATCH).flatMap((d) => {
        const c = customers.get(d.customerId);
        return c ? [{ ...d, adviserId: c.adviserId }] : [];
      });
      if (values.length)
        inserted.push(...(await db.insert(mktSignals).values(values).onConflictDoNothing().returning()));
    }
    result.signals = inserted.length;
    const byCustomer = new Map<number, (typeof inserted)[number][]>();
    for (const s of inserted) byCustomer.set(s.customerId, [...(byCustomer.get(s.customerId) ?? []), s]);
    const rules = await loadRules(db, [...new Set(inserted.map((s) => s.adviserId))]);
    for (const [customerId, signals] of byCustomer) {
      const customer = customers.get(customerId)!;
      const outcome = await stack(customer, signals, rules.get(customer.adviserId) ?? DEFAULT_RULES, now);
      result[outcome] += 1;
    }
    for (const adviserId of rules.keys()) await release(adviserId, now);
    return result;
  }

  async function stack(
    customer: { id: number; adviserId: number; aum: number; tier: 'private' | 'gold' | 'standard' },
    signals: (typeof mktSignals.$inferSelect)[],
    rules: AdviserRules,
    now: Date,
  ): Promise<'created' | 'stacked' | 'resurfaced'> {
    const newest = signals.reduce((a, b) => (b.occurredAt.getTime() >= a.occurredAt.getTime() ? b : a));
    return db.transaction(async (tx) => {
      const [open] = await tx
        .select({ id: mktCards.id, state: mktCards.state })
        .from(mktCards)
        .where(and(eq(mktCards.customerId, customer.id), inArray(mktCards.state, [...OPEN_WITH_SNOOZED])))
        .for('update');
      let summary: ReasonSummary | null = null;
      if (open) {
        const [agg] = await tx
          .select({
            maxAmount: sql<number>`coalesce(max(abs(${mktSignals.amount})), 0)::float8`,
            maxIntensity: sql<number>`coalesce(max(${mktSignals.intensity}), 0)::float8`,
            newestAt: sql<string>`max(${mktSignals.occurredAt})`,
            count: sql<number>`count(*)::int`,
          })
          .from(mktSignals)
          .where(eq(mktSignals.cardId, open.id));
        if (agg && agg.count > 0)
          summary = {
            maxAmount: Number(agg.maxAmount),
            maxIntensity: Number(agg.maxIntensity),
            newestAt: new Date(agg.newestAt),
            count: Number(agg.count),
          };
      }
      const sum = summarise(
        summary,
        signals.map((s) => ({ amount: s.amount, intensity: s.intensity, occurredAt: s.occurredAt })),
      );
      const scored = scoreCard({
        ...sum,
        aum: customer.aum,
        tier: customer.tier,
        penalty: rules.penalties.get(newest.categoryId) ?? 0,
        now,
      });
      const fields = {
        categoryId: newest.categoryId,
        score: scored.score,
        scoreParts: scored.parts,
        priority: scored.priority,
        reasonCount: sum.count,
        updatedAt: sum.newestAt,
      };
      // A customer watching or asking in a live now is worth a call now: such a card is on the workbench
      // at once, outside the daily cap that holds back the day's batch of slower signals.
      const fromLive = signals.some(
        (s) => s.factKey.startsWith(LIVE_FACT_PREFIX) || s.factKey.startsWith(READ_FACT_PREFIX),
      );
      const release = fromLive ? { releasedAt: now } : {};
      let cardId: number;
      let outcome: 'created' | 'stacked' | 'resurfaced';
      if (open) {
        cardId = open.id;
        outcome = open.state === 'snoozed' ? 'resurfaced' : 'stacked';
        // A snoozed card wakes on the customer's next signal, whatever date it was snoozed to.
        const wake = open.state === 'snoozed' ? { state: 'new' as const, snoozeUntil: null } : {};
        await tx
          .update(mktCards)
          .set({ ...fields, ...wake })
          .where(eq(mktCards.id, open.id));
        if (fromLive)
          await tx
            .update(mktCards)
            .set(release)
            .where(and(eq(mktCards.id, open.id), isNull(mktCards.releasedAt)));
      } else {
        const [card] = await tx
          .insert(mktCards)
          .values({
            ...fields,
            adviserId: customer.adviserId,
            customerId: customer.id,
            state: 'new',
            createdAt: now,
            releasedAt: null,
            ...release,
          })
          .returning({ id: mktCards.id });
        cardId = card!.id;
        outcome = 'created';
      }
      await tx
        .update(mktSignals)
        .set({ cardId })
        .where(
          inArray(
            mktSignals.id,
            signals.map((s) => s.id),
          ),
        );
      await tx.insert(mktCardEvents).values({ cardId, kind: outcome, note: newest.title, at: now });
      return outcome;
    });
  }

  /** The daily cap: today's unreleased new cards go onto the workbench best first, up to the cap. */
  async function release(adviserId: number, now: Date, cap?: number): Promise<number> {
    const limit = cap ?? (await loadRules(db, [adviserId])).get(adviserId)!.thresholds.daily_cap;
    const since = businessDayStart(now);
    const [{ n } = { n: 0 }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(mktCards)
      .where(and(eq(mktCards.adviserId, adviserId), sql`${mktCards.releasedAt} >= ${since.toISOString()}`));
    const room = limit - Number(n);
    if (room <= 0) return 0;
    const next = db
      .select({ id: mktCards.id })
      .from(mktCards)
      .where(and(eq(mktCards.adviserId, adviserId), eq(mktCards.state, 'new'), isNull(mktCards.releasedAt)))
      .orderBy(desc(mktCards.score), mktCards.id)
      .limit(room);
    const rows = await db
      .update(mktCards)
      .set({ releasedAt: now })
      .where(inArray(mktCards.id, next))
      .returning({ id: mktCards.id });
    return rows.length;
  }

  /** Snoozed cards whose date has come back onto the workbench (as new). */
  async function wake(adviserId: number, now: Date): Promise<number> {
    const today = businessDate(now);
    const rows = await db
      .update(mktCards)
      .set({ state: 'new', snoozeUntil: null })
      .where(
        and(eq(mktCards.adviserId, adviserId), eq(mktCards.state, 'snoozed'), sql`${mktCards.snoozeUntil} <= ${today}`),
      )
      .returning({ id: mktCards.id });
    if (rows.length)
      await db
        .insert(mktCardEvents)
        .values(rows.map((r) => ({ cardId: r.id, kind: 'resurfaced', note: '暂缓到期', at: now })));
    return rows.length;
  }

  /** One adviser's due snoozes and the cap's room, now (after a change of the cap, and in tests). */
  async function refresh(adviserId: number, now: Date): Promise<void> {
    await wake(adviserId, now);
    await release(adviserId, now);
  }

  /**
   * The scheduled pass over every adviser (jobs.ts): snoozes whose date has come wake, and each adviser with cards
   * waiting gets what today's cap has room for. Reads of the workbench never do this: they only read.
   */
  async function pass(now: Date): Promise<{ woken: number; released: number }> {
    const due = await db
      .selectDistinct({ adviserId: mktCards.adviserId })
      .from(mktCards)
      .where(and(eq(mktCards.state, 'snoozed'), sql`${mktCards.snoozeUntil} <= ${businessDate(now)}`));
    let woken = 0;
    for (const { adviserId } of due) woken += await wake(adviserId, now);
    const waiting = await db
      .selectDistinct({ adviserId: mktCards.adviserId })
      .from(mktCards)
      .where(and(eq(mktCards.state, 'new'), isNull(mktCards.releasedAt)));
    let released = 0;
    for (const { adviserId } of waiting) released += await release(adviserId, now);
    return { woken, released };
  }

  return { evaluate, ingest, release, wake, refresh, pass };
}
export type Engine = ReturnType<typeof createEngine>;
