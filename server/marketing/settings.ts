import { DEFAULT_RULE_SETTINGS } from '../../src/api/contract/market-map-constants';
import type { RuleThresholds } from '../../src/api/contract/market-map-settings';

export const ALL_CATEGORIES = [1, 2, 3, 4, 5, 6, 7, 8] as const;

/** What the engine reads for one adviser: thresholds, switched-on categories, demotion penalties. */
export interface AdviserRules {
  thresholds: RuleThresholds;
  enabled: ReadonlySet<number>;
  /** category → score points taken off (positive number). */
  penalties: ReadonlyMap<number, number>;
}

export const DEFAULT_RULES: AdviserRules = {
  thresholds: { ...DEFAULT_RULE_SETTINGS },
  enabled: new Set(ALL_CATEGORIES),
  penalties: new Map(),
};

/** Stored thresholds over the firm defaults: a field missing from an older row keeps its default. */
export function mergeThresholds(stored: unknown): RuleThresholds {
  const out: Record<string, number> = { ...DEFAULT_RULE_SETTINGS };
  if (stored && typeof stored === 'object') {
    for (const [k, v] of Object.entries(stored as Record<string, unknown>)) {
      if (k in out && typeof v === 'number' && Number.isFinite(v)) out[k] = v;
    }
  }
  return out as unknown as RuleThresholds;
}

/** Points a demoted category loses: enough to drop a warm card to cold. */
export const DEMOTION_PENALTY = 20;
