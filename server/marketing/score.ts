import type { ScoreParts } from '../../src/api/contract/market-map-cards';
import type { PriorityLevel } from '../../src/api/contract/market-map-constants';
import { DEFAULT_TIER_RULE, tierOf } from './tiers';

/** The card's reasons, summed up: what the score reads of them. */
export interface ReasonSummary {
  maxAmount: number;
  maxIntensity: number;
  newestAt: Date;
  count: number;
}

export interface ScoreInput extends ReasonSummary {
  aum: number;
  tier: 'private' | 'gold' | 'standard';
  penalty: number;
  now: Date;
}

const TIER_POINTS = { private: 15, gold: 9, standard: 3 } as const;
const HOUR = 3_600_000;
const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The card's 0-100 score from parts an adviser can read ("why this card"): the largest amount
 * against the customer's AUM (half the AUM or more scores full), how fresh the newest reason
 * is (fades over 3 days), behaviour intensity plus stacked reasons, and the customer's tier;
 * minus the adviser's learned demotion of the category.
 */
export function scoreCard(input: ScoreInput): { score: number; parts: ScoreParts; priority: PriorityLevel } {
  const { maxAmount, maxIntensity } = input;
  const newest = input.newestAt.getTime();
  const ratio = maxAmount / Math.max(input.aum, 10_000);
  const amount = round1(40 * Math.min(1, ratio * 2));
  const ageHours = Math.max(0, (input.now.getTime() - newest) / HOUR);
  const recency = round1(25 * Math.max(0, 1 - ageHours / 72));
  const behaviour = round1(Math.min(20, 14 * Math.min(1, maxIntensity) + 2 * Math.max(0, input.count - 1)));
  const tier = TIER_POINTS[input.tier];
  const feedback = -input.penalty;
  const score = round1(Math.max(0, Math.min(100, amount + recency + behaviour + tier + feedback)));
  // The tier a card is written with until the engine's recalibration, in the same transaction, reads it against
  // its adviser's lines (tiers.ts).
  return { score, parts: { amount, recency, behaviour, tier, feedback }, priority: tierOf(score, DEFAULT_TIER_RULE) };
}

/**
 * A card's scored columns from its summed reasons and score: one mapping for the engine and the seed's history. The
 * summary is kept on the card, so the next stacking adds to it instead of summing the card's reasons again.
 */
export function scoredCardFields(categoryId: number, sum: ReasonSummary, scored: ReturnType<typeof scoreCard>) {
  return {
    categoryId,
    score: scored.score,
    scoreParts: scored.parts,
    priority: scored.priority,
    reasonCount: sum.count,
    updatedAt: sum.newestAt,
    reasonsMaxAmount: sum.maxAmount,
    reasonsMaxIntensity: sum.maxIntensity,
    reasonsNewestAt: sum.newestAt,
    reasonsLinked: sum.count,
  };
}

/** Adds signals to a summary (amounts by size, whatever their direction). */
export function summarise(
  base: ReasonSummary | null,
  reasons: ReadonlyArray<{ amount: number | null; intensity: number; occurredAt: Date }>,
): ReasonSummary {
  const out: ReasonSummary = base ? { ...base } : { maxAmount: 0, maxIntensity: 0, newestAt: new Date(0), count: 0 };
  for (const r of reasons) {
    out.maxAmount = Math.max(out.maxAmount, Math.abs(r.amount ?? 0));
    out.maxIntensity = Math.max(out.maxIntensity, r.intensity);
    if (r.occurredAt.getTime() > out.newestAt.getTime()) out.newestAt = r.occurredAt;
    out.count += 1;
  }
  return out;
}
