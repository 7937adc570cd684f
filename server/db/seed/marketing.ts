import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

import { businessDate, businessDayStart } from '../../../src/api/contract/dates';
import { DEFAULT_RULE_SETTINGS, HANDLE_OUTCOMES, IGNORE_REASONS } from '../../../src/api/contract/market-map-constants';
import { evaluateFact, type Fact, type SignalDraft } from '../../marketing/rules';
import { scoreCard, scoredCardFields, summarise } from '../../marketing/score';
import { type AdviserRules, DEFAULT_RULES } from '../../marketing/settings';
import { recalibrateTiers } from '../../marketing/tiers';
import type { Db } from '../client';
import * as schema from '../schema';
import { ADVISERS, GIVEN, SURNAMES } from './data';
import type { SeedScale } from './generate';
import { CLUE_TITLES, HANDLE_NOTES } from './marketing-data';
import { DAY, dayText, type FactRows, makeBook, makeProducts, tradingDays } from './marketing-facts';
import { capHistory, gatherSeedProductEvents } from './marketing-release';
import { createPrng, type Prng } from './prng';

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];
interface MarketingRows extends FactRows {
  signals: Insert<typeof schema.mktSignals>[];
  cards: Insert<typeof schema.mktCards>[];
  productCards: Insert<typeof schema.mktProductCards>[];
  events: Insert<typeof schema.mktCardEvents>[];
  clues: Insert<typeof schema.mktClues>[];
  handles: Insert<typeof schema.mktClueHandles>[];
  feedback: Insert<typeof schema.mktFeedback>[];
  settings: Insert<typeof schema.mktRuleSettings>[];
}

// Hundreds of customers in each adviser's book; large keeps 120 older ones beside 11,200 recent ones.
const SCALE = { small: { customers: 240, recentOnly: 0 }, large: { customers: 120, recentOnly: 11_200 } } as const;
// About 10 % of open cards are snoozed: 11,200 recent customers leave 10,000+ on the workbench.
/** The large scale's adviser with 10,000 open cards sees up to 500 new cards a day. */
const LARGE_CAP = 500;

/**
 * The workbench's seed: each adviser's book with a year of facts, run through the card
 * engine's own rules and score (evaluated at each fact's time, as the engine would have),
 * adviser actions on older cards, and the daily cap over the open ones. Deterministic.
 */
/** The seeded app customer (u14, C0014) assessed C5 and current at the seed's base time. */
export const QUALIFIABLE_APP_CUSTOMER = 'u14';

export function generateMarketingSeed(
  scale: SeedScale,
  base: Date,
  users: ReadonlyArray<{ id?: number; uuid?: string; role: string; realName: string; isFinancialAdvisor?: boolean }>,
): MarketingRows {
  const rng = createPrng(0x3a7c_0013);
  const rows: MarketingRows = {
    customers: [],
    products: [],
    navs: [],
    holdings: [],
    transactions: [],
    transfers: [],
    behaviours: [],
    signals: [],
    cards: [],
    productCards: [],
    events: [],
    clues: [],
    handles: [],
    feedback: [],
    settings: [],
  };
  const navs = makeProducts(rng, base, rows);
  // One book per seeded workbench employee (the random stream stays the same whoever owns it)…
  const booked = new Set(ADVISERS.map((a) => a.name));
  const employees = users.filter((u) => u.role === 'adviser' && booked.has(u.realName));
  const appCustomers = users.filter((u) => u.role === 'customer').map((u) => ({ id: u.id!, realName: u.realName }));
  const ids = { customer: 1, fact: 1 };
  employees.forEach((employee, i) => {
    const appUsers = appCustomers.filter((_, j) => j % employees.length === i);
    const recentOnly = i === 0 ? SCALE[scale].recentOnly : 0;
    const spec = { adviserId: employee.id!, customers: SCALE[scale].customers, recentOnly, appUsers };
    makeBook(rng, base, spec, ids, rows);
  });
  // …but only financial advisers own customers (docs/compliance.md): a reviewer's book is dealt to them in turn.
  const advisers = employees.filter((u) => u.isFinancialAdvisor).map((u) => u.id!);
  dealBooksOfNonAdvisers(rows.customers, new Set(advisers), advisers);
  // One app customer with a current top assessment, so a qualified viewer can be walked through the
  // private-fund gates (store and live room) end to end; set after the books so no other row moves.
  const assessed = users.find((u) => u.uuid === QUALIFIABLE_APP_CUSTOMER);
  const row = assessed && rows.customers.find((c) => c.userId === assessed.id);
  if (row)
    Object.assign(row, {
      riskLevel: 'C5',
      riskAssessedAt: new Date(base.getTime() - 30 * 86_400_000),
      riskExpiresAt: new Date(base.getTime() + 700 * 86_400_000),
    });
  const rules = new Map<number, AdviserRules>();
  if (scale === 'large' && advisers[0]) {
    const thresholds = { ...DEFAULT_RULE_SETTINGS, daily_cap: LARGE_CAP };
    rules.set(advisers[0], { ...DEFAULT_RULES, thresholds });
    rows.settings.push({
      adviserId: advisers[0],
      thresholds,
      enabledCategories: [1, 2, 3, 4, 5, 6, 7, 8],
      updatedAt: base,
    });
  }
  const adviserOf = new Map(rows.customers.map((c) => [c.id!, c.adviserId]));
  const rulesOf = (customerId: number) => rules.get(adviserOf.get(customerId)!) ?? DEFAULT_RULES;
  // A fact key seen before makes no second signal (the engine's unique index does the same).
  const seen = new Set<string>();
  const drafts = facts(rows, navs, base)
    .flatMap((f) => evaluateFact(f, rulesOf, f.occurredAt))
    .filter((d) => !seen.has(`${d.categoryId}|${d.factKey}`) && seen.add(`${d.categoryId}|${d.factKey}`) !== null);
  const customersById = new Map(rows.customers.map((c) => [c.id!, c]));
  const products = gatherSeedProductEvents(drafts, customersById, base, { productCard: 1 });
  assembleCards(rng, base, rows, products.rest);
  let signalId = rows.signals.reduce((a, r) => Math.max(a, r.id!), 0) + 1;
  for (const { draft, productCardId } of products.grouped) {
    const { eventKey: _event, ...signal } = draft;
    rows.signals.push({ ...signal, id: signalId++, adviserId: adviserOf.get(draft.customerId)!, productCardId });
  }
  rows.productCards = products.productCards;
  const capOf = (adviserId: number) => (rules.get(adviserId) ?? DEFAULT_RULES).thresholds.daily_cap;
  const dropped = capHistory(rows.cards, rows.productCards, base, capOf, (at) => businessDayStart(at).getTime());
  dropCards(rows, dropped);
  makeClues(rng, base, rows, advisers);
  return rows;
}

