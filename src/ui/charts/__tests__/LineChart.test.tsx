import { act, fireEvent, render, screen } from '@testing-library/react';
import { LineChart, buildOption } from '../LineChart';
import { slicePeriod, toCumulativePercent, type ChartPoint } from '../periods';

// jsdom has no canvas: the chunk is replaced by a recorder of what the chart was told.
const calls: unknown[] = [];
jest.mock('../echarts', () => ({
  createChart: () => ({ setOption: (o: unknown) => calls.push(o), resize: () => undefined, dispose: () => undefined }),
}));

const DAY = 86_400_000;
const start = Date.UTC(2024, 0, 1);
const nav: ChartPoint[] = Array.from({ length: 500 }, (_, i) => [start + i * DAY, 1 + i / 1000]);

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
  expect(toCumulativePercent([[1, 2], [2, 2.5], [3, 1.8]])).toEqual([[1, 0], [2, 25], [3, -10]]);
});

test('a benchmark turns both series into cumulative percent, drawn dashed', () => {
  const o = buildOption({ name: '单位净值', points: nav }, { name: '沪深300', points: nav.map(([t, v]) => [t, v * 2] as const) }, 'value', '3M') as {
    series: Array<{ data: number[][]; lineStyle: { type?: string } }>;
  };
  expect(o.series).toHaveLength(2);
  expect(o.series[0]!.data[0]![1]).toBe(0);
  expect(o.series[1]!.lineStyle.type).toBe('dashed');
});

test('loads the chart chunk, draws, and redraws when the period tab changes', async () => {
  calls.length = 0;
  render(<LineChart series={{ name: '单位净值', points: nav }} />);
  await act(async () => undefined);
  expect(calls).toHaveLength(1);
  fireEvent.click(screen.getByRole('tab', { name: '成立以来' }));
  expect(calls).toHaveLength(2);
  const last = calls[1] as { series: Array<{ data: unknown[] }> };
  expect(last.series[0]!.data).toHaveLength(500);
  expect(screen.getByRole('tab', { name: '成立以来' })).toHaveAttribute('aria-selected', 'true');
});
