// One line chart for the store (NAV by period) and the workbench (holdings value, yields): a light shell
// (period tabs, the text alternative, a box of fixed height) that loads the drawing, an SVG made from the
// sliced series, with import() on first render. The box keeps its height while loading, so nothing shifts.
import { useMemo, useRef, useState } from 'react';

import { buildChartModel, chartSummary, type LineSeries } from './chart-model';
import { ChartFailed, PeriodTabs } from './ChartParts';
import type { ChartUnit } from './format';
import { CHART_PERIODS, type ChartPeriod } from './periods';
import { useBoxWidth, usePlot } from './use-plot';

export interface LineChartProps {
  /** The main series (a NAV, a yield, a holdings value). */
  series: LineSeries;
  /** Optional comparison (an index): drawn dashed; both are shown as cumulative % then. */
  benchmark?: LineSeries | null;
  /** 'value': the series as it is (NAV); 'percent': cumulative change from the period's start. */
  mode?: 'value' | 'percent';
  /** How values read in 'value' mode: 'yuan' (万/亿), 'rate' (already percent), 'number' (a NAV). */
  unit?: Exclude<ChartUnit, 'percent'>;
  /** Periods offered as tabs; the chart slices the points by the chosen one. */
  periods?: readonly ChartPeriod[];
  /** Controlled period; leave out to let the chart keep its own. */
  period?: ChartPeriod;
  onPeriodChange?: (period: ChartPeriod) => void;
  /** Height of the drawing (the tabs come below it). */
  height?: number;
  /** What the chart shows, the start of its text alternative (the series' name when left out). */
  ariaLabel?: string;
}

export function LineChart({
  series,
  benchmark,
  mode = 'value',
  unit = 'number',
  periods = CHART_PERIODS,
  period: controlled,
  onPeriodChange,
  height = 220,
  ariaLabel,
}: LineChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [own, setOwn] = useState<ChartPeriod>(periods[0] ?? 'ALL');
  const { load, retry } = usePlot();
  const width = useBoxWidth(box);
  const period = controlled ?? own;
  const model = useMemo(
    () => buildChartModel(series, benchmark, mode, period, unit),
    [series, benchmark, mode, period, unit],
  );
  const summary = chartSummary(ariaLabel ?? series.name, model, period);

  const choose = (p: ChartPeriod) => {
    if (controlled === undefined) setOwn(p);
    onPeriodChange?.(p);
  };

  return (
    <div className="wl-line-chart">
      <div ref={box} role="img" aria-label={summary} style={{ height, width: '100%', position: 'relative' }}>
        {load.status === 'ready' && width > 0 ? (
          <load.Plot model={model} width={width} height={height} />
        ) : load.status === 'failed' ? (
          <ChartFailed onRetry={retry} />
        ) : (
          <div style={{ position: 'absolute', inset: 0, background: '#f5f5f5', borderRadius: 8 }} aria-hidden />
        )}
      </div>
      {periods.length > 1 && <PeriodTabs periods={periods} period={period} onChoose={choose} />}
    </div>
  );
}