function facts(rows: FactRows, navs: Map<number, number[]>, base: Date): Fact[] {
  const productName = new Map(rows.products.map((p) => [p.id!, p.name]));
  const productByCode = new Map(rows.products.map((p) => [`product:${p.code}`, p.id!]));
  const out: Fact[] = [];
  for (const t of rows.transfers)
    out.push({
      kind: 'transfer',
      id: t.id!,
      customerId: t.customerId,
      direction: t.direction,
      amount: t.amount,
      occurredAt: t.occurredAt,
    });
  for (const t of rows.transactions) {
    out.push({
      kind: 'transaction',
      id: t.id!,
      customerId: t.customerId,
      productId: t.productId ?? null,
      productName: productName.get(t.productId!) ?? '',
      txKind: t.kind,
      amount: t.amount,
      occurredAt: t.occurredAt,
    });
  }
  for (const b of rows.behaviours) {
    out.push({
      kind: 'behaviour',
      id: b.id!,
      customerId: b.customerId,
      behaviour: b.kind,
      title: b.title,
      minutes: b.minutes ?? null,
      seconds: b.seconds ?? null,
      productId: productByCode.get(b.sourceId ?? '') ?? null,
      occurredAt: b.occurredAt,
    });
  }
  const holders = new Map<number, number[]>();
  for (const h of rows.holdings) {
    const list = holders.get(h.productId);
    if (list) list.push(h.customerId);
    else holders.set(h.productId, [h.customerId]);
  }
  const days = tradingDays(base);
  for (const p of rows.products) {
    const series = navs.get(p.id!) ?? [];
    const who = holders.get(p.id!) ?? [];
    if (p.kind !== 'money_fund' && who.length) {
      for (let k = 1; k < series.length; k += 1) {
        // Market close (15:00 Beijing) of that trading day.
        const occurredAt = new Date(days[k]!.getTime() + 15 * 3_600_000);
        if (occurredAt > base) continue;
        out.push({
          kind: 'nav',
          productId: p.id!,
          productName: p.name,
          day: dayText(days[k]!),
          dayIndex: k,
          navs: series.slice(Math.max(0, k - 30), k + 1),
          holders: who,
          occurredAt,
        });
      }
    }
    if (p.maturityAt && who.length) {
      const seen = new Date(Math.min(base.getTime(), p.maturityAt.getTime() - 5 * DAY));
      out.push({
        kind: 'maturity',
        productId: p.id!,
        productName: p.name,
        maturityAt: p.maturityAt,
        holders: who,
        occurredAt: seen,
      });
    }
  }
  return out.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
}

