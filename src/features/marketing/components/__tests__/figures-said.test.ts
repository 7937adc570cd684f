import { flowRatioText } from '../customer/CardEngagement';
import { tierLine } from '../format';

describe('figures an adviser reads say what they are', () => {
  it('a ratio names what it divides and both figures', () => {
    expect(flowRatioText(251_500, 65_324)).toMatch(/^本次转入金额占组合市值的 385%，即转入 ¥.+，组合 ¥.+$/);
    expect(flowRatioText(-50_000, 200_000)).toMatch(/^本次转出金额占组合市值的 25%，即转出 ¥/);
  });

  it('a card states its tier’s threshold', () => {
    expect(tierLine('hot', 66.4)).toBe('评分 66.4 · 热：评分 ≥ 60');
    expect(tierLine('warm', 45)).toBe('评分 45 · 温：评分 40-60');
    // Never rounded across the line it states.
    expect(tierLine('cold', 39.6)).toBe('评分 39.6 · 冷：评分 < 40');
  });
});
