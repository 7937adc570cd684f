import { PRODUCT_CARD_MIN_HOLDERS } from '../../marketing/product-cards';
import type { SignalDraft } from '../../marketing/rules';
import { scoreCard } from '../../marketing/score';
import type * as schema from '../schema';

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];
type Card = Insert<typeof schema.mktCards>;
type ProductCard = Insert<typeof schema.mktProductCards>;
type Customer = { adviserId: number; tier: 'private' | 'gold' | 'standard' };

const DAY = 86_400_000;
/** Product cards older than this were looked at and closed by the seed's base time (the adviser's past days). */
const PRODUCT_CARD_OPEN_DAYS = 3;

/**
 * The seed's history as the engine makes it now: a product event reaching enough of one adviser's holders is one
 * product card holding their signals, not a reason on every holder's card. Returns the drafts left for customer
 * cards, the product cards and their signals (no customer card: the history keeps them on the product card).
 */
export function gatherSeedProductEvents(
  drafts: readonly SignalDraft[],
  customers: ReadonlyMap<number, Customer>,
  base: Date,
  firstId: { productCard: number },
): { rest: SignalDraft[]; productCards: ProductCard[]; grouped: { draft: SignalDraft; productCardId: number }[] } {
  const groups = new Map<string, SignalDraft[]>();
  const rest: SignalDraft[] = [];
  for (const d of drafts) {
    const adviserId = customers.get(d.customerId)?.adviserId;
    if (!d.eventKey || adviserId === undefined) rest.push(d);
    else {
      const key = `${adviserId}|${d.categoryId}|${d.eventKey}`;
      const list = groups.get(key);
      if (list) list.push(d);
      else groups.set(key, [d]);
    }
  }
  const productCards: ProductCard[] = [];
  const grouped: { draft: SignalDraft; productCardId: number }[] = [];
  for (const [key, list] of groups) {
    if (list.length < PRODUCT_CARD_MIN_HOLDERS) {
      rest.push(...list);
      continue;
    }
    const [adviserId, categoryId] = key.split('|').map(Number) as [number, number];
    const newest = list.reduce((a, b) => (b.occurredAt.getTime() >= a.occurredAt.getTime() ? b : a));
    const first = list.reduce((a, b) => (b.occurredAt.getTime() < a.occurredAt.getTime() ? b : a));
    const tiers = list.map((d) => customers.get(d.customerId)!.tier);
    const tier = tiers.includes('private') ? 'private' : tiers.includes('gold') ? 'gold' : 'standard';
    const scored = scoreCard({
      maxAmount: 0,
      maxIntensity: 0,
      newestAt: newest.occurredAt,
      count: list.length,
      aum: 0,
      tier,
      penalty: 0,
      now: base,
    });
    const id = firstId.productCard++;
    productCards.push({
      id,
      adviserId,
      productId: newest.productId,
      categoryId,
      eventKey: newest.eventKey!,
      title: newest.title,
      holders: list.length,
      score: scored.score,
      state: base.getTime() - newest.occurredAt.getTime() > PRODUCT_CARD_OPEN_DAYS * DAY ? 'done' : 'new',
      createdAt: first.occurredAt,
      updatedAt: newest.occurredAt,
      releasedAt: null,
    });
    for (const draft of list) grouped.push({ draft, productCardId: id });
  }
  return { rest, productCards, grouped };
}

/** A card the adviser acted on must have reached the workbench before that action. */
function actedAt(c: Card): number | null {
  if (c.state === 'new') return null;
  return (c.viewedAt ?? c.closedAt ?? null)?.getTime() ?? null;
}

/**
 * The daily cap over the whole seeded history, customer and product cards counted together: each business day the
 * cards waiting go onto the workbench, closed ones the adviser acted on first (they were seen), then best first, up
 * to the cap. A card acted on that found no room before its action never reached this adviser: it is left out of the
 * history (returned, so its steps go too). An open card that found no room waits (new, unreleased), as in the app.
 */
export function capHistory(
  cards: Card[],
  productCards: ProductCard[],
  base: Date,
  capOf: (adviserId: number) => number,
  dayStartOf: (at: Date) => number,
): Set<number> {
  // A product event comes from a close or a notice the adviser works on the next business day: the day's room has
  // gone by then, as the engine hands it out when the day begins, so a product card waits for the next day's room.
  type Entry = { card: Card | ProductCard; product: boolean; from: number };
  const byAdviser = new Map<number, Entry[]>();
  const add = (adviserId: number, entry: Entry) => {
    const list = byAdviser.get(adviserId);
    if (list) list.push(entry);
    else byAdviser.set(adviserId, [entry]);
  };
  for (const card of cards) add(card.adviserId, { card, product: false, from: card.createdAt.getTime() });
  for (const card of productCards) add(card.adviserId, { card, product: true, from: dayStartOf(card.createdAt) + DAY });
  const dropped = new Set<number>();
  const b = base.getTime();
  const baseDay = dayStartOf(base);
  for (const [adviserId, list] of byAdviser) {
    const cap = capOf(adviserId);
    list.sort((x, y) => x.from - y.from);
    let waiting: Entry[] = [];
    let i = 0;
    for (let day = dayStartOf(new Date(list[0]!.from)); day <= b; day += DAY) {
      while (i < list.length && list[i]!.from < day + DAY) waiting.push(list[i++]!);
      // A closed card acted on before this day found no room in time: it never was the adviser's.
      waiting = waiting.filter((e) => {
        const c = e.card as Card;
        const acted = e.product ? null : actedAt(c);
        if (acted === null || acted >= day) return true;
        if (c.closedAt) {
          dropped.add(c.id!);
          return false;
        }
        // Still open: the adviser has not seen it after all; it waits as a new card.
        Object.assign(c, { state: 'new', viewedAt: null, snoozeUntil: null, nextFollowUp: null });
        return true;
      });
      // Closed history must have been seen, so it goes first. An open card the adviser looked at competes by score
      // like any other: the day's room is handed out when the day begins, before anyone looks, so one seen overnight
      // (the seed's clock runs round the day) that found no room was not seen after all and waits as new.
      const closedSeen = (e: Entry) =>
        !e.product && (e.card as Card).closedAt && actedAt(e.card as Card) !== null ? 1 : 0;
      waiting.sort((x, y) => closedSeen(y) - closedSeen(x) || y.card.score! - x.card.score!);
      // The seeded day itself shows what a product card is: its best waiting one takes a place after the closed
      // history, as one that arrived while the day's room was still open would have (a product card scores no
      // amount, so best-first over the whole day would leave the demo without one at some hours).
      if (day === baseDay) {
        const product = waiting.findIndex((e) => e.product);
        const first = waiting.findIndex((e) => !closedSeen(e));
        if (product > first) waiting.splice(first, 0, ...waiting.splice(product, 1));
      }
      for (const e of waiting.splice(0, cap)) {
        e.card.releasedAt = new Date(Math.min(b, Math.max(e.from, day)));
        const c = e.card as Card;
        if (!e.product && c.viewedAt && c.viewedAt.getTime() < c.releasedAt!.getTime())
          c.viewedAt = new Date(Math.min(c.closedAt?.getTime() ?? b, c.releasedAt!.getTime() + 3_600_000));
      }
    }
    for (const e of [...waiting, ...list.slice(i)]) {
      e.card.releasedAt = null;
      if (e.product) continue;
      const c = e.card as Card;
      if (c.closedAt) dropped.add(c.id!);
      else Object.assign(c, { state: 'new', viewedAt: null, snoozeUntil: null, nextFollowUp: null });
    }
  }
  return dropped;
}
