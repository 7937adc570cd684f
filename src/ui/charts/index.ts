// Shared chart surface. Import LineChart from here: ECharts itself loads by import() on first draw.
export { LineChart, buildOption, type LineChartProps, type LineSeries } from './LineChart';
export { CHART_PERIODS, PERIOD_LABELS, slicePeriod, toCumulativePercent, periodStart, type ChartPeriod, type ChartPoint } from './periods';
