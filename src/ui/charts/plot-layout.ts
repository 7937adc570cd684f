// Where the drawing puts things (pure, exported for tests): label widths, value and time ticks, the line's path.
import { axisLabels } from './format';
import type { ChartModel } from './model';
import type { ChartPoint } from './periods';
import { niceTicks, timeTicks } from './scale';

export const FONT = 11;
export const AXIS_COLOR = '#999';
export const GRID_COLOR = '#eee';

/** Rough width of a label at FONT px: a CJK character is square, digits and Latin about 0.6 em. */
export function textWidth(text: string, font = FONT): number {
  let w = 0;
  for (const ch of text) w += ch.charCodeAt(0) > 0x2e80 ? font : font * 0.62;
  return w;
}

/** Index of the point nearest to time `t` (points sorted by time). */
export function nearestIndex(points: readonly ChartPoint[], t: number): number {
  let lo = 0;
  let hi = points.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (points[mid]![0] <= t) lo = mid;
    else hi = mid;
  }
  return Math.abs(points[hi]![0] - t) < Math.abs(points[lo]![0] - t) ? hi : lo;
}

export interface Layout {
  left: number;
  right: number;
  top: number;
  bottom: number;
  x: (t: number) => number;
  y: (v: number) => number;
  invertX: (px: number) => number;
  yTicks: Array<{ v: number; label: string }>;
  xTicks: XLabel[];
}

/** A time label as drawn: where its text is anchored, and how. */
interface XLabel {
  t: number;
  label: string;
  x: number;
  anchor: 'start' | 'middle' | 'end';
}

/** Space kept between two time labels. */
export const X_LABEL_GAP = 8;

/**
 * The time labels as drawn at this width: centred under their tick, pulled inside at either edge, and none within
 * X_LABEL_GAP of another. Labels centred on their tick go first (evenly spaced, they say most); one pulled in at an
 * edge is kept only where it fits beside them (pure; at 320 px none collide).
 */
export function placeTimeLabels(
  ticks: ReadonlyArray<{ t: number; label: string }>,
  x: (t: number) => number,
  left: number,
  width: number,
): XLabel[] {
  const candidates = ticks.map((tk) => {
    const w = textWidth(tk.label);
    const px = x(tk.t);
    const anchor: XLabel['anchor'] = px - w / 2 < left - 4 ? 'start' : px + w / 2 > width - 2 ? 'end' : 'middle';
    const at = anchor === 'end' ? width - 2 : px;
    const start = anchor === 'start' ? at : anchor === 'end' ? at - w : at - w / 2;
    return { label: { t: tk.t, label: tk.label, x: at, anchor }, start, end: start + w };
  });
  const kept: typeof candidates = [];
  const fits = (c: (typeof candidates)[number]) =>
    c.start >= 0 && kept.every((k) => c.start >= k.end + X_LABEL_GAP || c.end + X_LABEL_GAP <= k.start);
  for (const c of candidates) if (c.label.anchor === 'middle' && fits(c)) kept.push(c);
  for (const c of candidates) if (c.label.anchor !== 'middle' && fits(c)) kept.push(c);
  return kept.sort((a, b) => a.label.t - b.label.t).map((c) => c.label);
}

/** Where everything goes for a box of `width` × `height` (pure, exported for tests). */
export function layoutChart(model: ChartModel, width: number, height: number): Layout {
  const pts = model.lines.flatMap((l) => l.points);
  const values = pts.map((p) => p[1]);
  const times = pts.map((p) => p[0]);
  const t0 = times.length ? Math.min(...times) : 0;
  const t1 = times.length ? Math.max(...times) : 1;
  const top = model.lines.length > 1 ? 24 : 10;
  const bottom = height - 22;
  const ticks = niceTicks(
    values.length ? Math.min(...values) : 0,
    values.length ? Math.max(...values) : 1,
    Math.max(2, Math.floor((bottom - top) / 36)),
  );
  const labels = axisLabels(ticks, model.unit);
  const left = Math.ceil(Math.max(...labels.map((l) => textWidth(l)))) + 8;
  const right = width - 10;
  const v0 = ticks[0]!;
  const v1 = ticks[ticks.length - 1]!;
  const x = (t: number) => (t1 === t0 ? (left + right) / 2 : left + ((t - t0) / (t1 - t0)) * (right - left));
  const y = (v: number) => bottom - ((v - v0) / (v1 - v0 || 1)) * (bottom - top);
  const invertX = (px: number) => t0 + ((Math.min(right, Math.max(left, px)) - left) / (right - left || 1)) * (t1 - t0);
  // A month label (2026-03) is the widest: about 64 px each keeps them apart at 320 px.
  const timeMarks = pts.length ? timeTicks(t0, t1, Math.floor((right - left) / 64) + 1) : [];
  const xTicks = placeTimeLabels(timeMarks, x, left, width);
  return { left, right, top, bottom, x, y, invertX, yTicks: ticks.map((v, i) => ({ v, label: labels[i]! })), xTicks };
}

/**
 * The path of a line. More points than pixels (years of daily NAV at 320 px) are cut to the first, lowest,
 * highest and last point of each pixel column, which draws the same picture.
 */
export function linePath(points: readonly ChartPoint[], x: (t: number) => number, y: (v: number) => number): string {
  const parts: string[] = [];
  let column = Number.NaN;
  let bucket: Array<[number, number]> = [];
  const flush = () => {
    if (!bucket.length) return;
    const lo = bucket.reduce((a, b) => (b[1] > a[1] ? b : a));
    const hi = bucket.reduce((a, b) => (b[1] < a[1] ? b : a));
    const keep = [bucket[0]!, ...[lo, hi].sort((a, b) => a[0] - b[0]), bucket[bucket.length - 1]!];
    for (const [px, py] of keep.filter((p, i) => i === 0 || p !== keep[i - 1]))
      parts.push(`${parts.length ? 'L' : 'M'}${px.toFixed(1)} ${py.toFixed(1)}`);
    bucket = [];
  };
  for (const [t, v] of points) {
    const px = x(t);
    const c = Math.round(px);
    if (c !== column) {
      flush();
      column = c;
    }
    bucket.push([px, y(v)]);
  }
  flush();
  return parts.join('');
}
