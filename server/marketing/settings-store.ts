import { and, eq, isNull } from 'drizzle-orm';

import { CHANCE_CATEGORY_NAMES } from '../../src/api/contract/market-map-constants';
import type { RuleSettings, RuleSettingsSetRequest } from '../../src/api/contract/market-map-settings';
import type { Db } from '../db/client';
import { mktDemotions, mktRuleSettings } from '../db/schema';
import { loadAdviserRules, settingsRow } from './rules-store';

/** Rule settings per adviser over the firm defaults, with the learned demotions shown for undo. */
export function createSettingsStore(db: Db) {
  async function get(adviserId: number): Promise<RuleSettings> {
    const [rules, row, demotions] = await Promise.all([
      loadAdviserRules(db, adviserId),
      settingsRow(db, adviserId),
      db
        .select()
        .from(mktDemotions)
        .where(and(eq(mktDemotions.adviserId, adviserId), isNull(mktDemotions.clearedAt)))
        .orderBy(mktDemotions.categoryId),
    ]);
    return {
      thresholds: rules.thresholds,
      enabled_categories: [...rules.enabled].sort((a, b) => a - b),
      demotions: demotions.map((d) => ({
        category_id: d.categoryId,
        name: CHANCE_CATEGORY_NAMES[d.categoryId] ?? '',
        ignored_count: d.ignoredCount,
        since: Math.floor(d.since.getTime() / 1000),
        penalty: d.penalty,
      })),
      updated_at: row ? Math.floor(row.updatedAt.getTime() / 1000) : null,
    };
  }

  /** Thresholds and switches; clearing demotions is the lifecycle's job (it moves scores). */
  async function set(adviserId: number, body: RuleSettingsSetRequest, now: Date): Promise<void> {
    if (!body.thresholds && !body.enabled_categories) return;
    const current = await loadAdviserRules(db, adviserId);
    const thresholds = { ...current.thresholds, ...body.thresholds };
    const enabledCategories = body.enabled_categories
      ? [...body.enabled_categories].sort((a, b) => a - b)
      : [...current.enabled];
    await db
      .insert(mktRuleSettings)
      .values({ adviserId, thresholds, enabledCategories, updatedAt: now })
      .onConflictDoUpdate({
        target: mktRuleSettings.adviserId,
        set: { thresholds, enabledCategories, updatedAt: now },
      });
  }

  return { get, set };
}
