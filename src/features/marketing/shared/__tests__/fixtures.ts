import type { CardItem, CardPage, RuleSettings } from '@/api/contract/market-map';
import { CHANCE_CATEGORY_GROUPS, DEFAULT_RULE_SETTINGS } from '@/api/contract/market-map-constants';
import type { SagaServices } from '@/store';

export const NOW = 1_795_000_000_000;

export function fakeServices(now = NOW): SagaServices {
  return {
    api: { lives: {}, clients: { marketMap: {} } },
    navigate: jest.fn(),
    currentPath: () => '/marketMapIndex',
    now: () => now,
  } as unknown as SagaServices;
}

let nextId = 1;
/** A card as the list answers it; deterministic from its id. */
export function card(over: Partial<CardItem> = {}): CardItem {
  const id = over.card_id ?? nextId++;
  const category = over.category_id ?? (id % 8) + 1;
  return {
    card_id: id,
    customer: {
      customer_id: id,
      display_name: '张*明',
      phone_masked: '138****5678',
      gender: 'm',
      risk_level: 'C3',
      risk_state: 'valid',
      risk_expires_on: '2027-06-30',
      qualified: false,
      tags: id % 2 === 0 ? ['高净值'] : ['新客'],
      aum: 100_000 * (id % 50),
      tier: 'gold',
      last_contact_at: null,
    },
    state: 'new',
    category_id: category,
    group: CHANCE_CATEGORY_GROUPS[category] ?? 'money_flow',
    priority: 'warm',
    tier_rule: { hot_min: 64.2, warm_min: 51, calibrated_on: '2026-11-18' },
    score: (id * 37) % 100,
    score_parts: { amount: 10, recency: 10, behaviour: 5, tier: 5, feedback: 0 },
    reasons: [
      {
        signal_id: id,
        category_id: category,
        category_name: '资金流入',
        title: '转入资金 ¥120,000.00',
        occurred_at: 1_794_990_000,
        amount: 120000,
        product: null,
      },
    ],
    reason_count: 1,
    created_at: 1_794_900_000 + id,
    updated_at: 1_794_990_000 + ((id * 7919) % 10_000),
    released_at: 1_794_900_000,
    viewed_at: null,
    snooze_until: null,
    next_follow_up: null,
    ignore_reason: null,
    ignore_text: null,
    closed_at: null,
    ...over,
  };
}

export const page = (list: CardItem[], next: string | null, total = list.length): CardPage => ({
  list,
  next_cursor: next,
  total,
});

export const settings = (over: Partial<RuleSettings> = {}): RuleSettings => ({
  thresholds: { ...DEFAULT_RULE_SETTINGS },
  enabled_categories: [1, 2, 3, 4, 5, 6, 7, 8],
  demotions: [{ category_id: 3, name: '持仓产品异动', ignored_count: 3, since: 1_794_000_000, penalty: 15 }],
  updated_at: null,
  ...over,
});
