import { businessDate } from '../../src/api/contract/dates';
import type { BehaviourKind } from '../../src/api/contract/market-map-constants';
import type { AdviserRules } from './settings';

/** factKey prefix of signals from a live room (a long watch, a question). */
export const LIVE_FACT_PREFIX = 'live:';
/** factKey prefix of a tracked-link read: like a live, the customer is reading now, so its card skips the cap too. */
export const READ_FACT_PREFIX = 'read:';

/** Facts the rules read: what customers and markets did (docs/workbench.md#the-card-engine). */
export type Fact =
  | { kind: 'transfer'; id: number; customerId: number; direction: 'in' | 'out'; amount: number; occurredAt: Date }
  | {
      kind: 'transaction';
      id: number;
      customerId: number;
      productId: number | null;
      productName: string;
      txKind: string;
      amount: number;
      occurredAt: Date;
    }
  | {
      kind: 'behaviour';
      id: number;
      customerId: number;
      behaviour: BehaviourKind;
      title: string;
      minutes: number | null;
      seconds: number | null;
      productId: number | null;
      occurredAt: Date;
    }
  /** A product's NAV series up to `day` (oldest first), with the customers holding it. */
  | {
      kind: 'nav';
      productId: number;
      productName: string;
      day: string;
      dayIndex: number;
      navs: readonly number[];
      holders: readonly number[];
      occurredAt: Date;
    }
  | {
      kind: 'maturity';
      productId: number;
      productName: string;
      maturityAt: Date;
      holders: readonly number[];
      occurredAt: Date;
    };

export interface SignalDraft {
  customerId: number;
  categoryId: number;
  /** Unique per category: evaluating a fact twice makes no second signal. */
  factKey: string;
  title: string;
  amount: number | null;
  productId: number | null;
  intensity: number;
  occurredAt: Date;
  /**
   * A product event's key without its holder (NAV moves, maturities): the engine gathers the holders of one
   * adviser under it and, when there are enough, makes one product card instead of a card per holder.
   */
  eventKey?: string;
}

const yuan = (n: number) => `¥${Math.round(n).toLocaleString('en-US')}`;
const DAY = 86_400_000;
/** A one-day move of this size in a held product is an anomaly worth a call (category 3). */
export const DAILY_MOVE_PCT = 3;

type Push = (customerId: number, d: Omit<SignalDraft, 'customerId'>) => void;

/** A NAV fact's drafts for each holder: a fall over the adviser's window (category 8), a large one-day move (3). */
function navDrafts(fact: Extract<Fact, { kind: 'nav' }>, rulesOf: (customerId: number) => AdviserRules, push: Push) {
  const n = fact.navs;
  const last = n[n.length - 1];
  const prev = n[n.length - 2];
  for (const customerId of fact.holders) {
    const t = rulesOf(customerId).thresholds;
    const start = n[Math.max(0, n.length - 1 - t.nav_fall_days)];
    if (last !== undefined && start !== undefined && n.length > t.nav_fall_days) {
      const fall = ((start - last) / start) * 100;
      // One alert per product, customer and window: a long slide is one reason, not one a day.
      const bucket = Math.floor(fact.dayIndex / t.nav_fall_days);
      if (fall >= t.nav_fall_pct) {
        push(customerId, {
          categoryId: 8,
          factKey: `nav8:${fact.productId}:${customerId}:${bucket}`,
          eventKey: `nav8:${fact.productId}:${bucket}`,
          amount: null,
          productId: fact.productId,
          intensity: 0,
          occurredAt: fact.occurredAt,
          title: `${fact.productName} 近${t.nav_fall_days}个交易日净值下跌 ${fall.toFixed(1)}%`,
        });
      }
    }
    if (last !== undefined && prev !== undefined) {
      const move = ((last - prev) / prev) * 100;
      if (Math.abs(move) >= DAILY_MOVE_PCT) {
        push(customerId, {
          categoryId: 3,
          factKey: `nav3:${fact.productId}:${customerId}:${fact.day}`,
          eventKey: `nav3:${fact.productId}:${fact.day}`,
          amount: null,
          productId: fact.productId,
          intensity: 0,
          occurredAt: fact.occurredAt,
          title: `持仓 ${fact.productName} 单日${move > 0 ? '上涨' : '下跌'} ${Math.abs(move).toFixed(1)}%`,
        });
      }
    }
  }
}

/**
 * The rules: one fact → zero or more signal drafts, each with the thresholds of the adviser
 * who serves that customer (`rulesOf`). Switched-off categories make nothing.
 */
