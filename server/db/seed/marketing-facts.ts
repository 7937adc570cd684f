import { businessDate, businessDayStart } from '../../../src/api/contract/dates';
import { RISK_LEVELS } from '../../../src/api/contract/market-map-constants';
import { checkSuitability, type CustomerRisk, type ProductRisk } from '../../suitability/suitability';
import type * as schema from '../schema';
import { GIVEN, SURNAMES, TOPICS } from './data';
import { BANKS, CUSTOMER_TAGS, LIVE_QUESTIONS, MATERIALS, SEARCHES, SEED_PRODUCTS } from './marketing-data';
import type { Prng } from './prng';

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];
export const DAY = 86_400_000;

export interface FactRows {
  customers: Insert<typeof schema.mktCustomers>[];
  products: Insert<typeof schema.mktProducts>[];
  navs: Insert<typeof schema.mktProductNavs>[];
  holdings: Insert<typeof schema.mktHoldings>[];
  transactions: Insert<typeof schema.mktTransactions>[];
  transfers: Insert<typeof schema.mktTransfers>[];
  behaviours: Insert<typeof schema.mktBehaviours>[];
}

export interface BookSpec {
  adviserId: number;
  /** Customers with a year of history. */
  customers: number;
  /** Extra customers with only a recent inflow (the large scale's 10,000-card adviser). */
  recentOnly: number;
  /** App users who are this adviser's customers (their lives become behaviours). */
  appUsers: ReadonlyArray<{ id: number; realName: string }>;
}

/** Weekdays (trading days) of the last year up to base, oldest first, as midnight-UTC+8 instants. */
export function tradingDays(base: Date, days = 365): Date[] {
  const out: Date[] = [];
  const start = businessDayStart(base).getTime();
  for (let t = start - days * DAY; t <= start; t += DAY) {
    const wd = new Date(businessDate(t)).getUTCDay();
    if (wd !== 0 && wd !== 6) out.push(new Date(t));
  }
  return out;
}

export const dayText = (d: Date) => businessDate(d);

function name(rng: Prng): string {
  return rng.pick([...SURNAMES]) + rng.pick([...GIVEN]) + (rng.next() < 0.7 ? rng.pick([...GIVEN]) : '');
}

/** Products and a year of daily NAVs (money funds: 7-day yield) by a seeded random walk with a few slides. */
export function makeProducts(rng: Prng, base: Date, rows: FactRows): Map<number, number[]> {
  const days = tradingDays(base);
  const series = new Map<number, number[]>();
  SEED_PRODUCTS.forEach((p, i) => {
    const id = i + 1;
    rows.products.push({
      id,
      code: p.code,
      name: p.name,
      kind: p.kind,
      riskLevel: p.risk,
      qualifiedOnly: p.qualifiedOnly,
      benchmark: p.benchmark,
      maturityAt: p.maturityInDays === null ? null : new Date(base.getTime() + p.maturityInDays * DAY),
      createdAt: new Date(base.getTime() - 400 * DAY),
    });
    let nav = 1 + rng.next() * 0.8;
    const navs: number[] = [];
    const slideAt = rng.int(20, days.length - 10);
    days.forEach((d, k) => {
      if (p.kind === 'money_fund') {
        const y = 1.6 + Math.sin(k / 40) * 0.3 + rng.next() * 0.05;
        navs.push(1);
        rows.navs.push({
          productId: id,
          day: dayText(d),
          nav: 1,
          yield7d: Math.round(y * 1000) / 1000,
          dividend: null,
        });
        return;
      }
      // A short slide once a year (and for the riskiest, near the end too) gives NAV alerts.
      const slide = (k >= slideAt && k < slideAt + 4) || (p.vol >= 0.013 && k >= days.length - 4) ? -p.vol * 1.6 : 0;
      nav = Math.max(0.2, nav * (1 + slide + (rng.next() - 0.49) * p.vol * 2));
      navs.push(Math.round(nav * 10_000) / 10_000);
      rows.navs.push({
        productId: id,
        day: dayText(d),
        nav: navs[navs.length - 1]!,
        yield7d: null,
        dividend: k % 120 === 60 && p.kind === 'bond' ? 0.02 : null,
      });
    });
    series.set(id, navs);
  });
  return series;
}

/**
 * What a customer may hold: products at or below their risk level (an unassessed customer, only R1), and a
 * qualified-only fund only for a qualified investor. A drawn product that does not fit becomes the fitting product
 * at its place in the list (not a new draw: the seed's draws stay as they were); duplicates are dropped.
 */
