import { and, eq, inArray, isNull } from 'drizzle-orm';

import type { Db } from '../db/client';
import { mktDemotions, mktRuleSettings } from '../db/schema';
import { type AdviserRules, DEFAULT_RULES, mergeThresholds } from './settings';

/** Each adviser's rules (settings over firm defaults, active demotions), read in one go. */
export async function loadRules(db: Db, adviserIds: readonly number[]): Promise<Map<number, AdviserRules>> {
  const ids = [...new Set(adviserIds)];
  if (ids.length === 0) return new Map();
  const [settings, demotions] = await Promise.all([
    db.select().from(mktRuleSettings).where(inArray(mktRuleSettings.adviserId, ids)),
    db
      .select({ adviserId: mktDemotions.adviserId, categoryId: mktDemotions.categoryId, penalty: mktDemotions.penalty })
      .from(mktDemotions)
      .where(and(inArray(mktDemotions.adviserId, ids), isNull(mktDemotions.clearedAt))),
  ]);
  return rulesFrom(ids, settings, demotions);
}

/** The rules of these advisers from their settings rows and active demotions, however they were read. */
export function rulesFrom(
  adviserIds: readonly number[],
  settings: readonly { adviserId: number; thresholds: unknown; enabledCategories: readonly number[] }[],
  demotions: readonly { adviserId: number; categoryId: number; penalty: number }[],
): Map<number, AdviserRules> {
  const out = new Map<number, AdviserRules>([...new Set(adviserIds)].map((id) => [id, DEFAULT_RULES]));
  for (const s of settings) {
    out.set(s.adviserId, {
      thresholds: mergeThresholds(s.thresholds),
      enabled: new Set(s.enabledCategories),
      penalties: new Map(),
    });
  }
  for (const d of demotions) {
    const r = out.get(d.adviserId) ?? DEFAULT_RULES;
    const penalties = new Map(r.penalties);
    penalties.set(d.categoryId, d.penalty);
    out.set(d.adviserId, { ...r, penalties });
  }
  return out;
}

export async function loadAdviserRules(db: Db, adviserId: number): Promise<AdviserRules> {
  return (await loadRules(db, [adviserId])).get(adviserId) ?? DEFAULT_RULES;
}

/** The adviser's stored settings row, if any (index shows updated_at). */
export async function settingsRow(db: Db, adviserId: number) {
  const [row] = await db.select().from(mktRuleSettings).where(eq(mktRuleSettings.adviserId, adviserId));
  return row ?? null;
}
