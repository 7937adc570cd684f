import { act, fireEvent, render, screen } from '@testing-library/react';

import { buildChartModel, chartSummary } from '../chart-model';
import { LineChart } from '../LineChart';
import { type ChartPoint, slicePeriod, toCumulativePercent } from '../periods';
import { layoutChart, linePath, nearestIndex } from '../plot-layout';

const DAY = 86_400_000;
const start = Date.parse('2024-01-01T00:00:00+08:00');
const nav: ChartPoint[] = Array.from({ length: 500 }, (_, i) => [start + i * DAY, 1 + i / 1000]);
// A holdings value rising from 2,200万 by 1万 a day.
const aum: ChartPoint[] = Array.from({ length: 366 }, (_, i) => [start + i * DAY, 22_000_000 + i * 10_000]);

// jsdom has no PointerEvent: without one a fired pointer event loses its position and pointer type.
class TestPointerEvent extends MouseEvent {
  readonly pointerType: string;
  constructor(type: string, init: MouseEventInit & { pointerType?: string } = {}) {
    super(type, init);
    this.pointerType = init.pointerType ?? 'mouse';
  }
}
Object.assign(window, { PointerEvent: window.PointerEvent ?? TestPointerEvent });

// jsdom lays nothing out: the chart's box is given the width of a 320 px phone's content.
let width: jest.SpyInstance;
beforeEach(() => {
  width = jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(288);
});
afterEach(() => width.mockRestore());

test('slicePeriod counts calendar months back from the newest point', () => {
  const last = nav[nav.length - 1]![0];
  const m1 = slicePeriod(nav, '1M');
  expect(m1[0]![0]).toBeGreaterThanOrEqual(last - 31 * DAY);
  expect(m1.length).toBeGreaterThan(27);
  expect(slicePeriod(nav, '1Y').length).toBeGreaterThan(360);
  expect(slicePeriod(nav, 'ALL')).toHaveLength(500);
  expect(slicePeriod([], '3M')).toEqual([]);
});

test('cumulative percent starts at 0 and follows the value', () => {
  expect(
    toCumulativePercent([
      [1, 2],
      [2, 2.5],
      [3, 1.8],
    ]),
  ).toEqual([
    [1, 0],
    [2, 25],
    [3, -10],
  ]);
});

test('a benchmark turns both series into cumulative percent, the benchmark dashed', () => {
  const m = buildChartModel(
    { name: '单位净值', points: nav },
    { name: '沪深300', points: nav.map(([t, v]) => [t, v * 2] as const) },
    'value',
    '3M',
  );
  expect(m.unit).toBe('percent');
  expect(m.lines).toHaveLength(2);
  expect(m.lines[0]!.points[0]![1]).toBe(0);
  expect(m.lines[1]!.dashed).toBe(true);
  expect(m.lines[0]!.dashed).toBe(false);
});

test('the text alternative states the period, the latest value and the change', () => {
  const money = buildChartModel({ name: '持仓市值', points: aum }, null, 'value', '1Y', 'yuan');
  expect(chartSummary('持仓市值走势', money, '1Y')).toBe(
    '持仓市值走势，近1年：最新 ¥2,565万（截至 2024-12-31），区间涨跌 +16.59%',
  );
  const vsIndex = buildChartModel(
    { name: '单位净值', points: nav },
    { name: '沪深300', points: nav.map(([t, v]) => [t, 2 - v] as const) },
    'value',
    'ALL',
  );
  expect(chartSummary('净值走势图', vsIndex, 'ALL')).toBe(
    '净值走势图，成立以来：单位净值累计 +49.9%，沪深300累计 -49.9%（截至 2025-05-14）',
  );
  const yieldModel = buildChartModel(
    {
      name: '七日年化',
      points: [
        [start, 2.1],
        [start + DAY, 2.35],
      ],
    },
    null,
    'value',
    'ALL',
    'rate',
  );
  expect(chartSummary('七日年化走势', yieldModel, 'ALL')).toBe(
    '七日年化走势，成立以来：最新 2.35%（截至 2024-01-02），区间变动 +0.25个百分点',
  );
  expect(
    chartSummary('持仓市值走势', buildChartModel({ name: '持仓市值', points: [] }, null, 'value', '1M', 'yuan'), '1M'),
  ).toBe('持仓市值走势，近1月：暂无数据');
});

