// Shared chart surface. Import LineChart from here: its drawing (LinePlot, an SVG) loads by import() on first render.
export { axisLabels, type ChartUnit, formatValue, formatYuan } from './format';
export {
  buildChartModel,
  type ChartModel,
  chartSummary,
  LineChart,
  type LineChartProps,
  type LineSeries,
} from './LineChart';
export {
  CHART_PERIODS,
  type ChartPeriod,
  type ChartPoint,
  PERIOD_LABELS,
  periodStart,
  slicePeriod,
  toCumulativePercent,
} from './periods';