function assembleCards(rng: Prng, base: Date, rows: MarketingRows, drafts: SignalDraft[]): void {
  const customers = new Map(rows.customers.map((c) => [c.id!, c]));
  const byCustomer = new Map<number, SignalDraft[]>();
  for (const d of drafts) {
    const list = byCustomer.get(d.customerId);
    if (list) list.push(d);
    else byCustomer.set(d.customerId, [d]);
  }
  // A year of history always leaves behaviours; a customer without an assessment has no trades, but history still.
  const withHistory = new Set([...rows.transactions, ...rows.behaviours].map((t) => t.customerId));
  let cardId = 1;
  let signalId = 1;
  for (const [customerId, list] of byCustomer) {
    const c = customers.get(customerId)!;
    // Recent-only customers (no history) keep their card open: the large scale's 10,000.
    const longLived = !withHistory.has(customerId);
    let card: { row: Insert<typeof schema.mktCards>; closeAt: number; signals: SignalDraft[] } | null = null;
    const finish = (last: boolean) => {
      if (!card) return;
      const sum = summarise(null, card.signals);
      const newest = card.signals[card.signals.length - 1]!;
      const scored = scoreCard({ ...sum, aum: c.aum, tier: c.tier, penalty: 0, now: base });
      Object.assign(card.row, scoredCardFields(newest.categoryId, sum, scored));
      close(rng, base, rows, card.row, last && card.closeAt > base.getTime() - DAY ? null : card.closeAt);
      card = null;
    };
    for (const s of list) {
      if (card && card.closeAt <= s.occurredAt.getTime()) finish(false);
      if (!card) {
        const row = {
          id: cardId++,
          adviserId: c.adviserId,
          customerId,
          state: 'new' as const,
          categoryId: s.categoryId,
          score: 0,
          scoreParts: {},
          priority: 'cold' as const,
          createdAt: s.occurredAt,
          updatedAt: s.occurredAt,
          releasedAt: s.occurredAt,
        };
        card = { row, closeAt: longLived ? Infinity : s.occurredAt.getTime() + rng.int(2, 20) * DAY, signals: [] };
        rows.cards.push(row);
      }
      card.signals.push(s);
      const { eventKey: _event, ...signal } = s;
      rows.signals.push({ ...signal, id: signalId++, adviserId: c.adviserId, cardId: card.row.id });
    }
    finish(true);
  }
}

/** Adviser actions on a card once its time has come (closeAt): done (mostly) or, long ago, ignored; null keeps it open. */
function close(
  rng: Prng,
  base: Date,
  rows: MarketingRows,
  card: Insert<typeof schema.mktCards>,
  closeAt: number | null,
): void {
  const b = base.getTime();
  if (closeAt === null) {
    const roll = rng.next();
    card.state = roll < 0.55 ? 'new' : roll < 0.75 ? 'viewed' : roll < 0.9 ? 'handling' : 'snoozed';
    if (card.state !== 'new') card.viewedAt = new Date(Math.min(b, card.createdAt.getTime() + 3_600_000));
    if (card.state === 'snoozed') card.snoozeUntil = businessDate(new Date(b + rng.int(1, 5) * DAY));
    // Closed history keeps its closing step only (the detail derives "created" from the card).
    rows.events.push({ cardId: card.id!, kind: 'created', note: null, at: card.createdAt });
    return;
  }
  const at = new Date(closeAt);
  card.closedAt = at;
  card.viewedAt = new Date(card.createdAt.getTime() + 3_600_000);
  // No ignore in the last 30 days: the learned demotions start from a clean slate.
  if (closeAt < b - 31 * DAY && rng.next() < 0.3) {
    const reason = rng.pick(IGNORE_REASONS);
    Object.assign(card, {
      state: 'ignored',
      ignoreReason: reason,
      ignoreText: reason === 'other' ? '客户近期在外地' : null,
    });
    rows.feedback.push({
      adviserId: card.adviserId,
      cardId: card.id!,
      categoryId: card.categoryId,
      reason,
      text: card.ignoreText ?? null,
      createdAt: at,
    });
    rows.events.push({ cardId: card.id!, kind: 'ignored', note: reason, at });
    return;
  }
  card.state = 'done';
  const outcome = rng.pick(HANDLE_OUTCOMES.filter((o) => o === 'converted' || o === 'interested' || o === 'declined'));
  rows.handles.push({
    adviserId: card.adviserId,
    idempotencyKey: `seed-card-${card.id}`,
    cardId: card.id!,
    outcome,
    note: rng.pick(HANDLE_NOTES),
    resultState: 'done',
    createdAt: at,
  });
}