export function suitableHoldings(drawn: number[], riskLevel: string | null, qualified: boolean): number[] {
  const level = riskLevel ? Number(riskLevel.slice(1)) : 1;
  const fits = (id: number) => {
    const p = SEED_PRODUCTS[id - 1]!;
    return Number(p.risk.slice(1)) <= level && (!p.qualifiedOnly || qualified);
  };
  const fitting = SEED_PRODUCTS.map((_, i) => i + 1).filter(fits);
  return [...new Set(drawn.map((id) => (fits(id) ? id : fitting[id % fitting.length]!)))];
}

const HOUR = 3_600_000;
/**
 * A trade at a time a trade happens: a weekday between 09:30 and 15:00 business time (UTC+8). The drawn moment's
 * day is kept (a weekend goes back to the Friday), its time of day folded into the session; never after `now`.
 */
export function inTradingHours(at: Date, now: number): Date {
  const offset = 8 * HOUR;
  let dayStart = Math.floor((at.getTime() + offset) / DAY) * DAY;
  const weekday = (d: number) => new Date(d).getUTCDay();
  while (weekday(dayStart) === 0 || weekday(dayStart) === 6) dayStart -= DAY;
  const minuteOfDay = Math.floor((at.getTime() + offset - Math.floor((at.getTime() + offset) / DAY) * DAY) / 60_000);
  const session = 330; // 09:30 to 15:00
  let t = dayStart + (9 * 60 + 30 + (minuteOfDay % session)) * 60_000 - offset;
  while (t > now) {
    dayStart -= DAY;
    while (weekday(dayStart) === 0 || weekday(dayStart) === 6) dayStart -= DAY;
    t = dayStart + (9 * 60 + 30 + (minuteOfDay % session)) * 60_000 - offset;
  }
  return new Date(t);
}

/** An amount spread evenly on a log scale from `u` in [0, 1), rounded to ¥100. */
const moneyAt = (u: number, min: number, max: number) =>
  Math.round(Math.exp(Math.log(min) + u * (Math.log(max) - Math.log(min))) / 100) * 100;
const money = (rng: Prng, min: number, max: number) => moneyAt(rng.next(), min, max);

interface TradingCustomer {
  riskLevel: CustomerRisk | null;
  riskExpiresAt: Date | null;
  qualified: boolean;
  qualifiedAt: Date | null;
}

/**
 * The products among a customer's holdings they could trade at `at`, by the firm's own suitability rule: a
 * qualified-only fund only once the qualification was confirmed, and nothing at all without a current assessment.
 */
export function tradableAt(customer: TradingCustomer, holdings: readonly number[], at: Date): number[] {
  const qualified = customer.qualified && customer.qualifiedAt !== null && customer.qualifiedAt <= at;
  return holdings.filter((id) => {
    const p = SEED_PRODUCTS[id - 1]!;
    const product = { riskLevel: p.risk as ProductRisk, qualifiedOnly: p.qualifiedOnly };
    return checkSuitability({ ...customer, qualified }, product, at).suitable;
  });
}

