// One line chart for the store (NAV by period) and the workbench (holdings value, yields): a light shell
// (period tabs, the text alternative, a box of fixed height) that loads the drawing, an SVG made from the
// sliced series, with import() on first render. The box keeps its height while loading, so nothing shifts.
import { type ComponentType, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';

import { type ChartUnit, dayText, formatValue, signedPercent } from './format';
import type { ChartModel, LinePlotProps } from './model';
import {
  CHART_PERIODS,
  type ChartPeriod,
  type ChartPoint,
  PERIOD_LABELS,
  slicePeriod,
  toCumulativePercent,
} from './periods';

export type { ChartLine, ChartModel, LinePlotProps } from './model';

export interface LineSeries {
  name: string;
  points: readonly ChartPoint[];
}

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

type Load = { status: 'loading' } | { status: 'ready'; Plot: ComponentType<LinePlotProps> } | { status: 'failed' };

const MAIN = '#c8102e';
const BENCH = '#8c8c8c';

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

// Once loaded, every later chart draws on its first render (no placeholder between screens).
let loadedPlot: ComponentType<LinePlotProps> | null = null;

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
  const [load, setLoad] = useState<Load>(() =>
    loadedPlot ? { status: 'ready', Plot: loadedPlot } : { status: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);
  const [width, setWidth] = useState(0);
  const period = controlled ?? own;
  const model = useMemo(
    () => buildChartModel(series, benchmark, mode, period, unit),
    [series, benchmark, mode, period, unit],
  );
  const summary = chartSummary(ariaLabel ?? series.name, model, period);

  useEffect(() => {
    if (loadedPlot) {
      setLoad({ status: 'ready', Plot: loadedPlot });
      return;
    }
    let cancelled = false;
    setLoad({ status: 'loading' });
    import(/* webpackChunkName: "chart" */ './LinePlot').then(
      (m) => {
        loadedPlot = m.default;
        if (!cancelled) setLoad({ status: 'ready', Plot: m.default });
      },
      () => {
        if (!cancelled) setLoad({ status: 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  // The drawing is laid out in pixels (text stays its size at any width): follow the box's width. A hidden
  // box (a kept screen in the background) measures 0 and keeps its last drawing.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => {
      const w = Math.round(el.clientWidth);
      if (w > 0) setWidth(w);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

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
          <div
            style={{
              position: 'absolute',
              inset: 0,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
              color: '#666',
              fontSize: 14,
            }}
          >
            图表加载失败
            <button
              type="button"
              onClick={() => setAttempt((n) => n + 1)}
              style={{ minHeight: 44, minWidth: 88, marginTop: 8 }}
            >
              重试
            </button>
          </div>
        ) : (
          <div style={{ position: 'absolute', inset: 0, background: '#f5f5f5', borderRadius: 8 }} aria-hidden />
        )}
      </div>
      {periods.length > 1 && (
        <div role="tablist" style={{ display: 'flex', justifyContent: 'space-between', gap: 4, marginTop: 8 }}>
          {periods.map((p) => (
            <button
              key={p}
              type="button"
              role="tab"
              aria-selected={p === period}
              onClick={() => choose(p)}
              style={{
                flex: 1,
                minHeight: 44,
                // Five periods on a 320 px phone: one line each ("成立以来" wrapped in two).
                padding: '0 2px',
                whiteSpace: 'nowrap',
                border: 'none',
                borderRadius: 6,
                fontSize: 13,
                background: p === period ? '#fdecee' : 'transparent',
                color: p === period ? MAIN : '#555',
                fontWeight: p === period ? 600 : 400,
              }}
            >
              {PERIOD_LABELS[p]}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

export default LineChart;
