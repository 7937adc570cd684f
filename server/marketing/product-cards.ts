import { and, eq, inArray, sql } from 'drizzle-orm';

import type { Db } from '../db/client';
import { mktCards, mktProductCards, mktSignals } from '../db/schema';
import { scoreCard, summarise } from './score';
import type { AdviserRules } from './settings';
import { OPEN_WITH_SNOOZED } from './stack';

/**
 * A product event reaching this many of one adviser's holders becomes one product card: below it, a
 * per-customer reason is still the clearer prompt (two calls are two calls).
 */
export const PRODUCT_CARD_MIN_HOLDERS = 3;

type Signal = typeof mktSignals.$inferSelect;
type Customer = { id: number; adviserId: number; aum: number; tier: 'private' | 'gold' | 'standard' };

/**
 * Takes the signals of product events that reach enough holders (or join an event that already has its
 * product card) out of the per-customer stacking: they gather on one product card per adviser and event, and
 * each holder's open card keeps the reason as one line without being rescored or woken, so the event does not
 * fill the day's cap with the same sentence on every holder's card. Returns the signals still to stack.
 */
export async function gatherProductEvents(
  db: Db,
  signals: readonly Signal[],
  eventKeyOf: (s: Signal) => string | undefined,
  customers: ReadonlyMap<number, Customer>,
  rulesOf: (adviserId: number) => AdviserRules,
  now: Date,
): Promise<{ rest: Signal[]; productCards: number }> {
  const groups = new Map<string, { adviserId: number; categoryId: number; eventKey: string; signals: Signal[] }>();
  const rest: Signal[] = [];
  for (const s of signals) {
    const eventKey = eventKeyOf(s);
    if (!eventKey) {
      rest.push(s);
      continue;
    }
    const key = `${s.adviserId}|${s.categoryId}|${eventKey}`;
    const group = groups.get(key) ?? { adviserId: s.adviserId, categoryId: s.categoryId, eventKey, signals: [] };
    group.signals.push(s);
    groups.set(key, group);
  }
  let productCards = 0;
  for (const group of groups.values()) {
    const [existing] = await db
      .select({ id: mktProductCards.id })
      .from(mktProductCards)
      .where(
        and(
          eq(mktProductCards.adviserId, group.adviserId),
          eq(mktProductCards.categoryId, group.categoryId),
          eq(mktProductCards.eventKey, group.eventKey),
        ),
      );
    if (!existing && group.signals.length < PRODUCT_CARD_MIN_HOLDERS) {
      rest.push(...group.signals);
      continue;
    }
    await toProductCard(db, group, customers, rulesOf(group.adviserId), now);
    productCards += existing ? 0 : 1;
  }
  return { rest, productCards };
}

async function toProductCard(
  db: Db,
  group: { adviserId: number; categoryId: number; eventKey: string; signals: Signal[] },
  customers: ReadonlyMap<number, Customer>,
  rules: AdviserRules,
  now: Date,
): Promise<void> {
  const newest = group.signals.reduce((a, b) => (b.occurredAt.getTime() >= a.occurredAt.getTime() ? b : a));
  const tiers = group.signals.map((s) => customers.get(s.customerId)?.tier ?? 'standard');
  const tier = tiers.includes('private') ? 'private' : tiers.includes('gold') ? 'gold' : 'standard';
  await db.transaction(async (tx) => {
    const [card] = await tx
      .insert(mktProductCards)
      .values({
        adviserId: group.adviserId,
        productId: newest.productId,
        categoryId: group.categoryId,
        eventKey: group.eventKey,
        title: newest.title,
        holders: group.signals.length,
        score: 0,
        state: 'new',
        createdAt: now,
        updatedAt: newest.occurredAt,
        releasedAt: null,
      })
      .onConflictDoUpdate({
        target: [mktProductCards.adviserId, mktProductCards.categoryId, mktProductCards.eventKey],
        set: {
          holders: sql`${mktProductCards.holders} + ${group.signals.length}`,
          title: newest.title,
          updatedAt: newest.occurredAt,
        },
      })
      .returning({ id: mktProductCards.id, holders: mktProductCards.holders });
    // Many holders make the event worth a look, as stacked reasons do on a customer's card; the score's
    // other parts read as on any card, so the two kinds compete for the cap on one scale.
    const scored = scoreCard({
      maxAmount: 0,
      maxIntensity: 0,
      newestAt: newest.occurredAt,
      count: card!.holders,
      aum: 0,
      tier,
      penalty: rules.penalties.get(group.categoryId) ?? 0,
      now,
    });
    await tx.update(mktProductCards).set({ score: scored.score }).where(eq(mktProductCards.id, card!.id));
    const holders = group.signals.map((s) => s.customerId);
    const open = await tx
      .select({ id: mktCards.id, customerId: mktCards.customerId })
      .from(mktCards)
      .where(and(inArray(mktCards.customerId, holders), inArray(mktCards.state, [...OPEN_WITH_SNOOZED])));
    const cardOf = new Map(open.map((o) => [o.customerId, o.id]));
    for (const s of group.signals)
      await tx
        .update(mktSignals)
        .set({ productCardId: card!.id, cardId: cardOf.get(s.customerId) ?? null })
        .where(eq(mktSignals.id, s.id));
    // The line is one of the holder's card's reasons now: its kept summary counts it, as a sum over the card's
    // reasons would (the card is not rescored: its next stacking reads the line with the rest).
    const lines = new Map<number, Signal[]>();
    for (const s of group.signals) {
      const cardId = cardOf.get(s.customerId);
      if (cardId !== undefined) lines.set(cardId, [...(lines.get(cardId) ?? []), s]);
    }
    if (lines.size === 0) return;
    const added = JSON.stringify(
      [...lines].map(([cardId, signals]) => {
        const sum = summarise(null, signals);
        return {
          id: cardId,
          max_amount: sum.maxAmount,
          max_intensity: sum.maxIntensity,
          newest_at: sum.newestAt.toISOString(),
          linked: sum.count,
        };
      }),
    );
    await tx.execute(sql`
      update mkt_cards c set
        reasons_max_amount = greatest(c.reasons_max_amount, s.max_amount),
        reasons_max_intensity = greatest(c.reasons_max_intensity, s.max_intensity),
        reasons_newest_at = greatest(c.reasons_newest_at, s.newest_at),
        reasons_linked = c.reasons_linked + s.linked
      from json_to_recordset(${added}::json)
        as s(id int, max_amount float8, max_intensity float8, newest_at timestamptz, linked int)
      where c.id = s.id`);
  });
}
