// Shared chart surface. Import LineChart from here: its drawing (LinePlot, an SVG) loads by import() on first render.
export type { LineSeries } from './chart-model';
export { LineChart } from './LineChart';
export { type ChartPeriod, type ChartPoint, PERIOD_LABELS, periodStart } from './periods';
