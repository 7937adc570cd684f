import { reasonTitle } from '../format';

import type { CardReason } from '@/api/contract/market-map';

const maturity = (date: string | null): Pick<CardReason, 'category_id' | 'title' | 'product'> => ({
  category_id: 4,
  title: `稳享180天 将于 ${date} 到期`,
  product: {
    product_id: 1,
    code: 'P001',
    name: '稳享180天',
    kind: 'bond',
    risk_level: 'R2',
    qualified_only: false,
    maturity_date: date,
  },
});
const at = (iso: string) => new Date(iso).getTime();

describe('a signal title is told relative to the day it is shown', () => {
  it('将于 5 天后到期 reads 3 天 two days later', () => {
    expect(reasonTitle(maturity('2026-12-01'), at('2026-11-26T10:00:00+08:00'))).toBe('稳享180天 将于 5 天后到期');
    expect(reasonTitle(maturity('2026-12-01'), at('2026-11-28T10:00:00+08:00'))).toBe('稳享180天 将于 3 天后到期');
  });

  it('counts Beijing calendar days: a day counts to its last millisecond, the next starts at midnight', () => {
    expect(reasonTitle(maturity('2026-12-01'), at('2026-11-29T23:59:59.999+08:00'))).toBe('稳享180天 将于 2 天后到期');
    expect(reasonTitle(maturity('2026-12-01'), at('2026-11-30T00:00:00+08:00'))).toBe('稳享180天 将于明天到期');
    expect(reasonTitle(maturity('2026-12-01'), at('2026-11-30T23:59:59.999+08:00'))).toBe('稳享180天 将于明天到期');
    expect(reasonTitle(maturity('2026-12-01'), at('2026-12-01T00:00:00+08:00'))).toBe('稳享180天 今天到期');
    expect(reasonTitle(maturity('2026-12-01'), at('2026-12-02T00:00:00+08:00'))).toBe('稳享180天 已于 2026-12-01 到期');
  });

  it('other titles, and a maturity without its date, read as stored', () => {
    expect(reasonTitle(maturity(null), at('2026-11-26T10:00:00+08:00'))).toBe('稳享180天 将于 null 到期');
    const inflow = { category_id: 1, title: '资金转入 ¥120,000.00', product: null };
    expect(reasonTitle(inflow, at('2026-11-26T10:00:00+08:00'))).toBe('资金转入 ¥120,000.00');
  });
});
