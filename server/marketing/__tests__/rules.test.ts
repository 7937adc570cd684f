import { evaluateFact, type Fact, type SignalDraft } from '../rules';
import { type AdviserRules, DEFAULT_RULES } from '../settings';

const NOW = new Date('2026-11-26T06:00:00Z');
const AT = new Date('2026-11-26T05:00:00Z');
const DAY = 86_400_000;

/** Firm defaults (docs/workbench.md#categories-and-their-thresholds), optionally with categories switched off or thresholds changed. */
function rules(over: { off?: number[]; thresholds?: Partial<AdviserRules['thresholds']> } = {}): AdviserRules {
  return {
    ...DEFAULT_RULES,
    thresholds: { ...DEFAULT_RULES.thresholds, ...over.thresholds },
    enabled: new Set([...DEFAULT_RULES.enabled].filter((c) => !over.off?.includes(c))),
  };
}
const all = rules();
const everyone = () => all;

const transfer = (direction: 'in' | 'out', amount: number): Fact => ({
  kind: 'transfer',
  id: 11,
  customerId: 4,
  direction,
  amount,
  occurredAt: AT,
});
const transaction = (txKind: string, amount: number): Fact => ({
  kind: 'transaction',
  id: 12,
  customerId: 4,
  productId: 9,
  productName: '稳健债券A',
  txKind,
  amount,
  occurredAt: AT,
});
const behaviour = (
  kind: Extract<Fact, { kind: 'behaviour' }>['behaviour'],
  over: { minutes?: number | null; seconds?: number | null } = {},
): Fact => ({
  kind: 'behaviour',
  id: 13,
  customerId: 4,
  behaviour: kind,
  title: '观看直播 财富早班车',
  minutes: over.minutes ?? null,
  seconds: over.seconds ?? null,
  productId: 9,
  occurredAt: AT,
});
const nav = (navs: number[], holders = [4], dayIndex = 12): Fact => ({
  kind: 'nav',
  productId: 9,
  productName: '稳健债券A',
  day: '2026-11-26',
  dayIndex,
  navs,
  holders,
  occurredAt: AT,
});
const maturity = (maturityAt: Date, holders = [4]): Fact => ({
  kind: 'maturity',
  productId: 9,
  productName: '稳健债券A',
  maturityAt,
  holders,
  occurredAt: AT,
});

/** A fact evaluated at NOW, by the firm defaults for everyone unless the customers' rules are given. */
const evaluate = (fact: Fact, rulesOf: (customerId: number) => AdviserRules = everyone) =>
  evaluateFact(fact, rulesOf, NOW);
/** The whole draft customer 4 gets: no amount, of product 9, at intensity 0 unless `over` says otherwise. */
const draft = (
  categoryId: number,
  factKey: string,
  title: string,
  over: Partial<Omit<SignalDraft, 'customerId' | 'categoryId' | 'factKey' | 'title'>> = {},
): SignalDraft => ({
  customerId: 4,
  categoryId,
  factKey,
  title,
  amount: null,
  productId: 9,
  intensity: 0,
  occurredAt: AT,
  ...over,
});

describe('transfers (categories 1, 2, 7: 50,000 in, 50,000 out, 500,000 large)', () => {
  it('an inflow of exactly 50,000 is category 1; 49,999 is nothing', () => {
    expect(evaluate(transfer('in', 50_000))).toEqual([
      draft(1, 'tr:11', '资金转入 ¥50,000', { amount: 50_000, productId: null }),
    ]);
    expect(evaluate(transfer('in', 49_999))).toEqual([]);
  });

  it('an outflow of exactly 50,000 is category 2 with a negative amount; 49,999 is nothing', () => {
    expect(evaluate(transfer('out', 50_000))).toEqual([
      draft(2, 'tr:11', '资金转出 ¥50,000', { amount: -50_000, productId: null }),
    ]);
    expect(evaluate(transfer('out', 49_999))).toEqual([]);
  });

  it('500,000 either way is category 7 only; 499,999 stays 1 or 2', () => {
    expect(evaluate(transfer('in', 500_000))).toEqual([
      expect.objectContaining({ categoryId: 7, title: '大额资金转入 ¥500,000', amount: 500_000 }),
    ]);
    expect(evaluate(transfer('out', 500_000))).toEqual([
      expect.objectContaining({ categoryId: 7, title: '大额资金转出 ¥500,000', amount: -500_000 }),
    ]);
    expect(evaluate(transfer('in', 499_999))).toEqual([
      expect.objectContaining({ categoryId: 1, title: '资金转入 ¥499,999' }),
    ]);
    expect(evaluate(transfer('out', 499_999))).toEqual([
      expect.objectContaining({ categoryId: 2, title: '资金转出 ¥499,999' }),
    ]);
  });

  it("uses the customer's adviser's thresholds and categories; a switched-off 7 does not fall back to 1", () => {
    const strict = rules({ thresholds: { inflow_min: 80_000, outflow_min: 90_000 } });
    expect(evaluate(transfer('in', 79_999), () => strict)).toEqual([]);
    expect(evaluate(transfer('in', 80_000), () => strict)).toHaveLength(1);
    expect(evaluate(transfer('out', 89_999), () => strict)).toEqual([]);
    expect(evaluate(transfer('out', 90_000), () => strict)).toHaveLength(1);
    const noLarge = rules({ off: [7] });
    expect(evaluate(transfer('in', 600_000), () => noLarge)).toEqual([]);
    expect(evaluate(transfer('in', 60_000), () => rules({ off: [1] }))).toEqual([]);
    const seen: number[] = [];
    evaluate(transfer('in', 60_000), (id) => {
      seen.push(id);
      return all;
    });
    expect(new Set(seen)).toEqual(new Set([4]));
  });
});

