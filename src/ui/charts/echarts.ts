// The only module that touches ECharts: tree-shaken through echarts/core with just what a line
// chart draws. It is reached solely by import() from LineChart.tsx, so it is its own lazy chunk.
import * as echartsCore from 'echarts/core';
import type { ComposeOption } from 'echarts/core';
import { LineChart, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echartsCore.use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type LineChartOption = ComposeOption<LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption>;

export interface ChartHandle {
  setOption(option: LineChartOption): void;
  resize(): void;
  dispose(): void;
}

export function createChart(el: HTMLElement): ChartHandle {
  const chart = echartsCore.init(el, undefined, { renderer: 'canvas' });
  return {
    setOption: (option) => chart.setOption(option, { notMerge: true }),
    resize: () => chart.resize(),
    dispose: () => chart.dispose(),
  };
}
