import { benchmarkSeries, type NavRow, parseBenchmark } from '../benchmark';

const days = ['2026-01-01', '2026-01-02', '2026-01-03'];
const market: NavRow[] = [
  ...[1, 1.1, 1.21].map((nav, i) => ({ productId: 1, kind: 'equity', day: days[i]!, nav })),
  ...[2, 2.2, 2.42].map((nav, i) => ({ productId: 2, kind: 'index', day: days[i]!, nav })),
  ...[1, 1.01, 1.0201].map((nav, i) => ({ productId: 3, kind: 'bond', day: days[i]!, nav })),
];

describe('derived benchmarks', () => {
  it('reads weights and sources from the benchmark text', () => {
    expect(parseBenchmark('沪深300×60%+中债×40%')).toEqual([
      { source: 'equity', weight: 0.6 },
      { source: 'bond', weight: 0.4 },
    ]);
    expect(parseBenchmark('中证消费指数×80%')).toEqual([{ source: 'equity', weight: 0.8 }]);
    expect(parseBenchmark('年化 6%')).toEqual([{ source: 'fixed', weight: 1, rate: 0.06 }]);
    expect(parseBenchmark('七天通知存款利率')).toBe('deposit');
    expect(parseBenchmark('无')).toBeNull();
  });

  it('compounds the weighted average daily returns of the seeded products, from 1', () => {
    // Stocks +10 % a day, bonds +1 %: 60/40 gives +6.4 % a day.
    expect(benchmarkSeries('沪深300×60%+中债×40%', days, market)).toEqual([
      ['2026-01-01', 1],
      ['2026-01-02', 1.064],
      ['2026-01-03', 1.1321],
    ]);
    expect(benchmarkSeries('七天通知存款利率', days, [])).toEqual(days.map((d) => [d, 1.35]));
    expect(benchmarkSeries('无', days, market)).toBeNull();
  });
});
