import { niceTicks, timeTicks } from '../scale';

// Midnight of a business day (UTC+8), as the series carry it.
const day = (text: string) => Date.parse(`${text}T00:00:00+08:00`);

test('value ticks are round steps covering the data', () => {
  expect(niceTicks(1.013, 1.087, 4)).toEqual([1, 1.02, 1.04, 1.06, 1.08, 1.1]);
  expect(niceTicks(0, 100, 4)).toEqual([0, 25, 50, 75, 100]);
  expect(niceTicks(-3.2, 7.9, 4)).toEqual([-5, 0, 5, 10]);
  expect(niceTicks(21_830_000, 23_120_000, 4)).toEqual([21_500_000, 22_000_000, 22_500_000, 23_000_000, 23_500_000]);
});

test('a flat line still gets an axis around its value', () => {
  const ticks = niceTicks(2, 2, 4);
  expect(ticks[0]).toBeLessThan(2);
  expect(ticks[ticks.length - 1]).toBeGreaterThan(2);
});

test('a month of days is labelled by day, at most as many as asked', () => {
  const ticks = timeTicks(day('2026-10-20'), day('2026-11-20'), 4);
  expect(ticks.length).toBeLessThanOrEqual(4);
  expect(ticks.length).toBeGreaterThanOrEqual(2);
  expect(ticks[0]).toEqual({ t: day('2026-10-20'), label: '10-20' });
  for (const t of ticks) expect(t.label).toMatch(/^\d\d-\d\d$/);
});

test('a year is labelled on first days of months, a decade on years', () => {
  const year = timeTicks(day('2025-11-20'), day('2026-11-20'), 4);
  expect(year.map((t) => t.label)).toEqual(['2026-01', '2026-04', '2026-07', '2026-10']);
  expect(year[0]!.t).toBe(day('2026-01-01'));
  const decade = timeTicks(day('2016-06-01'), day('2026-06-01'), 4);
  expect(decade.map((t) => t.label)).toEqual(['2019', '2022', '2025']);
});

test('one instant gives one tick', () => {
  expect(timeTicks(day('2026-11-20'), day('2026-11-20'), 4)).toEqual([{ t: day('2026-11-20'), label: '11-20' }]);
});
