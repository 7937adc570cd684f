// One line chart for the store (NAV by period) and the workbench (yields): a light shell that
// loads ECharts with import() on first render, so the library never enters a route that does
// not draw a chart. The box keeps its height while loading, so nothing shifts.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ChartHandle, LineChartOption } from './echarts';
import { CHART_PERIODS, PERIOD_LABELS, slicePeriod, toCumulativePercent, type ChartPeriod, type ChartPoint } from './periods';

export interface LineSeries {
  name: string;
  points: readonly ChartPoint[];
}

export interface LineChartProps {
  /** The main series (a NAV, a yield). */
  series: LineSeries;
  /** Optional comparison (an index): drawn dashed; both are shown as cumulative % then. */
  benchmark?: LineSeries | null;
  /** 'value': the series as it is (NAV); 'percent': cumulative change from the period's start. */
  mode?: 'value' | 'percent';
  /** Periods offered as tabs; the chart slices the points by the chosen one. */
  periods?: readonly ChartPeriod[];
  /** Controlled period; leave out to let the chart keep its own. */
  period?: ChartPeriod;
  onPeriodChange?: (period: ChartPeriod) => void;
  height?: number;
  /** For tests and screens that want to know the library failed to load. */
  ariaLabel?: string;
}

type Load = { status: 'loading' } | { status: 'ready' } | { status: 'failed' };

const MAIN = '#c8102e';
const BENCH = '#8c8c8c';

function day(ms: number): string {
  const d = new Date(ms + 8 * 3600_000);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** The ECharts option for the chosen slice (exported for tests: pure). */
export function buildOption(series: LineSeries, benchmark: LineSeries | null | undefined, mode: 'value' | 'percent', period: ChartPeriod): LineChartOption {
  const percent = mode === 'percent' || Boolean(benchmark);
  const shape = (pts: readonly ChartPoint[]) => {
    const sliced = slicePeriod(pts, period);
    return (percent ? toCumulativePercent(sliced) : sliced).map((p) => [p[0], p[1]]);
  };
  const lines = [
    { type: 'line' as const, name: series.name, data: shape(series.points), showSymbol: false, lineStyle: { width: 2, color: MAIN }, itemStyle: { color: MAIN } },
    ...(benchmark
      ? [{ type: 'line' as const, name: benchmark.name, data: shape(benchmark.points), showSymbol: false, lineStyle: { width: 1.5, type: 'dashed' as const, color: BENCH }, itemStyle: { color: BENCH } }]
      : []),
  ];
  return {
    animation: false,
    grid: { left: 8, right: 12, top: benchmark ? 30 : 12, bottom: 8, containLabel: true },
    legend: benchmark ? { top: 0, itemWidth: 14, textStyle: { fontSize: 11 } } : undefined,
    tooltip: { trigger: 'axis', valueFormatter: (v) => (percent ? `${String(v)}%` : String(v)) },
    xAxis: { type: 'time', axisLabel: { fontSize: 10, hideOverlap: true, formatter: (v: number) => day(v).slice(5) } },
    yAxis: { type: 'value', scale: true, axisLabel: { fontSize: 10, formatter: percent ? '{value}%' : '{value}' } },
    series: lines,
  } as LineChartOption;
}

export function LineChart({
  series,
  benchmark,
  mode = 'value',
  periods = CHART_PERIODS,
  period: controlled,
  onPeriodChange,
  height = 220,
  ariaLabel,
}: LineChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ChartHandle | null>(null);
  const [own, setOwn] = useState<ChartPeriod>(periods[0] ?? 'ALL');
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const period = controlled ?? own;
  const option = useMemo(() => buildOption(series, benchmark, mode, period), [series, benchmark, mode, period]);

  useEffect(() => {
    let cancelled = false;
    let onResize: (() => void) | null = null;
    setLoad({ status: 'loading' });
    import(/* webpackChunkName: "echarts" */ './echarts').then(
      ({ createChart }) => {
        if (cancelled || !box.current) return;
        chart.current = createChart(box.current);
        onResize = () => chart.current?.resize();
        window.addEventListener('resize', onResize);
        setLoad({ status: 'ready' });
      },
      () => {
        if (!cancelled) setLoad({ status: 'failed' });
      },
    );
    return () => {
      cancelled = true;
      if (onResize) window.removeEventListener('resize', onResize);
      chart.current?.dispose();
      chart.current = null;
    };
  }, [attempt]);

  useEffect(() => {
    if (load.status === 'ready') chart.current?.setOption(option);
  }, [load, option]);

  const choose = (p: ChartPeriod) => {
    if (controlled === undefined) setOwn(p);
    onPeriodChange?.(p);
  };

  return (
    <div className="wl-line-chart">
      <div role="img" aria-label={ariaLabel ?? series.name} style={{ height, width: '100%', position: 'relative' }}>
        {/* ECharts owns this box (it clears it on init): React keeps its own overlays outside it. */}
        <div ref={box} style={{ position: 'absolute', inset: 0 }} />
        {load.status === 'loading' && <div style={{ position: 'absolute', inset: 0, background: '#f5f5f5', borderRadius: 8 }} aria-hidden />}
        {load.status === 'failed' && (
          <div style={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', color: '#666', fontSize: 14 }}>
            图表加载失败
            <button type="button" onClick={() => setAttempt((n) => n + 1)} style={{ minHeight: 44, minWidth: 88, marginTop: 8 }}>
              重试
            </button>
          </div>
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
