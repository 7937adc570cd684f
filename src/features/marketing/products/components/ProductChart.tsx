import { useMemo, useState } from 'react';

import { pct, tone } from './use-id-param';

import type { SeriesKind, SeriesPoint } from '@/api/contract/market-map-products';
import { dayMs, maxDrawdown, periodChange } from '@/lib/series';
import { type ChartPeriod, type ChartPoint, LineChart, PERIOD_LABELS, periodStart } from '@/ui/charts';

export interface ProductChartProps {
  name: string;
  kind: SeriesKind;
  series: readonly SeriesPoint[];
  benchmark: { name: string; series: readonly SeriesPoint[] } | null;
  /** 'portfolio' (投顾): judged by cumulative return against the benchmark, with the excess shown. */
  variant?: 'product' | 'portfolio';
  /** Controlled period (a kept screen keeps it in the address-independent store of its own state). */
  period?: ChartPeriod;
  onPeriodChange?: (p: ChartPeriod) => void;
}

const toPoints = (s: readonly SeriesPoint[]): ChartPoint[] => s.map(([d, v]) => [dayMs(d), v] as const);

/** The chart by period with the numbers of that period under it: change, benchmark, excess, max drawdown. */
export function ProductChart({
  name,
  kind,
  series,
  benchmark,
  variant = 'product',
  period: controlled,
  onPeriodChange,
}: ProductChartProps) {
  const [own, setOwn] = useState<ChartPeriod>('1Y');
  const period = controlled ?? own;
  const main = useMemo(() => ({ name, points: toPoints(series) }), [name, series]);
  // A yield's benchmark is a flat rate: comparing cumulative change of a rate would mislead, so it is stated, not drawn.
  const bench = useMemo(
    () => (benchmark && kind === 'nav' ? { name: '业绩基准', points: toPoints(benchmark.series) } : null),
    [benchmark, kind],
  );
  const stats = useMemo(() => {
    const last = series[series.length - 1];
    const from = last ? periodStart(dayMs(last[0]), period) : 0;
    const slice = series.filter(([d]) => dayMs(d) >= from);
    const bSlice = benchmark ? benchmark.series.filter(([d]) => dayMs(d) >= from) : [];
    const change = periodChange(slice, kind);
    const bChange = benchmark && kind === 'nav' ? periodChange(bSlice, 'nav') : null;
    return {
      change,
      bChange,
      excess: change !== null && bChange !== null ? Math.round((change - bChange) * 100) / 100 : null,
      dd: kind === 'nav' ? maxDrawdown(slice) : null,
    };
  }, [series, benchmark, kind, period]);
  const choose = (p: ChartPeriod) => {
    setOwn(p);
    onPeriodChange?.(p);
  };
  const label = PERIOD_LABELS[period];
  return (
    <section className="pd-chart" aria-label="业绩走势">
      <h2>
        {variant === 'portfolio' ? '组合累计收益与业绩基准' : kind === 'yield' ? '七日年化收益率（%）' : '业绩走势'}
      </h2>
      <LineChart
        series={main}
        benchmark={bench}
        mode={variant === 'portfolio' ? 'percent' : 'value'}
        unit={kind === 'yield' ? 'rate' : 'number'}
        period={period}
        onPeriodChange={choose}
        ariaLabel={`${name}业绩走势`}
      />
      <div className="pd-stats" aria-label={`${label}区间数据`}>
        <div>
          <strong className={tone(stats.change)}>{pct(stats.change)}</strong>
          <span>
            {label}
            {kind === 'yield' ? '收益率变动' : '涨跌幅'}
          </span>
        </div>
        {variant === 'portfolio' ? (
          <div>
            <strong className={tone(stats.excess)}>{pct(stats.excess)}</strong>
            <span>超额收益</span>
          </div>
        ) : (
          <div>
            {kind === 'yield' ? (
              <strong>
                {benchmark?.series.length ? `${benchmark.series[benchmark.series.length - 1]![1].toFixed(2)}%` : '--'}
              </strong>
            ) : (
              <strong className={tone(stats.bChange)}>{pct(stats.bChange)}</strong>
            )}
            <span>{kind === 'yield' ? '基准利率' : '基准涨跌幅'}</span>
          </div>
        )}
        <div>
          <strong className={stats.dd && stats.dd.pct > 0 ? 'pd-down' : ''}>
            {stats.dd ? `-${stats.dd.pct.toFixed(2)}%` : '--'}
          </strong>
          <span>最大回撤</span>
        </div>
      </div>
      <p className="pd-chart__note">
        {benchmark ? `${benchmark.name}。` : '本产品无业绩比较基准。'}
        {stats.dd?.peak_day && stats.dd.trough_day
          ? `区间最大回撤发生于 ${stats.dd.peak_day} 至 ${stats.dd.trough_day}。`
          : ''}
      </p>
    </section>
  );
}