/** One adviser's customers with holdings and a year of transfers, transactions and behaviours. */
export function makeBook(
  rng: Prng,
  base: Date,
  spec: BookSpec,
  nextId: { customer: number; fact: number },
  rows: FactRows,
): void {
  const t0 = base.getTime();
  const total = spec.customers + spec.recentOnly;
  for (let k = 0; k < total; k += 1) {
    const id = nextId.customer++;
    const app = spec.appUsers[k];
    const aum = money(rng, 30_000, 30_000_000);
    const assessed = rng.next();
    const riskLevel = assessed < 0.9 ? rng.pick(RISK_LEVELS) : null;
    const assessedAt = riskLevel ? new Date(t0 - rng.int(20, 700) * DAY) : null;
    const qualified = aum >= 3_000_000 && rng.next() < 0.7;
    // Assessments last two years: older ones have expired and count as unassessed.
    const riskExpiresAt = assessedAt ? new Date(assessedAt.getTime() + 730 * DAY) : null;
    const customer: Insert<typeof schema.mktCustomers> & TradingCustomer & { id: number } = {
      id,
      adviserId: spec.adviserId,
      userId: app?.id ?? null,
      name: app?.realName ?? name(rng),
      phone: `1${rng.pick(['38', '39', '58', '86', '37'])}${String(rng.int(0, 99_999_999)).padStart(8, '0')}`,
      gender: rng.next() < 0.5 ? 'm' : 'f',
      riskLevel,
      riskAssessedAt: assessedAt,
      riskExpiresAt,
      qualified,
      qualifiedAt: qualified ? new Date(t0 - rng.int(30, 600) * DAY) : null,
      tags: rng.sample(CUSTOMER_TAGS, rng.int(0, 3)),
      tier: aum >= 6_000_000 ? 'private' : aum >= 1_000_000 ? 'gold' : 'standard',
      aum,
      lastContactAt: new Date(t0 - rng.int(1, 90) * DAY),
      createdAt: new Date(t0 - rng.int(370, 2000) * DAY),
    };
    rows.customers.push(customer);
    const recentOnly = k >= spec.customers;
    // The recent-only customers hold a money fund: no NAV alerts, so their one card is their inflow.
    const held = recentOnly
      ? [rng.int(1, 2)]
      : rng.sample(
          SEED_PRODUCTS.map((_, i) => i + 1),
          rng.int(1, 4),
        );
    const holdings = suitableHoldings(held, riskLevel, qualified).map((productId) => ({
      customerId: id,
      productId,
      shares: Math.round(aum / held.length),
      cost: Math.round(aum / held.length),
      since: new Date(t0 - rng.int(30, 360) * DAY),
    }));
    rows.holdings.push(...holdings);
    if (recentOnly) {
      rows.transfers.push({
        id: nextId.fact++,
        customerId: id,
        direction: 'in',
        amount: money(rng, 60_000, 900_000),
        bank: rng.pick(BANKS),
        occurredAt: new Date(t0 - rng.int(60, 29 * 1440) * 60_000),
      });
      continue;
    }
    const when = () => new Date(t0 - rng.int(30, 365 * 1440) * 60_000);
    for (let n = rng.int(2, 6); n > 0; n -= 1) {
      rows.transfers.push({
        id: nextId.fact++,
        customerId: id,
        direction: rng.next() < 0.6 ? 'in' : 'out',
        amount: money(rng, 5_000, Math.max(20_000, aum * 0.6)),
        bank: rng.pick(BANKS),
        occurredAt: when(),
      });
    }
    trades(rng, customer, holdings, when, t0, nextId, rows);
    for (let n = rng.int(1, 6); n > 0; n -= 1)
      rows.behaviours.push({ id: nextId.fact++, customerId: id, ...behaviour(rng), occurredAt: when() });
    recentFact(rng, t0, customer, holdings, k, nextId, rows);
  }
}

/**
 * A customer's trades over the year, each of a product they hold and could trade that day under the suitability
 * rule (no current assessment: no trades), a dividend only from a fund that pays one out. Every trade takes the
 * same four draws whatever it becomes, so the rest of the seed draws as before. A holding is dated before its
 * first trade (a redemption or a dividend needs something held), but not before its qualification if it needs one.
 */
function trades(
  rng: Prng,
  customer: TradingCustomer & { id: number; aum: number },
  holdings: ReadonlyArray<{ productId: number; since: Date }>,
  when: () => Date,
  t0: number,
  nextId: { fact: number },
  rows: FactRows,
): void {
  const held = holdings.map((h) => h.productId);
  const { aum } = customer;
  for (let n = rng.int(1, 4); n > 0; n -= 1) {
    const which = rng.next();
    let kind = rng.pick(['subscribe', 'subscribe', 'redeem', 'dividend'] as const);
    const size = rng.next();
    const occurredAt = inTradingHours(when(), t0);
    const open = tradableAt(customer, held, occurredAt);
    // A money fund's income is reinvested daily as shares: it never pays a dividend into the account.
    const payers = open.filter((p) => SEED_PRODUCTS[p - 1]!.kind !== 'money_fund');
    if (kind === 'dividend' && !payers.length) kind = 'subscribe';
    const pool = kind === 'dividend' ? payers : open;
    if (!pool.length) continue;
    const productId = pool[Math.floor(which * pool.length)]!;
    rows.transactions.push({
      id: nextId.fact++,
      customerId: customer.id,
      productId,
      kind,
      amount: kind === 'dividend' ? moneyAt(size, 200, 20_000) : moneyAt(size, 10_000, Math.max(20_000, aum * 0.5)),
      status: 'confirmed',
      occurredAt,
    });
    const h = holdings.find((x) => x.productId === productId)!;
    const opened = occurredAt.getTime() - DAY;
    // The qualification was confirmed by the trade (tradableAt): a minute before it at the latest.
    const floor = SEED_PRODUCTS[productId - 1]!.qualifiedOnly
      ? Math.min(customer.qualifiedAt!.getTime(), occurredAt.getTime() - 60_000)
      : -Infinity;
    if (h.since.getTime() > opened) h.since = new Date(Math.max(opened, floor));
  }
}

