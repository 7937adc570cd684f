import { flowRatioText } from '../CardEngagement';

import { tierLine } from '@/features/marketing/shared';

describe('figures an adviser reads say what they are', () => {
  it('a ratio names what it divides and both figures', () => {
    expect(flowRatioText(251_500, 65_324)).toMatch(/^本次转入金额占组合市值的 385%，即转入 ¥.+，组合 ¥.+$/);
    expect(flowRatioText(-50_000, 200_000)).toMatch(/^本次转出金额占组合市值的 25%，即转出 ¥/);
  });

  it('a card states its tier’s lines and where they come from', () => {
    const rule = { hot_min: 64.2, warm_min: 51, calibrated_on: '2026-11-18' };
    expect(tierLine({ priority: 'hot', score: 66.4, tier_rule: rule })).toBe(
      '评分 66.4 · 热：评分 ≥ 64.2（11月18日推送前 3 名）',
    );
    expect(tierLine({ priority: 'warm', score: 55, tier_rule: rule })).toBe(
      '评分 55 · 温：评分 51-64.2（11月18日推送线以上）',
    );
    // One decimal, as stored: never rounded across the line it states.
    expect(tierLine({ priority: 'cold', score: 50.9, tier_rule: rule })).toBe(
      '评分 50.9 · 冷：评分 < 51（11月18日推送线以下）',
    );
    // Lines from an earlier day name it; an adviser not calibrated yet reads the default lines.
    expect(tierLine({ priority: 'hot', score: 70, tier_rule: rule })).toBe(
      '评分 70 · 热：评分 ≥ 64.2（11月18日推送前 3 名）',
    );
    expect(
      tierLine({ priority: 'cold', score: 39.6, tier_rule: { hot_min: 60, warm_min: 40, calibrated_on: null } }),
    ).toBe('评分 39.6 · 冷：评分 < 40（默认分数线）');
  });
});
