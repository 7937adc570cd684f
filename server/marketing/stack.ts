import { and, inArray, sql } from 'drizzle-orm';

import type { Db } from '../db/client';
import { mktCardEvents, mktCards, mktSignals } from '../db/schema';
import { LIVE_FACT_PREFIX, READ_FACT_PREFIX } from './rules';
import { type ReasonSummary, scoreCard, scoredCardFields, summarise } from './score';
import type { AdviserRules } from './settings';

/** States that hold a customer's one open card (snoozed included: a new signal wakes it). */
export const OPEN_WITH_SNOOZED = ['new', 'viewed', 'handling', 'snoozed'] as const;

type Signal = typeof mktSignals.$inferSelect;
export type StackCustomer = { id: number; adviserId: number; aum: number; tier: 'private' | 'gold' | 'standard' };
type StackOutcome = 'created' | 'stacked' | 'resurfaced';

/** Rows a statement carries at most: well under PostgreSQL's 65,535 parameters, whatever a row holds. */
const ROWS_PER_STATEMENT = 1_000;

function chunks<T>(items: readonly T[], size = ROWS_PER_STATEMENT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

interface Planned {
  customer: StackCustomer;
  open: { id: number; state: string } | null;
  newest: Signal;
  fields: {
    categoryId: number;
    score: number;
    scoreParts: ReturnType<typeof scoreCard>['parts'];
    priority: ReturnType<typeof scoreCard>['priority'];
    reasonCount: number;
    updatedAt: Date;
  };
  fromLive: boolean;
  outcome: StackOutcome;
}

/** One customer's card after the new signals: the pure part, the same for a new card and a stacked one. */
function plan(
  customer: StackCustomer,
  signals: readonly Signal[],
  open: { id: number; state: string } | null,
  summary: ReasonSummary | null,
  rules: AdviserRules,
  now: Date,
): Planned {
  const newest = signals.reduce((a, b) => (b.occurredAt.getTime() >= a.occurredAt.getTime() ? b : a));
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
  // A customer watching or asking in a live now is worth a call now: such a card is on the workbench
  // at once, outside the daily cap that holds back the day's batch of slower signals.
  const fromLive = signals.some(
    (s) => s.factKey.startsWith(LIVE_FACT_PREFIX) || s.factKey.startsWith(READ_FACT_PREFIX),
  );
  return {
    customer,
    open,
    newest,
    fields: scoredCardFields(newest.categoryId, sum, scored),
    fromLive,
    outcome: !open ? 'created' : open.state === 'snoozed' ? 'resurfaced' : 'stacked',
  };
}

/**
 * Stacks new signals onto each customer's one open card for a whole batch of customers in a few statements (the
 * caller's transaction): the open cards locked in one read, their reasons summed in one aggregate, the scores
 * computed here, then one insert of new cards, one update of the stacked ones, one update linking the signals and
 * one insert of the cards' events. A statement per customer made the engine as slow as its round trips.
 */
export async function stackSignals(
  tx: Db,
  byCustomer: ReadonlyMap<number, readonly Signal[]>,
  customers: ReadonlyMap<number, StackCustomer>,
  rulesOf: (adviserId: number) => AdviserRules,
  now: Date,
): Promise<Record<StackOutcome, number>> {
  const counts: Record<StackOutcome, number> = { created: 0, stacked: 0, resurfaced: 0 };
  const ids = [...byCustomer.keys()];
  if (ids.length === 0) return counts;
  const open = [];
  for (const part of chunks(ids))
    open.push(
      ...(await tx
        .select({ id: mktCards.id, customerId: mktCards.customerId, state: mktCards.state })
        .from(mktCards)
        .where(and(inArray(mktCards.customerId, part), inArray(mktCards.state, [...OPEN_WITH_SNOOZED])))
        // One order for every locker of a batch, so two batches sharing customers queue instead of deadlocking.
        .orderBy(mktCards.id)
        .for('update')),
    );
  const openOf = new Map(open.map((o) => [o.customerId, o]));
  const summaryOf = new Map<number, ReasonSummary>();
  for (const part of chunks(open.map((o) => o.id))) {
    const rows = await tx
      .select({
        cardId: mktSignals.cardId,
        maxAmount: sql<number>`coalesce(max(abs(${mktSignals.amount})), 0)::float8`,
        maxIntensity: sql<number>`coalesce(max(${mktSignals.intensity}), 0)::float8`,
        newestAt: sql<string>`max(${mktSignals.occurredAt})`,
        count: sql<number>`count(*)::int`,
      })
      .from(mktSignals)
      .where(inArray(mktSignals.cardId, part))
      .groupBy(mktSignals.cardId);
    for (const r of rows)
      summaryOf.set(r.cardId!, {
        maxAmount: Number(r.maxAmount),
        maxIntensity: Number(r.maxIntensity),
        newestAt: new Date(r.newestAt),
        count: Number(r.count),
      });
  }
  const planned = [...byCustomer].map(([customerId, signals]) => {
    const customer = customers.get(customerId)!;
    const card = openOf.get(customerId) ?? null;
    return plan(
      customer,
      signals,
      card,
      card ? (summaryOf.get(card.id) ?? null) : null,
      rulesOf(customer.adviserId),
      now,
    );
  });
  const cardOf = new Map(open.map((o) => [o.customerId, o.id]));
  for (const part of chunks(planned.filter((p) => !p.open))) {
    const rows = await tx
      .insert(mktCards)
      .values(
        part.map((p) => ({
          ...p.fields,
          adviserId: p.customer.adviserId,
          customerId: p.customer.id,
          state: 'new' as const,
          createdAt: now,
          releasedAt: p.fromLive ? now : null,
        })),
      )
      .returning({ id: mktCards.id, customerId: mktCards.customerId });
    for (const r of rows) cardOf.set(r.customerId, r.id);
  }
  const at = now.toISOString();
  for (const part of chunks(planned.filter((p) => p.open))) {
    const values = part.map(
      (p) =>
        sql`(${p.open!.id}::int, ${p.fields.categoryId}::int, ${p.fields.score}::float8, ${JSON.stringify(p.fields.scoreParts)}::jsonb, ${p.fields.priority}::text, ${p.fields.reasonCount}::int, ${p.fields.updatedAt.toISOString()}::timestamptz, ${p.outcome === 'resurfaced'}::boolean, ${p.fromLive}::boolean)`,
    );
    // A snoozed card wakes on the customer's next signal, whatever date it was snoozed to; a live or a read lets a
    // card waiting for the cap in now, and leaves one already in with its first release time.
    await tx.execute(sql`
      update mkt_cards as c set
        category_id = v.category_id, score = v.score, score_parts = v.score_parts, priority = v.priority,
        reason_count = v.reason_count, updated_at = v.updated_at,
        state = case when v.wake then 'new' else c.state end,
        snooze_until = case when v.wake then null else c.snooze_until end,
        released_at = case when v.from_live then coalesce(c.released_at, ${at}::timestamptz) else c.released_at end
      from (values ${sql.join(values, sql`, `)})
        as v(id, category_id, score, score_parts, priority, reason_count, updated_at, wake, from_live)
      where c.id = v.id`);
  }
  const links = planned.flatMap((p) => byCustomer.get(p.customer.id)!.map((s) => [s.id, cardOf.get(p.customer.id)!]));
  for (const part of chunks(links)) {
    const values = part.map(([signalId, cardId]) => sql`(${signalId}::bigint, ${cardId}::int)`);
    await tx.execute(sql`
      update mkt_signals as s set card_id = v.card_id
      from (values ${sql.join(values, sql`, `)}) as v(id, card_id)
      where s.id = v.id`);
  }
  for (const part of chunks(planned))
    await tx
      .insert(mktCardEvents)
      .values(
        part.map((p) => ({ cardId: cardOf.get(p.customer.id)!, kind: p.outcome, note: p.newest.title, at: now })),
      );
  for (const p of planned) counts[p.outcome] += 1;
  return counts;
}
