/** Pure helpers over [day, value] series, shared by the server (since launch) and the product screens (per period). */
import { businessMidnight } from '@/api/contract/dates';

export type DayPoint = readonly [string, number];

export interface DrawdownResult {
  /** The largest fall from a running peak, in percent (0 when the series never fell). */
  pct: number;
  peak_day: string | null;
  trough_day: string | null;
}

/** Maximum drawdown of a NAV series: the deepest fall from any earlier peak. */
export function maxDrawdown(points: readonly DayPoint[]): DrawdownResult {
  let best: DrawdownResult = { pct: 0, peak_day: null, trough_day: null };
  let peak: DayPoint | undefined;
  for (const p of points) {
    if (!peak || p[1] > peak[1]) peak = p;
    const fall = peak[1] > 0 ? ((peak[1] - p[1]) / peak[1]) * 100 : 0;
    if (fall > best.pct) best = { pct: Math.round(fall * 100) / 100, peak_day: peak[0], trough_day: p[0] };
  }
  return best;
}

/** Change from the first to the last point in percent (a NAV), or in points (a yield). */
export function periodChange(points: readonly DayPoint[], kind: 'nav' | 'yield'): number | null {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return null;
  if (kind === 'yield') return Math.round((last[1] - first[1]) * 1000) / 1000;
  return first[1] ? Math.round(((last[1] - first[1]) / first[1]) * 10_000) / 100 : null;
}

/** A day text (YYYY-MM-DD, business time) as the epoch ms of that day's midnight UTC+8. */
export function dayMs(day: string): number {
  return businessMidnight(day);
}
