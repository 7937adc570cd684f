import { and, eq, gte, inArray, isNull, lt } from 'drizzle-orm';

import { businessDate, businessDayStart } from '../../src/api/contract/dates';
import { CHANCE_CATEGORY_GROUPS, type ChanceGroup } from '../../src/api/contract/market-map-constants';
import type { Db } from '../db/client';
import { mktCards, mktProductCards, mktSignals } from '../db/schema';

/** Families whose reasons say the customer moved money or showed interest: the calls most worth making. */
export const MONEY_OR_INTENT: readonly ChanceGroup[] = ['money_flow', 'behaviour_insight', 'intent_matching'];

export interface DayMix {
  adviserId: number;
  day: string;
  /** Cards released onto the workbench that business day, customer and product cards together. */
  released: number;
  productCards: number;
  byFamily: Record<string, number>;
  /** Released cards with at least one money-flow or intent reason. */
  moneyOrIntent: number;
  /** The reason text on the most of that day's cards, and on how many. */
  topReason: { title: string; cards: number } | null;
}

const DAY = 86_400_000;

/**
 * What an adviser met on one business day: how many cards the cap let in, their families, the share with a money or
 * intent reason, and the reason most repeated across them. A product card counts once with its own title; the compact
 * line it leaves on a holder's card is that card, not a repeat of the reason.
 */
export async function dayMix(db: Db, adviserId: number, dayStart: Date): Promise<DayMix> {
  const end = new Date(dayStart.getTime() + DAY);
  const [cards, products] = await Promise.all([
    db
      .select({ id: mktCards.id })
      .from(mktCards)
      .where(and(eq(mktCards.adviserId, adviserId), gte(mktCards.releasedAt, dayStart), lt(mktCards.releasedAt, end))),
    db
      .select({ id: mktProductCards.id, categoryId: mktProductCards.categoryId, title: mktProductCards.title })
      .from(mktProductCards)
      .where(
        and(
          eq(mktProductCards.adviserId, adviserId),
          gte(mktProductCards.releasedAt, dayStart),
          lt(mktProductCards.releasedAt, end),
        ),
      ),
  ]);
  const signals = cards.length
    ? await db
        .select({ cardId: mktSignals.cardId, categoryId: mktSignals.categoryId, title: mktSignals.title })
        .from(mktSignals)
        .where(
          and(
            inArray(
              mktSignals.cardId,
              cards.map((c) => c.id),
            ),
            isNull(mktSignals.productCardId),
          ),
        )
    : [];
  const byFamily: Record<string, number> = {};
  const familiesOf = new Map<number, Set<ChanceGroup>>();
  const cardsOf = new Map<string, Set<string>>();
  for (const s of signals) {
    const set = familiesOf.get(s.cardId!) ?? new Set<ChanceGroup>();
    set.add(CHANCE_CATEGORY_GROUPS[s.categoryId]!);
    familiesOf.set(s.cardId!, set);
    cardsOf.set(s.title, (cardsOf.get(s.title) ?? new Set()).add(`c${s.cardId}`));
  }
  let moneyOrIntent = 0;
  for (const c of cards) {
    const families = familiesOf.get(c.id) ?? new Set<ChanceGroup>();
    if ([...families].some((f) => MONEY_OR_INTENT.includes(f))) moneyOrIntent += 1;
    // A card's family on the list is its newest reason's; the mix counts each family a card carries once.
    for (const f of families) byFamily[f] = (byFamily[f] ?? 0) + 1;
  }
  for (const p of products) {
    const f = CHANCE_CATEGORY_GROUPS[p.categoryId]!;
    byFamily[f] = (byFamily[f] ?? 0) + 1;
    cardsOf.set(p.title, (cardsOf.get(p.title) ?? new Set()).add(`p${p.id}`));
  }
  let topReason: DayMix['topReason'] = null;
  for (const [title, set] of cardsOf)
    if (!topReason || set.size > topReason.cards) topReason = { title, cards: set.size };
  return {
    adviserId,
    day: businessDate(dayStart),
    released: cards.length + products.length,
    productCards: products.length,
    byFamily,
    moneyOrIntent,
    topReason,
  };
}

/** The mix of every day from `from` to `to` (business days, both included) for each adviser. */
export async function mixOverDays(db: Db, adviserIds: readonly number[], from: Date, to: Date): Promise<DayMix[]> {
  const out: DayMix[] = [];
  for (let t = businessDayStart(from).getTime(); t <= to.getTime(); t += DAY)
    for (const adviserId of adviserIds) out.push(await dayMix(db, adviserId, new Date(t)));
  return out;
}

/** `days` simulated days after `start`'s: each morning (10:00 Beijing) a card pass, a market step and a pass again. */
export async function simulateDays(
  db: Db,
  start: Date,
  days: number,
  step: (now: Date) => Promise<unknown>,
  pass: (now: Date) => Promise<unknown>,
): Promise<{ from: Date; to: Date }> {
  const first = new Date(businessDayStart(start).getTime() + DAY + 2 * 3_600_000);
  let now = first;
  for (let d = 0; d < days; d += 1) {
    now = new Date(first.getTime() + d * DAY);
    // A morning pass (yesterday's backlog under today's cap), then the day's market and its cards.
    await pass(now);
    await step(now);
    await pass(new Date(now.getTime() + 60_000));
  }
  return { from: first, to: now };
}
