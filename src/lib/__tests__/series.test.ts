import { dayMs, maxDrawdown, periodChange } from '../series';

describe('series helpers', () => {
  it('max drawdown is the deepest fall from an earlier peak, with its days', () => {
    const s = [
      ['2026-01-01', 1],
      ['2026-01-02', 1.2],
      ['2026-01-03', 0.9],
      ['2026-01-04', 1.3],
      ['2026-01-05', 1.04],
    ] as const;
    expect(maxDrawdown(s)).toEqual({ pct: 25, peak_day: '2026-01-02', trough_day: '2026-01-03' });
    expect(
      maxDrawdown([
        ['2026-01-01', 1],
        ['2026-01-02', 1.1],
      ]),
    ).toEqual({ pct: 0, peak_day: null, trough_day: null });
    expect(maxDrawdown([])).toEqual({ pct: 0, peak_day: null, trough_day: null });
  });

  it('period change is percent for a NAV and points for a yield', () => {
    expect(
      periodChange(
        [
          ['2026-01-01', 2],
          ['2026-01-02', 2.5],
        ],
        'nav',
      ),
    ).toBe(25);
    expect(
      periodChange(
        [
          ['2026-01-01', 1.6],
          ['2026-01-02', 1.75],
        ],
        'yield',
      ),
    ).toBe(0.15);
    expect(periodChange([], 'nav')).toBeNull();
  });

  it('a day is its midnight in Beijing time', () => {
    expect(new Date(dayMs('2026-03-01')).toISOString()).toBe('2026-02-28T16:00:00.000Z');
  });
});
