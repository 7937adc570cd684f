/** Axis ticks of the line chart (pure): round values for the value axis, calendar days or months for time. */
import { businessMidnightOf, businessParts, DAY_MS as CHART_DAY_MS } from '@/api/contract/dates';

/** Round ticks covering [min, max] in about `target` steps of 1, 2, 2.5 or 5 times a power of ten. */
export function niceTicks(min: number, max: number, target = 4): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
  if (max < min) [min, max] = [max, min];
  if (max === min) {
    // A flat line still gets an axis around it.
    const pad = Math.abs(min) * 0.01 || 1;
    min -= pad;
    max += pad;
  }
  const raw = (max - min) / Math.max(1, target);
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * mag >= raw - 1e-12) ?? 10) * mag;
  const lo = Math.floor(min / step + 1e-9) * step;
  const hi = Math.ceil(max / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let v = lo, i = 0; v <= hi + step / 2 && i < 50; i++, v = lo + i * step) ticks.push(Number(v.toPrecision(12)));
  return ticks;
}

export interface TimeTick {
  t: number;
  label: string;
}

const MONTH_STEPS = [1, 2, 3, 6, 12, 24, 36, 60, 120] as const;
const DAY_STEPS = [1, 2, 3, 7, 14] as const;

/** Business-day fields (UTC+8) of an instant. */
function fields(ms: number) {
  const p = businessParts(ms);
  return { y: p.year, m: p.month - 1, d: p.day };
}

/** Midnight UTC+8 of a business date. */
function midnight(y: number, m: number, d: number): number {
  return businessMidnightOf(y, m + 1, d);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * At most `maxTicks` ticks on calendar boundaries between `from` and `to`: days (MM-DD) for a month or
 * two, first days of months (YYYY-MM) for longer, years (YYYY) for many years.
 */
export function timeTicks(from: number, to: number, maxTicks: number): TimeTick[] {
  const most = Math.max(1, Math.floor(maxTicks));
  const span = to - from;
  if (!(span > 0)) return [{ t: from, label: dayLabel(from) }];
  if (span <= 62 * CHART_DAY_MS) {
    for (const step of DAY_STEPS) {
      if (span / (step * CHART_DAY_MS) + 1 > most + 0.5) continue;
      const start = fields(from);
      const ticks: TimeTick[] = [];
      for (let t = midnight(start.y, start.m, start.d); t <= to; t += step * CHART_DAY_MS)
        if (t >= from) ticks.push({ t, label: dayLabel(t) });
      if (ticks.length <= most) return ticks;
    }
  }
  for (const step of MONTH_STEPS) {
    const a = fields(from);
    const ticks: TimeTick[] = [];
    for (let k = Math.ceil((a.y * 12 + a.m) / step) * step; ; k += step) {
      const t = midnight(Math.floor(k / 12), k % 12, 1);
      if (t > to) break;
      if (t >= from)
        ticks.push({
          t,
          label: step >= 12 ? String(Math.floor(k / 12)) : `${Math.floor(k / 12)}-${pad2((k % 12) + 1)}`,
        });
    }
    if (ticks.length <= most) return ticks;
  }
  return [{ t: from, label: dayLabel(from) }];
}

function dayLabel(ms: number): string {
  const f = fields(ms);
  return `${pad2(f.m + 1)}-${pad2(f.d)}`;
}
