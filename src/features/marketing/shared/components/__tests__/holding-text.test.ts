import { holdingText } from '../format';

describe('a product card holder’s amount', () => {
  it('says the position and the NAV day it is valued at', () => {
    expect(holdingText(1_234_567.8, '2026-11-25')).toBe('持有 ¥123.46万（11-25 净值）');
    expect(holdingText(9_999, '2026-11-25')).toBe('持有 ¥9,999（11-25 净值）');
  });

  it('says when a position is at cost, and when it is no longer held', () => {
    expect(holdingText(50_000, null)).toBe('持有 ¥5万（按成本）');
    expect(holdingText(null, null)).toBe('已不再持有');
  });
});
