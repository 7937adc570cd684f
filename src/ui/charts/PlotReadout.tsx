// The readout of the point under a finger or the mouse: a dashed cursor with its dots, and a box of values.
import { dayText, formatValue } from './format';
import type { ChartLine, ChartModel } from './model';
import type { ChartPoint } from './periods';
import type { Layout } from './plot-layout';

export interface ReadoutRow {
  line: ChartLine;
  point: ChartPoint;
}

export function CursorMarks({ layout, cx, rows }: { layout: Layout; cx: number; rows: ReadoutRow[] }) {
  return (
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
  );
}

interface ReadoutProps {
  layout: Layout;
  width: number;
  cx: number;
  at: ChartPoint;
  rows: ReadoutRow[];
  unit: ChartModel['unit'];
}

/** On the side away from the finger, inside the plot: never off a 320 px screen. */
export function Readout({ layout, width, cx, at, rows, unit }: ReadoutProps) {
  return (
    <div
      className="wl-line-chart__readout"
      style={{
        position: 'absolute',
        top: layout.top + 2,
        ...(cx > (layout.left + layout.right) / 2 ? { left: layout.left + 4 } : { right: width - layout.right + 4 }),
        maxWidth: layout.right - layout.left - 8,
        padding: '4px 8px',
        background: 'rgba(255,255,255,0.94)',
        border: '1px solid #eee',
        borderRadius: 6,
        boxShadow: '0 1px 4px rgba(0,0,0,0.08)',
        fontSize: 12,
        lineHeight: '18px',
        color: 'var(--app-color-text)',
        pointerEvents: 'none',
      }}
    >
      <div style={{ color: 'var(--app-color-text-weak)' }}>{dayText(at[0])}</div>
      {rows.map((r) => (
        // A long product name gives way; the value never does.
        <div key={r.line.name} style={{ display: 'flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}>
          <i style={{ flex: 'none', width: 8, height: 8, borderRadius: 4, background: r.line.color }} />
          <span style={{ flex: '0 1 auto', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {r.line.name}
          </span>
          <b style={{ flex: 'none', fontWeight: 600 }}>{formatValue(r.point[1], unit)}</b>
        </div>
      ))}
    </div>
  );
}
