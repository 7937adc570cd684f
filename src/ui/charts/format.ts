/**
 * How chart numbers read (pure; the chart's shell, its drawing chunk and tests share it).
 * Money reads in 万 and 亿 as a Chinese reader counts it: 2,280万, not 22,800,000.
 */
import { businessDate } from '@/api/contract/dates';

/** What the values of a chart are, which decides how its axis, readout and summary read. */
export type ChartUnit =
  /** Yuan: 万 from 10,000, 亿 from 100,000,000. */
  | 'yuan'
  /** A plain number such as a NAV (1.0235). */
  | 'number'
  /** Values that are already percent (a seven-day yield of 2.35). */
  | 'rate'
  /** Cumulative change from the period's first point, in percent: signed in the readout. */
  | 'percent';

const UNITS = [
  { div: 100_000_000, suffix: '亿' },
  { div: 10_000, suffix: '万' },
  { div: 1, suffix: '' },
] as const;

function group(intText: string): string {
  return intText.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `n` with `decimals` places, thousands grouped, trailing zeros dropped unless `keepZeros`: 2280.50 → "2,280.5". */
function plain(n: number, decimals: number, keepZeros = false): string {
  const fixed = Math.abs(n).toFixed(decimals);
  const [int = '0', frac = ''] = fixed.split('.');
  const f = keepZeros ? frac : frac.replace(/0+$/, '');
  const body = f ? `${group(int)}.${f}` : group(int);
  return n < 0 && Number(fixed) !== 0 ? `-${body}` : body;
}

/** The largest unit whose divisor the value reaches. */
function unitOf(abs: number): (typeof UNITS)[number] {
  return UNITS.find((u) => abs >= u.div) ?? UNITS[UNITS.length - 1]!;
}

/** One amount of yuan, at most `decimals` places in its unit: 22,800,000 → "2,280万", 9,999 → "9,999". */
export function formatYuan(yuan: number, decimals = 2): string {
  let unit = unitOf(Math.abs(yuan));
  // 99,999,999 rounds to 10,000万 in 万: that is 1亿.
  const i = UNITS.indexOf(unit);
  if (i > 0 && Math.abs(Number((yuan / unit.div).toFixed(decimals))) >= 10_000) unit = UNITS[i - 1]!;
  return `${plain(yuan / unit.div, decimals)}${unit.suffix}`;
}

/** Fewest decimals (up to 4) that write every value exactly: [0, 0.5, 1] → 1; [1.02, 1.04] → 2. */
export function decimalsFor(values: readonly number[]): number {
  for (let d = 0; d < 4; d++) {
    const k = 10 ** d;
    if (values.every((v) => Math.abs(Math.round(v * k) - v * k) < 1e-6)) return d;
  }
  return 4;
}

/**
 * The labels of a value axis's ticks. One unit for the whole axis, chosen by its largest tick, and one
 * number of decimals, chosen by the step, so the labels line up: [0, 5000, 10000, 15000] yuan →
 * 0, 0.5万, 1.0万, 1.5万. Zero reads 0 whatever the unit.
 */
export function axisLabels(ticks: readonly number[], unit: ChartUnit): string[] {
  if (unit === 'yuan') {
    const u = unitOf(Math.max(0, ...ticks.map(Math.abs)));
    const scaled = ticks.map((t) => t / u.div);
    const d = decimalsFor(scaled);
    return scaled.map((v) => (v === 0 ? '0' : `${plain(v, d, true)}${u.suffix}`));
  }
  const d = decimalsFor(ticks);
  return ticks.map((t) => (unit === 'number' ? plain(t, d, true) : t === 0 ? '0%' : `${plain(t, d, true)}%`));
}

/** One value as the readout and the summary state it. */
export function formatValue(v: number, unit: ChartUnit): string {
  switch (unit) {
    case 'yuan':
      return `¥${formatYuan(v)}`;
    case 'percent':
      return signedPercent(v);
    case 'rate':
      return `${plain(v, 3)}%`;
    default:
      return plain(v, 4);
  }
}

/** +3.25% / -1.5% / 0%. */
export function signedPercent(p: number): string {
  const text = plain(p, 2);
  return p > 0 && text !== '0' ? `+${text}%` : `${text}%`;
}

/** A point's day in business time (UTC+8): "2026-03-12". */
export function dayText(ms: number): string {
  return businessDate(ms);
}