describe('transactions (category 3 dividends, category 7 large redemptions and subscriptions)', () => {
  it('a dividend of any size is category 3', () => {
    expect(evaluate(transaction('dividend', 1_234))).toEqual([
      draft(3, 'tx:12', '稳健债券A 分红到账 ¥1,234', { amount: 1_234 }),
    ]);
  });

  it('a redemption of 500,000 is category 7 with a negative amount; 499,999 is nothing', () => {
    expect(evaluate(transaction('redeem', 500_000))).toEqual([
      draft(7, 'tx:12', '大额赎回 稳健债券A ¥500,000', { amount: -500_000 }),
    ]);
    expect(evaluate(transaction('redeem', 499_999))).toEqual([]);
  });

  it('a subscription of 500,000 is category 7 with a positive amount; other kinds make nothing', () => {
    expect(evaluate(transaction('subscribe', 500_000))).toEqual([
      expect.objectContaining({ categoryId: 7, title: '大额申购 稳健债券A ¥500,000', amount: 500_000 }),
    ]);
    expect(evaluate(transaction('subscribe', 499_999))).toEqual([]);
    expect(evaluate(transaction('transfer_fee', 900_000))).toEqual([]);
    expect(evaluate(transaction('dividend', 10), () => rules({ off: [3] }))).toEqual([]);
  });
});

describe('behaviour (categories 5 and 6: 10 minutes of a live, 30 seconds of reading)', () => {
  it('a live watched 10 minutes is category 5 under the live prefix, intensity minutes/60; 9 minutes is nothing', () => {
    expect(evaluate(behaviour('live_watch', { minutes: 10 }))).toEqual([
      draft(5, 'live:13', '观看直播 财富早班车', { intensity: 10 / 60 }),
    ]);
    expect(evaluate(behaviour('live_watch', { minutes: 9 }))).toEqual([]);
    expect(evaluate(behaviour('live_watch'))).toEqual([]);
    expect(evaluate(behaviour('live_watch', { minutes: 90 }))).toEqual([expect.objectContaining({ intensity: 1 })]);
  });

  it('a live question is category 5 at 0.9, under the live prefix', () => {
    expect(evaluate(behaviour('live_question'))).toEqual([
      expect.objectContaining({ categoryId: 5, factKey: 'live:13', intensity: 0.9 }),
    ]);
  });

  it('a material read 30 seconds is category 5 under the read prefix, intensity seconds/180; 29 is nothing', () => {
    expect(evaluate(behaviour('material_open', { seconds: 30 }))).toEqual([
      expect.objectContaining({ categoryId: 5, factKey: 'read:13', intensity: 30 / 180 }),
    ]);
    expect(evaluate(behaviour('material_open', { seconds: 29 }))).toEqual([]);
    expect(evaluate(behaviour('material_open'))).toEqual([]);
    expect(evaluate(behaviour('material_open', { seconds: 400 }))).toEqual([expect.objectContaining({ intensity: 1 })]);
  });

  it('a product view (0.5) and a search (0.4) are category 6; a live subscription is nothing', () => {
    expect(evaluate(behaviour('product_view'))).toEqual([
      expect.objectContaining({ categoryId: 6, factKey: 'bh:13', intensity: 0.5 }),
    ]);
    expect(evaluate(behaviour('search'))).toEqual([
      expect.objectContaining({ categoryId: 6, factKey: 'bh:13', intensity: 0.4 }),
    ]);
    expect(evaluate(behaviour('live_subscribe', { minutes: 60, seconds: 600 }))).toEqual([]);
  });

  it("follows the adviser's watch and read thresholds, and a watch or read under them is not a question or a view", () => {
    const slow = rules({ thresholds: { watch_minutes: 20, read_seconds: 60 } });
    expect(evaluate(behaviour('live_watch', { minutes: 19 }), () => slow)).toEqual([]);
    expect(evaluate(behaviour('live_watch', { minutes: 20 }), () => slow)).toHaveLength(1);
    expect(evaluate(behaviour('material_open', { seconds: 59 }), () => slow)).toEqual([]);
    expect(evaluate(behaviour('material_open', { seconds: 60 }), () => slow)).toHaveLength(1);
    expect(evaluate(behaviour('search'), () => rules({ off: [6] }))).toEqual([]);
  });
});