/**
 * The last two days of a book: a year spread evenly leaves a family with no open card some
 * days (a card's family is its newest reason's), so every book has fresh money, live and
 * intent facts for a few customers, as a real book does on any working day.
 */
function recentFact(
  rng: Prng,
  t0: number,
  customer: TradingCustomer & { id: number },
  holdings: ReadonlyArray<{ productId: number; cost: number }>,
  k: number,
  nextId: { fact: number },
  rows: FactRows,
): void {
  const customerId = customer.id;
  const occurredAt = new Date(t0 - rng.int(10, 2 * 1440) * 60_000);
  const kind = RECENT_KINDS[k % 12];
  // A few fresh dividends too, or a book whose year of dividends has all been handled shows no product card.
  if (k % 48 === 4) recentDividend(customer, holdings, inTradingHours(occurredAt, t0), nextId, rows);
  else if (kind === 'transfer')
    rows.transfers.push({
      id: nextId.fact++,
      customerId,
      direction: 'in',
      amount: money(rng, 60_000, 400_000),
      bank: rng.pick(BANKS),
      occurredAt,
    });
  else if (kind) rows.behaviours.push({ id: nextId.fact++, customerId, ...behaviour(rng, kind), occurredAt });
}
const RECENT_KINDS = ['transfer', 'product_view', 'search', 'live_question'] as const;

/** A payout of 0.5 % of what the customer put in, from their first held fund that pays one and they may hold now. */
function recentDividend(
  customer: TradingCustomer & { id: number },
  holdings: ReadonlyArray<{ productId: number; cost: number }>,
  occurredAt: Date,
  nextId: { fact: number },
  rows: FactRows,
): void {
  const open = tradableAt(
    customer,
    holdings.map((h) => h.productId),
    occurredAt,
  ).filter((p) => SEED_PRODUCTS[p - 1]!.kind !== 'money_fund');
  const h = holdings.find((x) => x.productId === open[0]);
  if (!h) return;
  rows.transactions.push({
    id: nextId.fact++,
    customerId: customer.id,
    productId: h.productId,
    kind: 'dividend',
    amount: Math.max(100, Math.round((h.cost * 0.005) / 100) * 100),
    status: 'confirmed',
    occurredAt,
  });
}

type BehaviourKind = 'live_watch' | 'live_question' | 'live_subscribe' | 'material_open' | 'product_view' | 'search';

function behaviour(
  rng: Prng,
  given?: BehaviourKind,
): Omit<Insert<typeof schema.mktBehaviours>, 'customerId' | 'occurredAt'> {
  const kind =
    given ??
    rng.pick([
      'live_watch',
      'live_watch',
      'live_question',
      'live_subscribe',
      'material_open',
      'material_open',
      'product_view',
      'search',
    ] as const);
  const topic = rng.pick(TOPICS);
  switch (kind) {
    case 'live_watch': {
      const minutes = rng.int(2, 70);
      return { kind, title: `观看直播《${topic}》${minutes} 分钟`, minutes, sourceId: `live:${rng.int(1, 40)}` };
    }
    case 'live_question': {
      const text = rng.pick(LIVE_QUESTIONS);
      return { kind, title: `直播《${topic}》中提问：${text}`, text, sourceId: `live:${rng.int(1, 40)}` };
    }
    case 'live_subscribe':
      return { kind, title: `预约直播《${topic}》`, sourceId: `live:${rng.int(1, 40)}` };
    case 'material_open': {
      const seconds = rng.int(5, 300);
      const m = rng.pick(MATERIALS);
      return {
        kind,
        title: `阅读《${m}》${seconds} 秒`,
        seconds,
        scrollDepth: Math.round(rng.next() * 100) / 100,
        sourceId: `material:${m}`,
      };
    }
    case 'product_view': {
      const p = rng.pick(SEED_PRODUCTS);
      return { kind, title: `浏览产品 ${p.name}`, sourceId: `product:${p.code}` };
    }
    case 'search': {
      const q = rng.pick(SEARCHES);
      return { kind, title: `搜索「${q}」`, text: q, sourceId: null };
    }
  }
}
