import { scoreCard, scoredCardFields, type ScoreInput, summarise } from '../score';

const NOW = new Date('2026-03-10T04:00:00.000Z');
const HOUR = 3_600_000;
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * HOUR);

/** A card whose parts are all zero but the one under test: no amount, 72 h old, no behaviour, standard tier. */
const base: ScoreInput = {
  maxAmount: 0,
  maxIntensity: 0,
  newestAt: hoursAgo(72),
  count: 1,
  aum: 1_000_000,
  tier: 'standard',
  penalty: 0,
  now: NOW,
};
const parts = (over: Partial<ScoreInput>) => scoreCard({ ...base, ...over }).parts;

describe("a card's score, part by part", () => {
  it('amount: 40 points when the largest amount is half the AUM or more, in proportion below it', () => {
    expect(parts({ maxAmount: 250_000 }).amount).toBe(20);
    expect(parts({ maxAmount: 500_000 }).amount).toBe(40);
    expect(parts({ maxAmount: 499_000 }).amount).toBe(39.9);
    expect(parts({ maxAmount: 900_000 }).amount).toBe(40);
    expect(parts({ maxAmount: 0 }).amount).toBe(0);
  });

  it('amount: an AUM under 10,000 is read as 10,000, so a small account does not score full on pocket money', () => {
    expect(parts({ aum: 2_000, maxAmount: 1_000 }).amount).toBe(8);
    expect(parts({ aum: 0, maxAmount: 5_000 }).amount).toBe(40);
    expect(parts({ aum: 20_000, maxAmount: 1_000 }).amount).toBe(4);
  });

  it('recency: 25 points for a reason of now, fading to 0 over 72 hours, never below 0 nor above 25', () => {
    expect(parts({ newestAt: NOW }).recency).toBe(25);
    expect(parts({ newestAt: hoursAgo(36) }).recency).toBe(12.5);
    expect(parts({ newestAt: hoursAgo(71) }).recency).toBe(0.3);
    expect(parts({ newestAt: hoursAgo(72) }).recency).toBe(0);
    expect(parts({ newestAt: hoursAgo(100) }).recency).toBe(0);
    // A clock a little behind the fact's own time: a reason from the future is as fresh as one of now.
    expect(parts({ newestAt: hoursAgo(-2) }).recency).toBe(25);
  });

  it('behaviour: 14 points of intensity (at most 1) and 2 a stacked reason after the first, 20 at most', () => {
    expect(parts({ maxIntensity: 0.5 }).behaviour).toBe(7);
    expect(parts({ maxIntensity: 1.5 }).behaviour).toBe(14);
    expect(parts({ maxIntensity: 0.5, count: 4 }).behaviour).toBe(13);
    expect(parts({ maxIntensity: 1, count: 4 }).behaviour).toBe(20);
    expect(parts({ maxIntensity: 1, count: 5 }).behaviour).toBe(20);
    expect(parts({ maxIntensity: 0, count: 0 }).behaviour).toBe(0);
    expect(parts({ maxIntensity: 0.333 }).behaviour).toBe(4.7);
  });

  it('tier: 15 private, 9 gold, 3 standard; feedback takes off the demotion', () => {
    expect([parts({ tier: 'private' }).tier, parts({ tier: 'gold' }).tier, parts({ tier: 'standard' }).tier]).toEqual([
      15, 9, 3,
    ]);
    expect(parts({ penalty: 12.5 }).feedback).toBe(-12.5);
  });

  it('the score is the parts summed, kept within 0-100, to one decimal', () => {
    const full = scoreCard({
      ...base,
      maxAmount: 600_000,
      newestAt: NOW,
      maxIntensity: 1,
      count: 4,
      tier: 'private',
    });
    expect(full).toEqual({
      score: 100,
      parts: { amount: 40, recency: 25, behaviour: 20, tier: 15, feedback: -0 },
      priority: 'hot',
    });
    expect(scoreCard({ ...base, maxAmount: 600_000, newestAt: NOW, tier: 'private', penalty: -30 }).score).toBe(100);
    expect(scoreCard({ ...base, penalty: 10 }).score).toBe(0);
    expect(scoreCard({ ...base, maxAmount: 250_000, newestAt: hoursAgo(36), maxIntensity: 0.5 }).score).toBe(42.5);
    expect(scoreCard({ ...base, maxAmount: 250_000, penalty: 0.25 }).score).toBe(22.8);
  });
});

describe('the tier a card is written with before its adviser is calibrated', () => {
  it('the default lines: hot from 60, warm from 40, on both sides of each', () => {
    const at = (n: number) => scoreCard({ ...base, maxAmount: 0, maxIntensity: 0, tier: 'standard', penalty: 3 - n });
    expect([60, 59.9, 40, 39.9].map((n) => [at(n).score, at(n).priority])).toEqual([
      [60, 'hot'],
      [59.9, 'warm'],
      [40, 'warm'],
      [39.9, 'cold'],
    ]);
  });
});

describe("a card's reasons summed", () => {
  it('from nothing: the largest amount by size, the strongest behaviour, the newest time, the count', () => {
    const sum = summarise(null, [
      { amount: 300_000, intensity: 0.2, occurredAt: hoursAgo(5) },
      { amount: -800_000, intensity: 0.9, occurredAt: hoursAgo(9) },
      { amount: null, intensity: 0.4, occurredAt: hoursAgo(1) },
    ]);
    expect(sum).toEqual({ maxAmount: 800_000, maxIntensity: 0.9, newestAt: hoursAgo(1), count: 3 });
    expect(summarise(null, [])).toEqual({ maxAmount: 0, maxIntensity: 0, newestAt: new Date(0), count: 0 });
  });

  it('onto the reasons already on the card, which it leaves as they were', () => {
    const before = { maxAmount: 500_000, maxIntensity: 0.5, newestAt: hoursAgo(3), count: 2 };
    const sum = summarise(before, [
      { amount: 100_000, intensity: 0.1, occurredAt: hoursAgo(4) },
      { amount: 0, intensity: 0.7, occurredAt: hoursAgo(3) },
    ]);
    expect(sum).toEqual({ maxAmount: 500_000, maxIntensity: 0.7, newestAt: hoursAgo(3), count: 4 });
    expect(before).toEqual({ maxAmount: 500_000, maxIntensity: 0.5, newestAt: hoursAgo(3), count: 2 });
    expect(summarise(before, [{ amount: 1, intensity: 0, occurredAt: hoursAgo(2) }]).newestAt).toEqual(hoursAgo(2));
    // An older reason after a newer one does not move the time back.
    const late = [hoursAgo(2), hoursAgo(6)].map((occurredAt) => ({ amount: 1, intensity: 0, occurredAt }));
    expect(summarise(before, late).newestAt).toEqual(hoursAgo(2));
  });

  it("a card's stored columns: the newest reason's category, the score, its parts and priority, the count, the newest time and the summary it keeps", () => {
    const sum = { maxAmount: 250_000, maxIntensity: 0.5, newestAt: hoursAgo(36), count: 1 };
    const scored = scoreCard({ ...base, ...sum });
    expect(scoredCardFields(7, sum, scored)).toEqual({
      categoryId: 7,
      score: 42.5,
      scoreParts: { amount: 20, recency: 12.5, behaviour: 7, tier: 3, feedback: -0 },
      priority: 'warm',
      reasonCount: 1,
      updatedAt: hoursAgo(36),
      reasonsMaxAmount: 250_000,
      reasonsMaxIntensity: 0.5,
      reasonsNewestAt: hoursAgo(36),
      reasonsLinked: 1,
    });
  });
});
