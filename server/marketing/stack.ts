import { sql } from 'drizzle-orm';

import { pgArray } from '../db/arrays';
import type { Db } from '../db/client';
import type { mktSignals } from '../db/schema';
import { LIVE_FACT_PREFIX, READ_FACT_PREFIX, type SignalDraft } from './rules';
import { type ReasonSummary, scoreCard, scoredCardFields, summarise } from './score';
import type { AdviserRules } from './settings';
import { tierSql } from './tiers';

/** States that hold a customer's one open card (snoozed included: a new signal wakes it). */
export const OPEN_WITH_SNOOZED = ['new', 'viewed', 'handling', 'snoozed'] as const;

export type Signal = typeof mktSignals.$inferSelect;
export type StackCustomer = { id: number; adviserId: number; aum: number; tier: 'private' | 'gold' | 'standard' };
type StackOutcome = 'created' | 'stacked' | 'resurfaced';

/** A signal to write: a rule's draft (its product event's key set aside) with the adviser of its customer. */
export type SignalRow = Omit<SignalDraft, 'eventKey'> & { adviserId: number };

/** What the locked read found: each customer's open card, its reasons summed, and the new signals as written. */
export interface Written {
  open: Map<number, { id: number; state: string }>;
  summaryOf: Map<number, ReasonSummary>;
  inserted: Signal[];
  /** The id each customer without an open card gets for the card their new signals make. */
  freshIdOf: Map<number, number>;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const OPEN_STATES = sql.raw(OPEN_WITH_SNOOZED.map((s) => `'${s}'`).join(', '));

/**
 * A written signal as the statement answers it: its id, its key, the two values the table may have rounded (an
 * amount to cents, an intensity to a real) and its card; the rest is the row as sent.
 */
type WrittenJson = [
  id: number,
  categoryId: number,
  factKey: string,
  amount: number | string | null,
  intensity: number | string,
  cardId: number | null,
];
type SummaryJson = {
  id: number;
  reasons_max_amount: number | string;
  reasons_max_intensity: number | string;
  reasons_newest_at: string | null;
  reasons_linked: number;
};

/** A written signal as drizzle would map its row: the row sent, with what the table made of it. */
const signalOf = (sent: SignalRow, [id, , , amount, intensity, cardId]: WrittenJson): Signal => ({
  id: Number(id),
  adviserId: sent.adviserId,
  customerId: sent.customerId,
  categoryId: sent.categoryId,
  factKey: sent.factKey,
  title: sent.title,
  amount: amount === null ? null : Number(amount),
  productId: sent.productId,
  intensity: Number(intensity),
  occurredAt: sent.occurredAt,
  cardId: cardId === null ? null : Number(cardId),
  productCardId: null,
});

/** A card's kept summary of its reasons; null for a card no reason is linked to yet. */
const summaryOf = (r: SummaryJson): ReasonSummary | null =>
  Number(r.reasons_linked) === 0 || r.reasons_newest_at === null
    ? null
    : {
        maxAmount: Number(r.reasons_max_amount),
        maxIntensity: Number(r.reasons_max_intensity),
        newestAt: new Date(r.reasons_newest_at),
        count: Number(r.reasons_linked),
      };

/** The summaries of the cards that have one, by card id. */
function summariesOf(rows: readonly SummaryJson[]): Map<number, ReasonSummary> {
  const out = new Map<number, ReasonSummary>();
  for (const r of rows) {
    const summary = summaryOf(r);
    if (summary) out.set(Number(r.id), summary);
  }
  return out;
}

/**
 * One statement, in the caller's transaction (after the partition lock): locks the customers' open cards (in id
 * order, one order for every locker, so two batches sharing customers queue instead of deadlocking), reads the
 * summary each keeps of its reasons, and writes the new signals linked to their card (the open one, or an id taken
 * from the cards' sequence for a customer who has none), skipping facts seen before. The new signals are not in the
 * summaries until the stacking writes them. Writing them linked spares a second pass over the signals.
 */
export async function lockAndWrite(tx: Db, rows: readonly SignalRow[]): Promise<Written> {
  const customerIds = [...new Set(rows.map((r) => r.customerId))];
  // A fact's key is unique per category: each written row is found again by it (the first of a batch that names a
  // fact twice is the one written, as the statement writes in order and skips a fact seen before).
  const sentOf = new Map<string, SignalRow>();
  for (const r of rows) if (!sentOf.has(`${r.categoryId}|${r.factKey}`)) sentOf.set(`${r.categoryId}|${r.factKey}`, r);
  const column = <T extends string | number | null>(of: (r: SignalRow) => T) => pgArray(rows.map(of));
  const [out] = rowsOf<{
    open: (SummaryJson & { customer_id: number; state: string })[] | null;
    inserted: WrittenJson[] | null;
    fresh: { customer_id: number; id: number }[] | null;
  }>(
    await tx.execute(sql`
      with locked as (
        select c.id, c.customer_id, c.state, c.reasons_max_amount, c.reasons_max_intensity, c.reasons_newest_at,
          c.reasons_linked from mkt_cards c
        where c.customer_id = any(${pgArray(customerIds)}::int[]) and c.state in (${OPEN_STATES})
        order by c.id for update
      ),
      v as (
        select * from unnest(${column((r) => r.adviserId)}::int[], ${column((r) => r.customerId)}::int[],
          ${column((r) => r.categoryId)}::int[], ${column((r) => r.factKey)}::text[], ${column((r) => r.title)}::text[],
          ${column((r) => r.amount)}::numeric[], ${column((r) => r.productId)}::int[],
          ${column((r) => r.intensity)}::real[], ${column((r) => r.occurredAt.toISOString())}::timestamptz[])
          with ordinality as v(adviser_id, customer_id, category_id, fact_key, title, amount, product_id, intensity,
            occurred_at, n)
      ),
      fresh as (
        select f.customer_id, nextval(pg_get_serial_sequence('mkt_cards', 'id'))::int as id from (
          select v.customer_id, min(v.n) as first from v
          where v.customer_id not in (select customer_id from locked)
            -- The open cards' customers as a hashed set (NOT IN is never made a join; an array's <> ALL compared
            -- every row with every open card), and a probe of the fact index per row (a subquery with a limit is
            -- not turned into a join, which would read every signal ever written): the planner guesses the batch's
            -- rows and the locked cards too few, and joined them in loops over every pair.
            and (select true from mkt_signals s where s.category_id = v.category_id and s.fact_key = v.fact_key limit 1)
              is null
          group by v.customer_id
        ) as f order by f.first
      ),
      inserted as (
        insert into mkt_signals
          (adviser_id, customer_id, category_id, fact_key, title, amount, product_id, intensity, occurred_at, card_id)
        select v.adviser_id, v.customer_id, v.category_id, v.fact_key, v.title, v.amount, v.product_id, v.intensity,
          v.occurred_at, coalesce(l.id, f.id)
        from v left join locked l on l.customer_id = v.customer_id left join fresh f on f.customer_id = v.customer_id
        order by v.n
        on conflict do nothing
        returning id, category_id, fact_key, amount, intensity, card_id
      )
      select (select json_agg(locked) from locked) as open,
        (select json_agg(json_build_array(i.id, i.category_id, i.fact_key, i.amount, i.intensity, i.card_id)
          order by i.id) from inserted i) as inserted,
        (select json_agg(fresh) from fresh) as fresh`),
  );
  return {
    open: new Map((out?.open ?? []).map((o) => [Number(o.customer_id), { id: Number(o.id), state: o.state }])),
    summaryOf: summariesOf(out?.open ?? []),
    inserted: (out?.inserted ?? []).map((w) => signalOf(sentOf.get(`${w[1]}|${w[2]}`)!, w)),
    freshIdOf: new Map((out?.fresh ?? []).map((f) => [Number(f.customer_id), Number(f.id)])),
  };
}

/** The summaries these cards keep, read again after a product event linked this batch's holders' lines to them. */
export async function readSummaries(tx: Db, cardIds: readonly number[]): Promise<Map<number, ReasonSummary>> {
  if (cardIds.length === 0) return new Map();
  return summariesOf(
    rowsOf<SummaryJson>(
      await tx.execute(sql`
        select id, reasons_max_amount, reasons_max_intensity, reasons_newest_at, reasons_linked from mkt_cards
        where id = any(${pgArray(cardIds)}::int[])`),
    ),
  );
}

interface Planned {
  customer: StackCustomer;
  cardId: number;
  open: { id: number; state: string } | null;
  newest: Signal;
  fields: {
    categoryId: number;
    score: number;
    scoreParts: ReturnType<typeof scoreCard>['parts'];
    priority: ReturnType<typeof scoreCard>['priority'];
    reasonCount: number;
    updatedAt: Date;
    reasonsMaxAmount: number;
    reasonsMaxIntensity: number;
    reasonsNewestAt: Date;
    reasonsLinked: number;
  };
  fromLive: boolean;
  outcome: StackOutcome;
}

/** One customer's card after the new signals: the pure part, the same for a new card and a stacked one. */
function plan(
  customer: StackCustomer,
  cardId: number,
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
    cardId,
    open,
    newest,
    fields: scoredCardFields(newest.categoryId, sum, scored),
    fromLive,
    outcome: !open ? 'created' : open.state === 'snoozed' ? 'resurfaced' : 'stacked',
  };
}

