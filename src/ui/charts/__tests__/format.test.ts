import { axisLabels, decimalsFor, formatValue, formatYuan, signedPercent } from '../format';

describe('money in 万 and 亿', () => {
  test('below 10,000 yuan stays in yuan; from 10,000 it is 万', () => {
    expect(formatYuan(9_999)).toBe('9,999');
    expect(formatYuan(9_999.5)).toBe('9,999.5');
    expect(formatYuan(10_000)).toBe('1万');
    expect(formatYuan(10_001)).toBe('1万');
    expect(formatYuan(12_345)).toBe('1.23万');
  });

  test('below 100,000,000 yuan it is 万; from 100,000,000 it is 亿', () => {
    expect(formatYuan(22_800_000)).toBe('2,280万');
    expect(formatYuan(99_990_000)).toBe('9,999万');
    expect(formatYuan(99_999_999)).toBe('1亿'); // 9,999.9999万 rounds to 10,000万, which is 1亿
    expect(formatYuan(100_000_000)).toBe('1亿');
    expect(formatYuan(123_456_789)).toBe('1.23亿');
    expect(formatYuan(1_234_500_000_000)).toBe('12,345亿');
  });

  test('rounding up to 10,000 in yuan reads as 1万', () => {
    expect(formatYuan(9_999.996)).toBe('1万');
  });

  test('losses keep their sign', () => {
    expect(formatYuan(-22_800_000)).toBe('-2,280万');
    expect(formatYuan(-9_999)).toBe('-9,999');
    expect(formatYuan(-0.001)).toBe('0');
  });
});

describe('axis labels', () => {
  test('a yuan axis takes one unit from its largest tick, and decimals from its step', () => {
    expect(axisLabels([0, 2_000, 4_000, 6_000, 8_000], 'yuan')).toEqual(['0', '2,000', '4,000', '6,000', '8,000']);
    expect(axisLabels([0, 5_000, 10_000, 15_000], 'yuan')).toEqual(['0', '0.5万', '1.0万', '1.5万']);
    expect(axisLabels([22_000_000, 22_500_000, 23_000_000], 'yuan')).toEqual(['2,200万', '2,250万', '2,300万']);
    expect(axisLabels([99_000_000, 99_500_000], 'yuan')).toEqual(['9,900万', '9,950万']);
    expect(axisLabels([50_000_000, 100_000_000, 150_000_000], 'yuan')).toEqual(['0.5亿', '1.0亿', '1.5亿']);
  });

  test('percent and rate axes carry %, a NAV axis is a plain number', () => {
    expect(axisLabels([-5, 0, 5, 10], 'percent')).toEqual(['-5%', '0%', '5%', '10%']);
    expect(axisLabels([-2.5, 0, 2.5], 'percent')).toEqual(['-2.5%', '0%', '2.5%']);
    expect(axisLabels([1.8, 2, 2.2], 'rate')).toEqual(['1.8%', '2.0%', '2.2%']);
    expect(axisLabels([1.02, 1.04, 1.06], 'number')).toEqual(['1.02', '1.04', '1.06']);
  });

  test('decimals are the fewest that write each tick exactly', () => {
    expect(decimalsFor([0, 1, 2])).toBe(0);
    expect(decimalsFor([0, 0.5, 1])).toBe(1);
    expect(decimalsFor([0, 0.25, 0.5])).toBe(2);
  });
});

test('readout values', () => {
  expect(formatValue(22_805_000, 'yuan')).toBe('¥2,280.5万');
  expect(formatValue(3.25, 'percent')).toBe('+3.25%');
  expect(formatValue(-1.5, 'percent')).toBe('-1.5%');
  expect(formatValue(2.345, 'rate')).toBe('2.345%');
  expect(formatValue(1.02346, 'number')).toBe('1.0235');
  expect(signedPercent(0)).toBe('0%');
  expect(signedPercent(0.001)).toBe('0%');
});