describe('NAV (category 8: a 5% fall over 5 trading days; category 3: a one-day move of 3%)', () => {
  it('exactly 5% below the value 5 days ago is category 8, keyed by its 5-day window', () => {
    expect(evaluate(nav([100, 99, 98, 97, 96, 95]))).toEqual([
      draft(8, 'nav8:9:4:2', '稳健债券A 近5个交易日净值下跌 5.0%', { eventKey: 'nav8:9:2' }),
    ]);
    expect(evaluate(nav([100, 99, 98, 97, 96, 95.1]))).toEqual([]);
  });

  it('compares with the value exactly 5 days back, not the first of a longer series', () => {
    // 8 values: the start is the third (100), not the first (120): a 5% fall, not 20.8%.
    expect(evaluate(nav([120, 110, 100, 99, 98, 97, 96, 95], [4], 14))).toEqual([
      expect.objectContaining({ factKey: 'nav8:9:4:2', title: '稳健债券A 近5个交易日净值下跌 5.0%' }),
    ]);
    expect(evaluate(nav([120, 120, 100.5, 99, 98, 97, 96, 96], [4], 14))).toEqual([]);
  });

  it('needs more than 5 values: a fall over 4 days is nothing yet', () => {
    expect(evaluate(nav([100, 97.5, 95, 92.5, 90]))).toEqual([]);
  });

  it('a one-day move of exactly 3% either way is category 3; 2.9% is nothing', () => {
    expect(evaluate(nav([100, 103]))).toEqual([
      draft(3, 'nav3:9:4:2026-11-26', '持仓 稳健债券A 单日上涨 3.0%', { eventKey: 'nav3:9:2026-11-26' }),
    ]);
    expect(evaluate(nav([100, 97]))).toEqual([
      expect.objectContaining({ categoryId: 3, title: '持仓 稳健债券A 单日下跌 3.0%' }),
    ]);
    expect(evaluate(nav([100, 102.9]))).toEqual([]);
    expect(evaluate(nav([100, 97.1]))).toEqual([]);
    expect(evaluate(nav([100]))).toEqual([]);
    expect(evaluate(nav([]))).toEqual([]);
  });

  it('a fall and a move on the same day are two cards; each holder by their own rules', () => {
    const longer = rules({ thresholds: { nav_fall_days: 6 } });
    const drafts = evaluate(nav([100, 100, 100, 100, 99, 98, 94], [4, 5, 6]), (id) =>
      id === 5 ? longer : id === 6 ? rules({ off: [8] }) : all,
    );
    expect(drafts.map((d) => [d.customerId, d.categoryId, d.factKey])).toEqual([
      [4, 8, 'nav8:9:4:2'],
      [4, 3, 'nav3:9:4:2026-11-26'],
      [5, 8, 'nav8:9:5:2'],
      [5, 3, 'nav3:9:5:2026-11-26'],
      [6, 3, 'nav3:9:6:2026-11-26'],
    ]);
    expect(drafts[2]!.title).toBe('稳健债券A 近6个交易日净值下跌 6.0%');
  });
});

describe('maturity (category 4: within 7 days)', () => {
  it('maturing in exactly 7 days is category 4, titled with its Beijing date; a millisecond later is nothing', () => {
    const at = new Date(NOW.getTime() + 7 * DAY);
    expect(evaluate(maturity(at))).toEqual([
      // 2026-12-03 06:00 UTC is 14:00 on the 3rd in Beijing.
      draft(4, 'mat:9:4', '稳健债券A 将于 2026-12-03 到期', { eventKey: 'mat:9' }),
    ]);
    expect(evaluate(maturity(new Date(at.getTime() + 1)))).toEqual([]);
  });

  it('a maturity now or past is nothing; one a millisecond ahead is a card', () => {
    expect(evaluate(maturity(NOW))).toEqual([]);
    expect(evaluate(maturity(new Date(NOW.getTime() - DAY)))).toEqual([]);
    expect(evaluate(maturity(new Date(NOW.getTime() + 1)))).toHaveLength(1);
  });

  it('the title is the Beijing date: 20:00 UTC is already the next day', () => {
    expect(evaluate(maturity(new Date('2026-11-28T20:00:00Z')))).toEqual([
      expect.objectContaining({ title: '稳健债券A 将于 2026-11-29 到期' }),
    ]);
  });

  it("each holder by their adviser's days, and only the holders whose category is on", () => {
    const short = rules({ thresholds: { maturity_days: 3 } });
    const at = new Date(NOW.getTime() + 5 * DAY);
    const drafts = evaluate(maturity(at, [4, 5, 6]), (id) => (id === 5 ? short : id === 6 ? rules({ off: [4] }) : all));
    expect(drafts.map((d) => d.factKey)).toEqual(['mat:9:4']);
  });
});