/**
 * Stacks the new signals (written by lockAndWrite, already linked to their cards) onto each customer's one open card,
 * for a whole batch of customers in one statement of the caller's transaction: the scores are computed here from the
 * summed reasons, then the new cards are inserted, the stacked ones updated and every card's event written, the rows
 * passed as one array per column (server/db/arrays.ts). A statement per customer made the engine as slow as its round
 * trips, and a statement per step with a long VALUES list as slow as parsing and planning it.
 */
export async function stackSignals(
  tx: Db,
  byCustomer: ReadonlyMap<number, readonly Signal[]>,
  customers: ReadonlyMap<number, StackCustomer>,
  rulesOf: (adviserId: number) => AdviserRules,
  now: Date,
  written: Pick<Written, 'open' | 'summaryOf' | 'freshIdOf'>,
): Promise<Record<StackOutcome, number>> {
  const counts: Record<StackOutcome, number> = { created: 0, stacked: 0, resurfaced: 0 };
  if (byCustomer.size === 0) return counts;
  const planned = [...byCustomer].map(([customerId, signals]) => {
    const customer = customers.get(customerId)!;
    const card = written.open.get(customerId) ?? null;
    return plan(
      customer,
      card ? card.id : written.freshIdOf.get(customerId)!,
      signals,
      card,
      card ? (written.summaryOf.get(card.id) ?? null) : null,
      rulesOf(customer.adviserId),
      now,
    );
  });
  const column = <T extends string | number | boolean | null>(of: (p: Planned) => T) => pgArray(planned.map(of));
  const at = now.toISOString();
  // The stacked cards' ids again as an array: the update then reads them by key, not the whole table joined.
  const stackedIds = planned.filter((p) => p.open).map((p) => p.cardId);
  // A snoozed card wakes on the customer's next signal, whatever date it was snoozed to; a live or a read lets a
  // card waiting for the cap in now, and leaves one already in with its first release time. The events' rows are
  // checked against the new cards at the statement's end, when the cards are in.
  // Each card's tier is read here against its adviser's lines in force (the default lines for an adviser not
  // calibrated yet), so the recalibration after the release rewrites only the cards whose lines moved. Written
  // with the default lines, every stacked card was updated a second time in the transaction, and PostgreSQL checks
  // the foreign keys again on a second update of a row the transaction wrote.
  await tx.execute(sql`
    with v as (
      select v.*, coalesce(
          (select ${tierSql(sql`v.score`, sql`r`)} from mkt_tier_rules r where r.adviser_id = v.adviser_id),
          v.default_priority) as priority
      from unnest(${column((p) => p.cardId)}::int[], ${column((p) => !p.open)}::boolean[],
        ${column((p) => p.customer.adviserId)}::int[], ${column((p) => p.customer.id)}::int[],
        ${column((p) => p.fields.categoryId)}::int[], ${column((p) => p.fields.score)}::float8[],
        ${column((p) => JSON.stringify(p.fields.scoreParts))}::jsonb[], ${column((p) => p.fields.priority)}::text[],
        ${column((p) => p.fields.reasonCount)}::int[],
        ${column((p) => p.fields.updatedAt.toISOString())}::timestamptz[],
        ${column((p) => p.fields.reasonsMaxAmount)}::float8[], ${column((p) => p.fields.reasonsMaxIntensity)}::float8[],
        ${column((p) => p.fields.reasonsNewestAt.toISOString())}::timestamptz[],
        ${column((p) => p.fields.reasonsLinked)}::int[], ${column((p) => p.outcome === 'resurfaced')}::boolean[],
        ${column((p) => p.fromLive)}::boolean[], ${column((p) => p.outcome)}::text[],
        ${column((p) => p.newest.title)}::text[])
        with ordinality as v(id, fresh, adviser_id, customer_id, category_id, score, score_parts, default_priority,
          reason_count, updated_at, reasons_max_amount, reasons_max_intensity, reasons_newest_at, reasons_linked, wake,
          from_live, outcome, note, n)
    ),
    created as (
      insert into mkt_cards (id, adviser_id, customer_id, state, category_id, score, score_parts, priority,
        reason_count, reasons_max_amount, reasons_max_intensity, reasons_newest_at, reasons_linked, created_at,
        updated_at, released_at)
      select v.id, v.adviser_id, v.customer_id, 'new', v.category_id, v.score, v.score_parts, v.priority,
        v.reason_count, v.reasons_max_amount, v.reasons_max_intensity, v.reasons_newest_at, v.reasons_linked,
        ${at}::timestamptz, v.updated_at, case when v.from_live then ${at}::timestamptz end
      from v where v.fresh order by v.n
    ),
    stacked as (
      update mkt_cards as c set
        category_id = v.category_id, score = v.score, score_parts = v.score_parts, priority = v.priority,
        reason_count = v.reason_count, updated_at = v.updated_at, reasons_max_amount = v.reasons_max_amount,
        reasons_max_intensity = v.reasons_max_intensity, reasons_newest_at = v.reasons_newest_at,
        reasons_linked = v.reasons_linked,
        state = case when v.wake then 'new' else c.state end,
        snooze_until = case when v.wake then null else c.snooze_until end,
        released_at = case when v.from_live then coalesce(c.released_at, ${at}::timestamptz) else c.released_at end
      from v where c.id = v.id and not v.fresh and c.id = any(${pgArray(stackedIds)}::int[])
    )
    insert into mkt_card_events (card_id, kind, note, at)
    select v.id, v.outcome, v.note, ${at}::timestamptz from v order by v.n`);
  for (const p of planned) counts[p.outcome] += 1;
  return counts;
}
