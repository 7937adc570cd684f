import { calibrateTiers, DEFAULT_TIER_RULE, tierOf } from '../tiers';

describe('热/温/冷 lines calibrated from a day’s pushed cards', () => {
  it('热 = the day’s 3 best, 温 down to the lowest pushed score, whatever order the scores come in', () => {
    expect(calibrateTiers([48.2, 71.5, 55, 66.4, 52.1, 80, 49.9, 61, 58.3, 50])).toEqual({
      hotMin: 66.4,
      warmMin: 48.2,
    });
  });

  it('each line on both sides: at the line is the tier, a tenth below is the next', () => {
    const rule = { hot_min: 66.4, warm_min: 48.2 };
    expect([80, 66.4, 66.3, 48.2, 48.1, 0].map((s) => tierOf(s, rule))).toEqual([
      'hot',
      'hot',
      'warm',
      'warm',
      'cold',
      'cold',
    ]);
  });

  it('a day of 10 pushed cards has exactly 3 热 and no 冷 among them', () => {
    const pushed = [91, 83.5, 77, 70.2, 64, 63.9, 58, 51.5, 45, 42.1];
    const lines = calibrateTiers(pushed)!;
    const tiers = pushed.map((s) => tierOf(s, { hot_min: lines.hotMin, warm_min: lines.warmMin }));
    expect(tiers.filter((t) => t === 'hot')).toHaveLength(3);
    expect(tiers).not.toContain('cold');
  });

  it('a tie across the third place moves the line up: fewer 热, never more than 3', () => {
    expect(calibrateTiers([80, 70, 65, 65, 50])).toEqual({ hotMin: 70, warmMin: 50 });
    expect(calibrateTiers([80, 65, 65, 65, 50])).toEqual({ hotMin: 80, warmMin: 50 });
    // Only when the best score itself is shared by more than 3 are they all 热: none could be told apart.
    expect(calibrateTiers([70, 70, 70, 70, 50])).toEqual({ hotMin: 70, warmMin: 50 });
  });

  it('fewer pushed cards than the rank: all of them 热, no 温 band; none pushed: the lines stay', () => {
    expect(calibrateTiers([62, 41])).toEqual({ hotMin: 41, warmMin: 41 });
    expect(calibrateTiers([30])).toEqual({ hotMin: 30, warmMin: 30 });
    expect(calibrateTiers([])).toBeNull();
  });

  it('an adviser not calibrated yet reads the default lines, 60 and 40', () => {
    expect([60, 59.9, 40, 39.9].map((s) => tierOf(s, DEFAULT_TIER_RULE))).toEqual(['hot', 'warm', 'warm', 'cold']);
  });
});
