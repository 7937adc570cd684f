/** Pure helpers of the line chart (no drawing here: screens and tests import them freely). */

/** A point: [epoch ms, value]. Series are sorted by time, oldest first. */
export type ChartPoint = readonly [number, number];

export const CHART_PERIODS = ['1M', '3M', '6M', '1Y', 'ALL'] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];

export const PERIOD_LABELS: Record<ChartPeriod, string> = {
  '1M': '近1月',
  '3M': '近3月',
  '6M': '近6月',
  '1Y': '近1年',
  ALL: '成立以来',
};

const MONTHS: Record<Exclude<ChartPeriod, 'ALL'>, number> = { '1M': 1, '3M': 3, '6M': 6, '1Y': 12 };

/** The start of a period counted back from the last point (calendar months, UTC). */
export function periodStart(lastMs: number, period: ChartPeriod): number {
  if (period === 'ALL') return Number.NEGATIVE_INFINITY;
  const d = new Date(lastMs);
  d.setUTCMonth(d.getUTCMonth() - MONTHS[period]);
  return d.getTime();
}

/** The points of one period, judged against the newest point of the series (not the clock). */
export function slicePeriod(points: readonly ChartPoint[], period: ChartPeriod): ChartPoint[] {
  const last = points[points.length - 1];
  if (!last) return [];
  const from = periodStart(last[0], period);
  return points.filter((p) => p[0] >= from);
}

/**
 * Cumulative change in percent from the first point of the slice: how a NAV and a benchmark
 * on different scales are compared on one axis.
 */
export function toCumulativePercent(points: readonly ChartPoint[]): ChartPoint[] {
  const base = points[0]?.[1];
  if (base === undefined || base === 0) return points.map((p) => [p[0], 0] as const);
  return points.map((p) => [p[0], Math.round(((p[1] - base) / base) * 10000) / 100] as const);
}
