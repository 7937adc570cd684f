import { inArray, type SQL, sql } from 'drizzle-orm';

import { businessDate, businessDayStart } from '../../src/api/contract/dates';
import type { TierRule } from '../../src/api/contract/market-map-cards';
import {
  PRIORITY_HOT_MIN,
  PRIORITY_WARM_MIN,
  type PriorityLevel,
  TIER_HOT_RANK,
} from '../../src/api/contract/market-map-constants';
import { pgArray } from '../db/arrays';
import type { Db } from '../db/client';
import { mktTierRules } from '../db/schema';
import { PULLED_EVENT } from './today-counts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The owner of 热/温/冷. Fixed lines cannot hold: scores move with the market and the hour (a simulated week's
 * transfers score lower than the seed's, a busy hour's higher), so one adviser's 今日 read 0 热 one day and 4 the
 * next. The lines are calibrated instead, per adviser and business day, from the cards the cap pushed that day
 * (pushed, not pulled by hand: the adviser's own choice does not move the lines): 热 = the day's TIER_HOT_RANK best,
 * 温 = down to the lowest pushed score (the day's push line), 冷 = below it, what would not have made today's push.
 * The cap pushes best first, so a day's 今日 holds 1 to TIER_HOT_RANK 热 cards whatever the scores.
 */

/** The lines of an adviser with no card pushed yet. */
export const DEFAULT_TIER_RULE: TierRule = {
  hot_min: PRIORITY_HOT_MIN,
  warm_min: PRIORITY_WARM_MIN,
  calibrated_on: null,
};

/** A score's tier against an adviser's lines (both lines inclusive). */
export function tierOf(score: number, rule: Pick<TierRule, 'hot_min' | 'warm_min'>): PriorityLevel {
  return score >= rule.hot_min ? 'hot' : score >= rule.warm_min ? 'warm' : 'cold';
}

/**
 * The lines from one day's pushed scores (any order); null when nothing was pushed (the lines stay as they were).
 * 热's line is the lowest pushed score that keeps 热 to at most TIER_HOT_RANK cards: a tie across the rank moves the
 * line up, never down (fewer 热, not more); only when the best score itself is shared by more than TIER_HOT_RANK
 * cards are they all 热 (none could be told apart).
 */
export function calibrateTiers(pushed: readonly number[]): { hotMin: number; warmMin: number } | null {
  if (pushed.length === 0) return null;
  const scores = [...pushed].sort((a, b) => b - a);
  let hotMin = scores[0]!;
  for (let k = Math.min(TIER_HOT_RANK, scores.length) - 1; k >= 0; k--) {
    const line = scores[k]!;
    if (scores.filter((s) => s >= line).length <= TIER_HOT_RANK) {
      hotMin = line;
      break;
    }
  }
  return { hotMin, warmMin: Math.min(hotMin, scores[scores.length - 1]!) };
}

/**
 * Recalibrates the advisers' lines from the cards pushed since the business day began and writes every card of theirs
 * its tier against the lines in force (a day with no push keeps the last day's lines). Run by the engine right after
 * each release (the card pass, an ingest, a change of the cap) and after a demotion moves scores, in the same
 * transaction, so a card never shows a tier its lines do not give. Customer cards keep the tier in `priority` (the
 * lists read it with the card); product cards are read against the lines when shown (tierRules).
 *
 * `retier`: 'all' rewrites the tier of every card whose tier differs from its lines (after scores moved: a demotion,
 * the seed); 'moved' only those of advisers whose lines this call moved, for writers that tier each card against
 * the lines in force as they write it (the engine's stacking): there a card can only be off when its lines move, and
 * reading every card of every adviser of a batch to find none was a tenth of the engine's statements.
 */
export async function recalibrateTiers(
  q: Db,
  adviserIds: readonly number[],
  now: Date,
  retier: 'all' | 'moved' = 'all',
): Promise<void> {
  const ids = [...new Set(adviserIds)];
  if (ids.length === 0) return;
  const since = businessDayStart(now).toISOString();
  const pushed = rowsOf<{ adviser_id: number; scores: number[] | string }>(
    await q.execute(sql`
      select a.adviser_id, array(
        select c.score from mkt_cards c where c.adviser_id = a.adviser_id and c.released_at >= ${since}::timestamptz
          and not exists (select 1 from mkt_card_events e where e.card_id = c.id and e.kind = ${PULLED_EVENT})
        union all
        select p.score from mkt_product_cards p where p.adviser_id = a.adviser_id and p.released_at >= ${since}::timestamptz
      ) as scores
      from unnest(${pgArray(ids)}::int[]) as a(adviser_id)`),
  );
  const rules = pushed.flatMap((r) => {
    const scores = typeof r.scores === 'string' ? parseFloatArray(r.scores) : r.scores.map(Number);
    const lines = calibrateTiers(scores);
    return lines ? [{ adviser_id: Number(r.adviser_id), hot_min: lines.hotMin, warm_min: lines.warmMin }] : [];
  });
  const moved = rules.length
    ? rowsOf<{ adviser_id: number }>(
        await q.execute(sql`
      insert into mkt_tier_rules (adviser_id, hot_min, warm_min, calibrated_on, updated_at)
      select r.adviser_id, r.hot_min, r.warm_min, ${businessDate(now)}, ${now.toISOString()}::timestamptz
        from json_to_recordset(${JSON.stringify(rules)}::json) as r(adviser_id int, hot_min float8, warm_min float8)
      on conflict (adviser_id) do update set hot_min = excluded.hot_min, warm_min = excluded.warm_min,
        calibrated_on = excluded.calibrated_on, updated_at = excluded.updated_at
      where (mkt_tier_rules.hot_min, mkt_tier_rules.warm_min, mkt_tier_rules.calibrated_on)
        is distinct from (excluded.hot_min, excluded.warm_min, excluded.calibrated_on)
      returning adviser_id`),
      ).map((r) => Number(r.adviser_id))
    : [];
  const retiered = retier === 'all' ? ids : moved;
  if (retiered.length === 0) return;
  const tier = tierSql(sql`c.score`, sql`r`);
  await q.execute(sql`
    update mkt_cards c set priority = ${tier}
      from mkt_tier_rules r
      where r.adviser_id = c.adviser_id and c.adviser_id = any(${pgArray(retiered)}::int[]) and c.priority <> ${tier}`);
}

/** tierOf in SQL: a score's tier against the lines of a `mkt_tier_rules` row (both lines inclusive). */
export const tierSql = (score: SQL, rule: SQL) =>
  sql`case when ${score} >= ${rule}.hot_min then 'hot' when ${score} >= ${rule}.warm_min then 'warm' else 'cold' end`;

/** "{61.5,40}" as numbers (a driver that answers arrays as text). */
const parseFloatArray = (text: string) => text.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);

/** The advisers' lines in force, DEFAULT_TIER_RULE for one not calibrated yet. */
export async function tierRules(q: Db, adviserIds: readonly number[]): Promise<Map<number, TierRule>> {
  const ids = [...new Set(adviserIds)];
  const out = new Map<number, TierRule>(ids.map((id) => [id, DEFAULT_TIER_RULE]));
  if (ids.length === 0) return out;
  const rows = await q.select().from(mktTierRules).where(inArray(mktTierRules.adviserId, ids));
  for (const r of rows) out.set(r.adviserId, { hot_min: r.hotMin, warm_min: r.warmMin, calibrated_on: r.calibratedOn });
  return out;
}

/** A stored rule row (or its JSON in a page's query) as the wire's TierRule; null/undefined → the default lines. */
export function ruleOf(
  r: { hot_min: number | string; warm_min: number | string; calibrated_on: string } | null | undefined,
): TierRule {
  if (!r) return DEFAULT_TIER_RULE;
  return { hot_min: Number(r.hot_min), warm_min: Number(r.warm_min), calibrated_on: r.calibrated_on };
}

/**
 * An adviser's rule as one JSON value (null when not calibrated), for a page query that reads the lines in its own
 * statement: every card of a page is the one adviser's, so the page reads them once, not a lookup per card.
 */
export const tierRuleJson = (adviserId: number) => sql`(select json_build_object('hot_min', r.hot_min,
  'warm_min', r.warm_min, 'calibrated_on', r.calibrated_on) from mkt_tier_rules r where r.adviser_id = ${adviserId})`;
