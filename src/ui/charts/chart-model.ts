// The chart's pure model: the lines of a period and the text alternative that states them (shell and tests share it).
import { type ChartUnit, dayText, formatValue, signedPercent } from './format';
import type { ChartModel } from './model';
import { type ChartPeriod, type ChartPoint, PERIOD_LABELS, slicePeriod, toCumulativePercent } from './periods';

export interface LineSeries {
  name: string;
  points: readonly ChartPoint[];
}

export const MAIN = '#c8102e';
export const BENCH = '#8c8c8c';

/** The lines for the chosen period (pure, exported for tests): a benchmark turns both into cumulative %. */
export function buildChartModel(
  series: LineSeries,
  benchmark: LineSeries | null | undefined,
  mode: 'value' | 'percent',
  period: ChartPeriod,
  unit: Exclude<ChartUnit, 'percent'> = 'number',
): ChartModel {
  const percent = mode === 'percent' || Boolean(benchmark);
  const shape = (pts: readonly ChartPoint[]) => {
    const sliced = slicePeriod(pts, period);
    return percent ? toCumulativePercent(sliced) : sliced;
  };
  return {
    unit: percent ? 'percent' : unit,
    lines: [
      { name: series.name, points: shape(series.points), color: MAIN, dashed: false },
      ...(benchmark ? [{ name: benchmark.name, points: shape(benchmark.points), color: BENCH, dashed: true }] : []),
    ],
  };
}

/**
 * The chart's text alternative: what it shows, the period, the latest value and the period's change
 * (and the benchmark's), so a screen reader hears what a glance at the line tells.
 */
export function chartSummary(title: string, model: ChartModel, period: ChartPeriod): string {
  const [main, bench] = model.lines;
  const head = `${title}，${PERIOD_LABELS[period]}`;
  const first = main?.points[0];
  const last = main?.points[main.points.length - 1];
  if (!main || !first || !last) return `${head}：暂无数据`;
  const asOf = `（截至 ${dayText(last[0])}）`;
  if (model.unit === 'percent') {
    const b = bench?.points[bench.points.length - 1];
    return `${head}：${main.name}累计 ${signedPercent(last[1])}${bench && b ? `，${bench.name}累计 ${signedPercent(b[1])}` : ''}${asOf}`;
  }
  const latest = `最新 ${formatValue(last[1], model.unit)}${asOf}`;
  if (model.unit === 'rate')
    return `${head}：${latest}，区间变动 ${signedPercent(Math.round((last[1] - first[1]) * 1000) / 1000).replace('%', '个百分点')}`;
  const change = first[1]
    ? `，区间涨跌 ${signedPercent(Math.round(((last[1] - first[1]) / first[1]) * 10_000) / 100)}`
    : '';
  return `${head}：${latest}${change}`;
}
