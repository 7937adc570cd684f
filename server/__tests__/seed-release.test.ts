import { businessDayStart } from '../../src/api/contract/dates';
import { capHistory } from '../db/seed/marketing-release';

// 07:53 Beijing time on a Friday: the hour the workbench browser test once met an empty product side of 今日.
const BASE = new Date('2026-11-26T23:53:00.000Z');
const DAY_START = businessDayStart(BASE).getTime(); // 2026-11-26T16:00Z, Beijing midnight
const dayStartOf = (at: Date) => businessDayStart(at).getTime();
const at = (ms: number) => new Date(ms);

type Card = Parameters<typeof capHistory>[0][number];
type ProductCard = Parameters<typeof capHistory>[1][number];

let ids = 1;
function card(over: Partial<Card> & { createdAt: Date; score: number }): Card {
  return {
    id: ids++,
    adviserId: 1,
    customerId: ids,
    categoryId: 1,
    state: 'new',
    scoreParts: {},
    priority: 'warm',
    updatedAt: over.createdAt,
    releasedAt: over.createdAt,
    ...over,
  };
}
function productCard(createdAt: Date, score: number): ProductCard {
  return {
    id: ids++,
    adviserId: 1,
    productId: 1,
    categoryId: 8,
    eventKey: `nav:${ids}`,
    title: '净值下跌',
    holders: 5,
    score,
    state: 'new',
    createdAt,
    updatedAt: createdAt,
    releasedAt: null,
  };
}

describe('the seeded daily cap hands out each day’s room when the day begins', () => {
  it('a product card waits for the next business day: one made 1 ms before Beijing midnight is today’s, one made at midnight is not', () => {
    const before = productCard(at(DAY_START - 1), 50);
    const onTheHour = productCard(at(DAY_START), 50);
    capHistory([], [before, onTheHour], BASE, () => 10, dayStartOf);
    expect(before.releasedAt).toEqual(at(DAY_START));
    expect(onTheHour.releasedAt).toBeNull();
    expect(onTheHour.state).toBe('new');
  });

  it('an open card seen overnight takes no room ahead of a better one: it competes by score and, left out, is new again', () => {
    const seenOvernight = card({
      createdAt: at(DAY_START + 3_600_000),
      viewedAt: at(DAY_START + 7_200_000),
      state: 'viewed',
      score: 30,
    });
    const better = productCard(at(DAY_START - 3_600_000), 60);
    capHistory([seenOvernight], [better], BASE, () => 1, dayStartOf);
    expect(better.releasedAt).toEqual(at(DAY_START));
    expect(seenOvernight.releasedAt).toBeNull();
    expect(seenOvernight).toMatchObject({ state: 'new', viewedAt: null });
  });

  it('closed history the adviser acted on still goes first, whatever its score', () => {
    const closed = card({
      createdAt: at(DAY_START + 3_600_000),
      viewedAt: at(DAY_START + 7_200_000),
      closedAt: at(DAY_START + 10_800_000),
      state: 'done',
      score: 10,
    });
    const better = productCard(at(DAY_START - 3_600_000), 60);
    const dropped = capHistory([closed], [better], BASE, () => 1, dayStartOf);
    expect(dropped.size).toBe(0);
    expect(closed.releasedAt).toEqual(closed.createdAt);
    expect(better.releasedAt).toBeNull();
  });

  it('on the seeded day the best waiting product card takes a place ahead of better customer cards; on a day before, best first', () => {
    const better = card({ createdAt: at(DAY_START + 3_600_000), score: 70, releasedAt: null });
    const product = productCard(at(DAY_START - 3_600_000), 40);
    const weaker = productCard(at(DAY_START - 7_200_000), 30);
    capHistory([better], [product, weaker], BASE, () => 1, dayStartOf);
    expect(product.releasedAt).toEqual(at(DAY_START));
    expect(weaker.releasedAt).toBeNull();
    expect(better.releasedAt).toBeNull();

    // A day before the seeded one is best first: the product card waits, and takes today's place.
    const yesterday = DAY_START - 86_400_000;
    const earlierBetter = card({ createdAt: at(yesterday + 3_600_000), score: 70, releasedAt: null });
    const earlierProduct = productCard(at(yesterday - 3_600_000), 40);
    capHistory([earlierBetter], [earlierProduct], BASE, () => 1, dayStartOf);
    expect(earlierBetter.releasedAt).toEqual(earlierBetter.createdAt);
    expect(earlierProduct.releasedAt).toEqual(at(DAY_START));
  });
});
