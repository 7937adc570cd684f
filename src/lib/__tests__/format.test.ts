import { formatCount, formatMonthDayTime, parseIsoDate } from '../format';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [1234567, '1,234,567'],
    [-1234, '-1,234'],
    [12.9, '12'],
    [Number.NaN, '0'],
  ])('%p → %p', (n, text) => expect(formatCount(n)).toBe(text));
});

describe('formatMonthDayTime', () => {
  it('shows Beijing time whatever the device zone', () => {
    expect(formatMonthDayTime(Date.UTC(2026, 10, 22, 11, 30) / 1000)).toBe('11-22 19:30');
    expect(formatMonthDayTime(Date.UTC(2026, 11, 31, 16, 5) / 1000)).toBe('01-01 00:05');
  });
});

describe('parseIsoDate', () => {
  it('accepts real dates only', () => {
    expect(parseIsoDate('2026-11-22')).toBe('2026-11-22');
    expect(parseIsoDate('2024-02-29')).toBe('2024-02-29');
    expect(parseIsoDate('2026-02-30')).toBeNull();
    expect(parseIsoDate('2026-1-2')).toBeNull();
    expect(parseIsoDate('')).toBeNull();
    expect(parseIsoDate(null)).toBeNull();
  });
});
