// The drawing of the line chart, its own lazy chunk (reached only by import() from LineChart.tsx): an SVG
// laid out in pixels for the box's width, with round value ticks, calendar time ticks, the benchmark
// dashed, and a readout that follows a finger or the mouse.
import { memo, type PointerEvent, useMemo, useState } from 'react';

import { axisLabels, dayText, formatValue } from './format';
import type { ChartLine, ChartModel, LinePlotProps } from './model';
import type { ChartPoint } from './periods';
import { niceTicks, timeTicks } from './scale';

const FONT = 11;
const AXIS_COLOR = '#999';
const GRID_COLOR = '#eee';

/** Rough width of a label at FONT px: a CJK character is square, digits and Latin about 0.6 em. */
export function textWidth(text: string, font = FONT): number {
  let w = 0;
  for (const ch of text) w += ch.charCodeAt(0) > 0x2e80 ? font : font * 0.6;
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
  xTicks: Array<{ t: number; label: string }>;
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
  const xTicks = pts.length ? timeTicks(t0, t1, Math.floor((right - left) / 64) + 1) : [];
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

const Lines = memo(function Lines({ lines, layout }: { lines: ChartLine[]; layout: Layout }) {
  return (
    <>
      {lines.map((l) =>
        l.points.length === 1 ? (
          <circle key={l.name} cx={layout.x(l.points[0]![0])} cy={layout.y(l.points[0]![1])} r={2.5} fill={l.color} />
        ) : (
          <path
            key={l.name}
            d={linePath(l.points, layout.x, layout.y)}
            fill="none"
            stroke={l.color}
            strokeWidth={l.dashed ? 1.5 : 2}
            strokeDasharray={l.dashed ? '5 4' : undefined}
            strokeLinejoin="round"
          />
        ),
      )}
    </>
  );
});

export default function LinePlot({ model, width, height }: LinePlotProps) {
  const layout = useMemo(() => layoutChart(model, width, height), [model, width, height]);
  const [cursor, setCursor] = useState<number | null>(null);
  const main = model.lines[0];
  const [seen, setSeen] = useState(model);
  // A new period is another set of points: the readout of the old one goes.
  if (seen !== model) {
    setSeen(model);
    setCursor(null);
  }

  const follow = (e: PointerEvent<SVGSVGElement>) => {
    if (!main?.points.length) return;
    const rect = e.currentTarget.getBoundingClientRect();
    setCursor(layout.invertX(e.clientX - rect.left));
  };

  const at = cursor !== null && main?.points.length ? main.points[nearestIndex(main.points, cursor)]! : null;
  const rows = at
    ? model.lines.flatMap((l) => {
        if (!l.points.length) return [];
        const p = l.points[nearestIndex(l.points, at[0])]!;
        return [{ line: l, point: p }];
      })
    : [];
  const cx = at ? layout.x(at[0]) : 0;

  return (
    <div style={{ position: 'absolute', inset: 0 }}>
      <svg
        className="wl-line-chart__plot"
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        aria-hidden
        // A horizontal drag moves the readout; a vertical one still scrolls the page.
        style={{ display: 'block', touchAction: 'pan-y', userSelect: 'none' }}
        onPointerDown={follow}
        onPointerMove={(e) => (e.pointerType === 'mouse' || e.buttons > 0 ? follow(e) : undefined)}
        onPointerLeave={(e) => (e.pointerType === 'mouse' ? setCursor(null) : undefined)}
      >
        {model.lines.length > 1 && (
          <g fontSize={FONT} fill="#555">
            {model.lines.map((l, i) => {
              const x0 =
                layout.left + model.lines.slice(0, i).reduce((w, prev) => w + 28 + textWidth(prev.name) + 14, 0);
              return (
                <g key={l.name}>
                  <line
                    x1={x0}
                    x2={x0 + 22}
                    y1={10}
                    y2={10}
                    stroke={l.color}
                    strokeWidth={l.dashed ? 1.5 : 2}
                    strokeDasharray={l.dashed ? '5 4' : undefined}
                  />
                  <text x={x0 + 28} y={14}>
                    {l.name}
                  </text>
                </g>
              );
            })}
          </g>
        )}
        <g fontSize={FONT} fill={AXIS_COLOR}>
          {layout.yTicks.map((tk) => (
            <g key={tk.v}>
              <line x1={layout.left} x2={layout.right} y1={layout.y(tk.v)} y2={layout.y(tk.v)} stroke={GRID_COLOR} />
              <text x={layout.left - 6} y={layout.y(tk.v) + 4} textAnchor="end">
                {tk.label}
              </text>
            </g>
          ))}
          {layout.xTicks.map((tk) => {
            const half = textWidth(tk.label) / 2;
            const px = layout.x(tk.t);
            const anchor = px - half < layout.left - 4 ? 'start' : px + half > width ? 'end' : 'middle';
            return (
              <text key={tk.t} x={anchor === 'end' ? width - 2 : px} y={height - 6} textAnchor={anchor}>
                {tk.label}
              </text>
            );
          })}
        </g>
        {main?.points.length ? (
          <Lines lines={model.lines} layout={layout} />
        ) : (
          <text
            x={(layout.left + layout.right) / 2}
            y={(layout.top + layout.bottom) / 2}
            textAnchor="middle"
            fontSize={13}
            fill={AXIS_COLOR}
          >
            该区间暂无数据
          </text>
        )}
        {at && (
          <g>
            <line x1={cx} x2={cx} y1={layout.top} y2={layout.bottom} stroke="#bbb" strokeDasharray="3 3" />
            {rows.map((r) => (
              <circle
                key={r.line.name}
                cx={layout.x(r.point[0])}
                cy={layout.y(r.point[1])}
                r={3.5}
                fill="#fff"
                stroke={r.line.color}
                strokeWidth={2}
              />
            ))}
          </g>
        )}
      </svg>
      {at && (
        // On the side away from the finger, inside the plot: never off a 320 px screen.
        <div
          className="wl-line-chart__readout"
          style={{
            position: 'absolute',
            top: layout.top + 2,
            ...(cx > (layout.left + layout.right) / 2
              ? { left: layout.left + 4 }
              : { right: width - layout.right + 4 }),
            maxWidth: layout.right - layout.left - 8,
            padding: '4px 8px',
            background: 'rgba(255,255,255,0.94)',
            border: '1px solid #eee',
            borderRadius: 6,
            boxShadow: '0 1px 4px rgba(0,0,0,0.08)',
            fontSize: 12,
            lineHeight: '18px',
            color: '#333',
            pointerEvents: 'none',
          }}
        >
          <div style={{ color: '#888' }}>{dayText(at[0])}</div>
          {rows.map((r) => (
            // A long product name gives way; the value never does.
            <div key={r.line.name} style={{ display: 'flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}>
              <i style={{ flex: 'none', width: 8, height: 8, borderRadius: 4, background: r.line.color }} />
              <span style={{ flex: '0 1 auto', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {r.line.name}
              </span>
              <b style={{ flex: 'none', fontWeight: 600 }}>{formatValue(r.point[1], model.unit)}</b>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