export function evaluateFact(fact: Fact, rulesOf: (customerId: number) => AdviserRules, now: Date): SignalDraft[] {
  const out: SignalDraft[] = [];
  const push = (customerId: number, d: Omit<SignalDraft, 'customerId'>) => {
    if (rulesOf(customerId).enabled.has(d.categoryId)) out.push({ customerId, ...d });
  };
  switch (fact.kind) {
    case 'transfer': {
      const t = rulesOf(fact.customerId).thresholds;
      const inbound = fact.direction === 'in';
      const base = {
        factKey: `tr:${fact.id}`,
        amount: inbound ? fact.amount : -fact.amount,
        productId: null,
        intensity: 0,
        occurredAt: fact.occurredAt,
      };
      if (fact.amount >= t.large_change_min)
        push(fact.customerId, {
          ...base,
          categoryId: 7,
          title: `大额资金${inbound ? '转入' : '转出'} ${yuan(fact.amount)}`,
        });
      else if (inbound && fact.amount >= t.inflow_min)
        push(fact.customerId, { ...base, categoryId: 1, title: `资金转入 ${yuan(fact.amount)}` });
      else if (!inbound && fact.amount >= t.outflow_min)
        push(fact.customerId, { ...base, categoryId: 2, title: `资金转出 ${yuan(fact.amount)}` });
      break;
    }
    case 'transaction': {
      const t = rulesOf(fact.customerId).thresholds;
      const base = { factKey: `tx:${fact.id}`, productId: fact.productId, intensity: 0, occurredAt: fact.occurredAt };
      if (fact.txKind === 'dividend') {
        push(fact.customerId, {
          ...base,
          categoryId: 3,
          amount: fact.amount,
          title: `${fact.productName} 分红到账 ${yuan(fact.amount)}`,
        });
      } else if ((fact.txKind === 'redeem' || fact.txKind === 'subscribe') && fact.amount >= t.large_change_min) {
        const word = fact.txKind === 'redeem' ? '赎回' : '申购';
        push(fact.customerId, {
          ...base,
          categoryId: 7,
          amount: fact.txKind === 'redeem' ? -fact.amount : fact.amount,
          title: `大额${word} ${fact.productName} ${yuan(fact.amount)}`,
        });
      }
      break;
    }
    case 'behaviour': {
      const t = rulesOf(fact.customerId).thresholds;
      // Live-room behaviour is keyed apart: its card skips the daily cap (engine.ts) while the live is on.
      const live = fact.behaviour === 'live_watch' || fact.behaviour === 'live_question';
      const base = {
        factKey: `${live ? LIVE_FACT_PREFIX : fact.behaviour === 'material_open' ? READ_FACT_PREFIX : 'bh:'}${fact.id}`,
        amount: null,
        productId: fact.productId,
        occurredAt: fact.occurredAt,
        title: fact.title,
      };
      if (fact.behaviour === 'live_watch' && (fact.minutes ?? 0) >= t.watch_minutes) {
        push(fact.customerId, { ...base, categoryId: 5, intensity: Math.min(1, (fact.minutes ?? 0) / 60) });
      } else if (fact.behaviour === 'live_question') push(fact.customerId, { ...base, categoryId: 5, intensity: 0.9 });
      else if (fact.behaviour === 'material_open' && (fact.seconds ?? 0) >= t.read_seconds) {
        push(fact.customerId, { ...base, categoryId: 5, intensity: Math.min(1, (fact.seconds ?? 0) / 180) });
      } else if (fact.behaviour === 'product_view') push(fact.customerId, { ...base, categoryId: 6, intensity: 0.5 });
      else if (fact.behaviour === 'search') push(fact.customerId, { ...base, categoryId: 6, intensity: 0.4 });
      break;
    }
    case 'nav':
      navDrafts(fact, rulesOf, push);
      break;
    case 'maturity': {
      for (const customerId of fact.holders) {
        const t = rulesOf(customerId).thresholds;
        const left = fact.maturityAt.getTime() - now.getTime();
        if (left > 0 && left <= t.maturity_days * DAY) {
          push(customerId, {
            categoryId: 4,
            factKey: `mat:${fact.productId}:${customerId}`,
            eventKey: `mat:${fact.productId}`,
            amount: null,
            productId: fact.productId,
            intensity: 0,
            occurredAt: fact.occurredAt,
            // The date, not the days left: a title read later stays true (the client tells it relative to its day).
            title: `${fact.productName} 将于 ${businessDate(fact.maturityAt)} 到期`,
          });
        }
      }
      break;
    }
  }
  return out;
}
