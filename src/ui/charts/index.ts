// Shared chart surface. Import LineChart from here: its drawing (LinePlot, an SVG) loads by import() on first render.
export {
  LineChart,
  buildChartModel,
  chartSummary,
  type ChartModel,
  type LineChartProps,
  type LineSeries,
} from './LineChart';
export { axisLabels, formatValue, formatYuan, type ChartUnit } from './format';
export {
  CHART_PERIODS,
  PERIOD_LABELS,
  slicePeriod,
  toCumulativePercent,
  periodStart,
  type ChartPeriod,
  type ChartPoint,
} from './periods';