/** Customers seeded in a non-adviser's book go to the financial advisers in turn (before any card is made). */
function dealBooksOfNonAdvisers(
  customers: Array<{ adviserId: number }>,
  isAdviser: ReadonlySet<number>,
  advisers: readonly number[],
): void {
  if (advisers.length === 0) throw new Error('the seed needs at least one financial adviser to own customers');
  let turn = 0;
  for (const c of customers)
    if (!isAdviser.has(c.adviserId)) {
      c.adviserId = advisers[turn % advisers.length]!;
      turn += 1;
    }
}

/** Cards the cap kept from the adviser leave the history with their steps; their reasons stay, on no card. */
function dropCards(rows: MarketingRows, dropped: ReadonlySet<number>): void {
  if (dropped.size === 0) return;
  rows.cards = rows.cards.filter((c) => !dropped.has(c.id!));
  rows.events = rows.events.filter((e) => !dropped.has(e.cardId));
  rows.feedback = rows.feedback.filter((f) => !dropped.has(f.cardId));
  rows.handles = rows.handles.filter((h) => h.cardId === null || h.cardId === undefined || !dropped.has(h.cardId));
  for (const s of rows.signals) if (s.cardId && dropped.has(s.cardId)) s.cardId = null;
}

function makeClues(rng: Prng, base: Date, rows: MarketingRows, advisers: number[]): void {
  for (const adviserId of advisers) {
    const mine = rows.customers.filter((c) => c.adviserId === adviserId);
    for (let k = 0; k < 30; k += 1) {
      const source = rng.pick(['live_visitor', 'invitation', 'material_reader', 'manual'] as const);
      const customer = rng.next() < 0.3 ? rng.pick(mine) : null;
      const state = rng.pick(['new', 'new', 'handling', 'done'] as const);
      rows.clues.push({
        adviserId,
        customerId: customer?.id ?? null,
        name: customer?.name ?? rng.pick([...SURNAMES]) + rng.pick([...GIVEN]),
        phone: customer?.phone ?? `13${rng.int(0, 9)}${String(rng.int(0, 99_999_999)).padStart(8, '0')}`,
        source,
        title: CLUE_TITLES[source],
        state,
        nextFollowUp: state === 'handling' ? businessDate(new Date(base.getTime() + rng.int(1, 7) * DAY)) : null,
        lastOutcome: state === 'done' ? 'converted' : state === 'handling' ? 'follow_up' : null,
        createdAt: new Date(base.getTime() - rng.int(60, 40 * 1440) * 60_000),
      });
    }
  }
}

const BATCH = 1000;
const SEQUENCED = [
  'mkt_customers',
  'mkt_products',
  'mkt_transactions',
  'mkt_transfers',
  'mkt_behaviours',
  'mkt_signals',
  'mkt_cards',
  'mkt_product_cards',
];

/** Writes the workbench seed (inside the seed's transaction). */
export async function seedMarketing(
  tx: Db,
  scale: SeedScale,
  base: Date,
  users: ReadonlyArray<{ id?: number; uuid?: string; role: string; realName: string; isFinancialAdvisor?: boolean }>,
): Promise<Record<string, number>> {
  const rows = generateMarketingSeed(scale, base, users);
  const insertAll = async <T extends PgTable>(table: T, values: T['$inferInsert'][]) => {
    for (let i = 0; i < values.length; i += BATCH) await tx.insert(table).values(values.slice(i, i + BATCH));
  };
  await insertAll(schema.mktProducts, rows.products);
  await insertAll(schema.mktProductNavs, rows.navs);
  await insertAll(schema.mktCustomers, rows.customers);
  await insertAll(schema.mktHoldings, rows.holdings);
  await insertAll(schema.mktTransactions, rows.transactions);
  await insertAll(schema.mktTransfers, rows.transfers);
  await insertAll(schema.mktBehaviours, rows.behaviours);
  await insertAll(schema.mktCards, rows.cards);
  await insertAll(schema.mktProductCards, rows.productCards);
  await insertAll(schema.mktSignals, rows.signals);
  await insertAll(schema.mktCardEvents, rows.events);
  await insertAll(schema.mktClues, rows.clues);
  await insertAll(schema.mktClueHandles, rows.handles);
  await insertAll(schema.mktFeedback, rows.feedback);
  await insertAll(schema.mktRuleSettings, rows.settings);
  for (const table of SEQUENCED) {
    await tx.execute(
      sql.raw(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), greatest(1, (SELECT coalesce(max(id), 0) FROM "${table}")))`,
      ),
    );
  }
  // The seed's day is calibrated as the engine calibrates any day: 热/温/冷 lines from the cards the cap pushed.
  await recalibrateTiers(
    tx,
    [...rows.cards, ...rows.productCards].map((c) => c.adviserId),
    base,
  );
  return Object.fromEntries(Object.entries(rows).map(([k, v]) => [`mkt.${k}`, (v as unknown[]).length]));
}
