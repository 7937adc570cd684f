import { RISK_LEVELS } from '../../../src/api/contract/market-map-constants';
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
  const start = Math.floor((base.getTime() + 8 * 3_600_000) / DAY) * DAY - 8 * 3_600_000;
  for (let t = start - days * DAY; t <= start; t += DAY) {
    const wd = new Date(t + 8 * 3_600_000).getUTCDay();
    if (wd !== 0 && wd !== 6) out.push(new Date(t));
  }
  return out;
}

export const dayText = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

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

const money = (rng: Prng, min: number, max: number) =>
  Math.round(Math.exp(Math.log(min) + rng.next() * (Math.log(max) - Math.log(min))) / 100) * 100;

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
    rows.customers.push({
      id,
      adviserId: spec.adviserId,
      userId: app?.id ?? null,
      name: app?.realName ?? name(rng),
      phone: `1${rng.pick(['38', '39', '58', '86', '37'])}${String(rng.int(0, 99_999_999)).padStart(8, '0')}`,
      gender: rng.next() < 0.5 ? 'm' : 'f',
      riskLevel,
      riskAssessedAt: assessedAt,
      // Assessments last two years: older ones have expired and count as unassessed.
      riskExpiresAt: assessedAt ? new Date(assessedAt.getTime() + 730 * DAY) : null,
      qualified,
      qualifiedAt: qualified ? new Date(t0 - rng.int(30, 600) * DAY) : null,
      tags: rng.sample(CUSTOMER_TAGS, rng.int(0, 3)),
      tier: aum >= 6_000_000 ? 'private' : aum >= 1_000_000 ? 'gold' : 'standard',
      aum,
      lastContactAt: new Date(t0 - rng.int(1, 90) * DAY),
      createdAt: new Date(t0 - rng.int(370, 2000) * DAY),
    });
    const recentOnly = k >= spec.customers;
    // The recent-only customers hold a money fund: no NAV alerts, so their one card is their inflow.
    const held = recentOnly
      ? [rng.int(1, 2)]
      : rng.sample(
          SEED_PRODUCTS.map((_, i) => i + 1),
          rng.int(1, 4),
        );
    for (const productId of held) {
      rows.holdings.push({
        customerId: id,
        productId,
        shares: Math.round(aum / held.length),
        cost: Math.round(aum / held.length),
        since: new Date(t0 - rng.int(30, 360) * DAY),
      });
    }
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
    for (let n = rng.int(1, 4); n > 0; n -= 1) {
      const productId = rng.pick(held);
      const kind = rng.pick(['subscribe', 'subscribe', 'redeem', 'dividend'] as const);
      rows.transactions.push({
        id: nextId.fact++,
        customerId: id,
        productId,
        kind,
        amount: kind === 'dividend' ? money(rng, 200, 20_000) : money(rng, 10_000, Math.max(20_000, aum * 0.5)),
        status: 'confirmed',
        occurredAt: when(),
      });
    }
    for (let n = rng.int(1, 6); n > 0; n -= 1)
      rows.behaviours.push({ id: nextId.fact++, customerId: id, ...behaviour(rng), occurredAt: when() });
    recentFact(rng, t0, id, k, nextId, rows);
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
  customerId: number,
  k: number,
  nextId: { fact: number },
  rows: FactRows,
): void {
  const occurredAt = new Date(t0 - rng.int(10, 2 * 1440) * 60_000);
  const kind = RECENT_KINDS[k % 12];
  if (kind === 'transfer')
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