test('the layout at 288 px puts money ticks in 万 and months on the time axis', () => {
  const layout = layoutChart(buildChartModel({ name: '持仓市值', points: aum }, null, 'value', '1Y', 'yuan'), 288, 180);
  expect(layout.yTicks.map((t) => t.label)).toEqual(['2,200万', '2,300万', '2,400万', '2,500万', '2,600万']);
  // 2024-01 falls at the plot's left edge: pulled inside it would run into 2024-04, so it is left out.
  expect(layout.xTicks.map((t) => t.label)).toEqual(['2024-04', '2024-07', '2024-10']);
  // The labels fit in the gutter and the plot fills the rest.
  expect(layout.left).toBeGreaterThan(30);
  expect(layout.left).toBeLessThan(60);
  expect(layout.right).toBe(278);
});

test('more points than pixels draw at most four per pixel column', () => {
  const many: ChartPoint[] = Array.from({ length: 5000 }, (_, i) => [i, Math.sin(i)]);
  const d = linePath(
    many,
    (t) => t / 50,
    (v) => v,
  );
  const moves = d.split(/[ML]/).filter(Boolean);
  expect(moves.length).toBeLessThanOrEqual(4 * 101);
  expect(moves.length).toBeGreaterThan(100);
  expect(
    linePath(
      [
        [0, 1],
        [10, 2],
      ],
      (t) => t,
      (v) => v,
    ),
  ).toBe('M0.0 1.0L10.0 2.0');
});

test('nearestIndex finds the closest point on either side', () => {
  const pts: ChartPoint[] = [
    [0, 1],
    [10, 2],
    [20, 3],
  ];
  expect(nearestIndex(pts, -5)).toBe(0);
  expect(nearestIndex(pts, 4)).toBe(0);
  expect(nearestIndex(pts, 6)).toBe(1);
  expect(nearestIndex(pts, 99)).toBe(2);
});

test('draws after the chunk loads, keeps its height while loading, and redraws when the period tab changes', async () => {
  const { container } = render(
    <LineChart
      series={{ name: '持仓市值', points: aum }}
      unit="yuan"
      periods={['1M', '1Y']}
      height={180}
      ariaLabel="持仓市值走势"
    />,
  );
  const box = screen.getByRole('img');
  expect(box).toHaveStyle({ height: '180px' });
  expect(container.querySelector('svg')).toBeNull();
  await act(async () => undefined);
  const svg = container.querySelector('svg.wl-line-chart__plot')!;
  expect(svg).not.toBeNull();
  expect(svg.getAttribute('width')).toBe('288');
  expect(box).toHaveStyle({ height: '180px' });
  expect(box.getAttribute('aria-label')).toMatch(/^持仓市值走势，近1月：最新 ¥2,565万/);
  expect(screen.getByText('2,560万')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('tab', { name: '近1年' }));
  expect(screen.getByRole('tab', { name: '近1年' })).toHaveAttribute('aria-selected', 'true');
  expect(box.getAttribute('aria-label')).toBe(
    '持仓市值走势，近1年：最新 ¥2,565万（截至 2024-12-31），区间涨跌 +16.59%',
  );
  expect(screen.getByText('2,200万')).toBeInTheDocument();
  expect(screen.getByText('2024-07')).toBeInTheDocument();
});

test('a touch on the plot shows the readout of the nearest day, with the benchmark', async () => {
  const { container } = render(
    <LineChart
      series={{ name: '单位净值', points: nav }}
      benchmark={{ name: '沪深300', points: nav.map(([t, v]) => [t, 2 - v] as const) }}
      period="ALL"
      ariaLabel="净值走势图"
    />,
  );
  await act(async () => undefined);
  const svg = container.querySelector('svg.wl-line-chart__plot')!;
  expect(svg.querySelectorAll('path')).toHaveLength(2);
  expect(svg.querySelector('path[stroke-dasharray]')).not.toBeNull();
  expect(screen.getByText('沪深300')).toBeInTheDocument();
  expect(container.querySelector('.wl-line-chart__readout')).toBeNull();
  // The right edge of the plot is the last day.
  fireEvent.pointerDown(svg, { clientX: 287, pointerType: 'touch', buttons: 1 });
  const readout = container.querySelector('.wl-line-chart__readout')!;
  expect(readout).not.toBeNull();
  expect([...readout.children].map((row) => row.textContent)).toEqual([
    '2025-05-14',
    '单位净值+49.9%',
    '沪深300-49.9%',
  ]);
  // Lifting the finger keeps the readout; a mouse leaving takes it away.
  fireEvent.pointerLeave(svg, { pointerType: 'touch' });
  expect(container.querySelector('.wl-line-chart__readout')).not.toBeNull();
  fireEvent.pointerLeave(svg, { pointerType: 'mouse' });
  expect(container.querySelector('.wl-line-chart__readout')).toBeNull();
});
