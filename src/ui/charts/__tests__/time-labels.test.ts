import { buildChartModel } from '../chart-model';
import type { ChartPeriod, ChartPoint } from '../periods';
import { layoutChart, placeTimeLabels, textWidth, X_LABEL_GAP } from '../plot-layout';

const DAY = 86_400_000;
const series = (days: number, from = Date.now() - days * DAY): ChartPoint[] =>
  Array.from({ length: days }, (_, i) => [from + i * DAY, 1 + Math.sin(i / 20) / 10]);

/** Each drawn label's [start, end] in px. */
const boxes = (labels: ReturnType<typeof placeTimeLabels>) =>
  labels.map((l) => {
    const w = textWidth(l.label);
    const start = l.anchor === 'start' ? l.x : l.anchor === 'end' ? l.x - w : l.x - w / 2;
    return [start, start + w] as const;
  });

test.each<[ChartPeriod, number]>([
  ['1M', 31],
  ['3M', 92],
  ['6M', 183],
  ['1Y', 366],
  ['ALL', 3 * 366],
  ['ALL', 9 * 366],
])('%s at 320 and 390 px: the time labels never collide and stay inside the box', (period, days) => {
  for (const width of [320 - 32, 320, 390 - 32]) {
    const model = buildChartModel({ name: '单位净值', points: series(days) }, null, 'value', period, 'number');
    const layout = layoutChart(model, width, 200);
    const drawn = boxes(layout.xTicks);
    expect(drawn.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < drawn.length; i++) expect(drawn[i]![0] - drawn[i - 1]![1]).toBeGreaterThanOrEqual(X_LABEL_GAP);
    for (const [a, b] of drawn) {
      expect(a).toBeGreaterThanOrEqual(0);
      expect(b).toBeLessThanOrEqual(width);
    }
  }
});

test('a label that would touch the one before is left out (the edge labels pulled inside are what crowd)', () => {
  const x = (t: number) => t; // px = t
  const ticks = [
    { t: 20, label: '2024-01' },
    { t: 60, label: '2024-04' },
    { t: 120, label: '2024-07' },
    { t: 270, label: '2024-10' },
    { t: 318, label: '2025-01' },
  ];
  const placed = placeTimeLabels(ticks, x, 40, 320);
  // 2024-01 sits at the left edge and would be pulled over 2024-04; 2025-01 likewise over 2024-10: the centred
  // labels stay, the crowding edge ones go.
  expect(placed.map((l) => l.label)).toEqual(['2024-04', '2024-07', '2024-10']);
  expect(placed.every((l) => l.anchor === 'middle')).toBe(true);
  // With room, an edge label pulled inside is kept.
  expect(
    placeTimeLabels(
      [
        { t: 20, label: '2024-01' },
        { t: 200, label: '2024-07' },
      ],
      x,
      40,
      320,
    ),
  ).toHaveLength(2);
});
