/**
 * Plain marketing-map constants (no TypeBox) so client code can import them cheaply.
 * The TypeBox schemas live in marketMap*.ts and re-export these.
 */

/** Chance-card category groups (docs/rules/data.md#card-categories: codes 1-8). */
export const ChanceGroup = {
  moneyFlow: 'money_flow',
  productMonitoring: 'product_monitoring',
  behaviourInsight: 'behaviour_insight',
  intentMatching: 'intent_matching',
} as const;
export type ChanceGroup = (typeof ChanceGroup)[keyof typeof ChanceGroup];

export const CHANCE_CATEGORY_GROUPS: Readonly<Record<number, ChanceGroup>> = {
  1: ChanceGroup.moneyFlow,
  2: ChanceGroup.moneyFlow,
  7: ChanceGroup.moneyFlow,
  3: ChanceGroup.productMonitoring,
  4: ChanceGroup.productMonitoring,
  8: ChanceGroup.productMonitoring,
  5: ChanceGroup.behaviourInsight,
  6: ChanceGroup.intentMatching,
};

export const CHANCE_CATEGORY_NAMES: Readonly<Record<number, string>> = {
  1: '资金流入',
  2: '资金流出',
  3: '持仓产品异动',
  4: '产品到期',
  5: '行为洞察',
  6: '意向匹配',
  7: '大额资金变动',
  8: '产品净值预警',
};

export const CHANCE_GROUP_NAMES: Readonly<Record<ChanceGroup, string>> = {
  money_flow: '资金动向',
  product_monitoring: '产品监控',
  behaviour_insight: '行为洞察',
  intent_matching: '意向匹配',
};

/** Card lifecycle: new → viewed → handling → done | ignored | snoozed (snoozed wakes on a date or a new signal). */
export const CARD_STATES = ['new', 'viewed', 'handling', 'done', 'ignored', 'snoozed'] as const;
export type CardState = (typeof CARD_STATES)[number];
/** States shown on the workbench (open cards). */
export const OPEN_CARD_STATES: readonly CardState[] = ['new', 'viewed', 'handling'];

/**
 * 热/温/冷. Each adviser's lines are calibrated by the engine every business day (server/marketing/tiers.ts): 热 = the
 * TIER_HOT_RANK best of the cards the cap pushed that day, 温 = down to the lowest pushed score (the day's push line),
 * 冷 below it; so a day's 今日 holds 1-3 热. Every card states its lines (tierLine in
 * src/features/marketing/shared/components/format.ts). PRIORITY_HOT_MIN / PRIORITY_WARM_MIN are the lines of an adviser not
 * yet calibrated (no card pushed yet).
 */
export const PRIORITY_LEVELS = ['hot', 'warm', 'cold'] as const;
export type PriorityLevel = (typeof PRIORITY_LEVELS)[number];
export const PRIORITY_HOT_MIN = 60;
export const PRIORITY_WARM_MIN = 40;
/** How many of a day's pushed cards are 热 (ties at the line may make it fewer, never more unless the best tie). */
export const TIER_HOT_RANK = 3;

/** Ignore reasons (docs/workbench.md#the-card-engine): 'other' needs text. */
export const IGNORE_REASONS = ['contacted', 'no_need', 'wrong_info', 'not_my_customer', 'other'] as const;
export type IgnoreReason = (typeof IGNORE_REASONS)[number];
export const IGNORE_REASON_NAMES: Readonly<Record<IgnoreReason, string>> = {
  contacted: '已联系',
  no_need: '客户无需求',
  wrong_info: '信息有误',
  not_my_customer: '非本人客户',
  other: '其他',
};
/** Reasons that say "this card was useless": they feed the category demotion (已联系 does not). */
export const USELESS_IGNORE_REASONS: readonly IgnoreReason[] = ['no_need', 'wrong_info', 'other'];

/** Customer risk levels C1-C5; product risk levels R1-R5. */
export const RISK_LEVELS = ['C1', 'C2', 'C3', 'C4', 'C5'] as const;
export const PRODUCT_RISK_LEVELS = ['R1', 'R2', 'R3', 'R4', 'R5'] as const;
export type ProductRiskLevel = (typeof PRODUCT_RISK_LEVELS)[number];
/** valid: assessed and not expired; an expired or missing assessment counts as unassessed. */
export const RISK_STATES = ['valid', 'expired', 'missing'] as const;

export const PRODUCT_KINDS = ['money_fund', 'bond', 'mixed', 'equity', 'index', 'private_fund', 'am_plan'] as const;
/** How a product kind reads on every screen and in every suggestion's reason. */
export const PRODUCT_KIND_NAMES: Record<(typeof PRODUCT_KINDS)[number], string> = {
  money_fund: '货币基金',
  bond: '债券基金',
  mixed: '混合基金',
  equity: '股票基金',
  index: '指数基金',
  private_fund: '私募基金',
  am_plan: '资管计划',
};
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** Outcomes of handling a card or clue (/clue-handle/options). */
export const HANDLE_OUTCOMES = ['converted', 'interested', 'follow_up', 'no_answer', 'declined'] as const;
export type HandleOutcome = (typeof HANDLE_OUTCOMES)[number];
export const HANDLE_OUTCOME_NAMES: Readonly<Record<HandleOutcome, string>> = {
  converted: '已成交',
  interested: '有意向',
  follow_up: '需再跟进',
  no_answer: '未接通',
  declined: '客户拒绝',
};

export const CLUE_STATES = ['new', 'handling', 'done'] as const;
export const CLUE_SOURCES = ['live_visitor', 'invitation', 'material_reader', 'manual'] as const;

export const BEHAVIOUR_KINDS = [
  'live_watch',
  'live_question',
  'live_subscribe',
  'material_open',
  'product_view',
  'search',
] as const;
export type BehaviourKind = (typeof BEHAVIOUR_KINDS)[number];

/** Firm defaults for the rule settings (docs/workbench.md#categories-and-their-thresholds); amounts in yuan. */
export const DEFAULT_RULE_SETTINGS = {
  inflow_min: 50_000,
  outflow_min: 50_000,
  large_change_min: 500_000,
  nav_fall_pct: 5,
  nav_fall_days: 5,
  maturity_days: 7,
  watch_minutes: 10,
  read_seconds: 30,
  daily_cap: 10,
} as const;

/** Ignoring this many useless cards of one category in 30 days demotes the category (undoable). */
export const DEMOTION_IGNORE_COUNT = 3;

/** Largest page a list returns. */
export const MARKET_PAGE_MAX = 50;
