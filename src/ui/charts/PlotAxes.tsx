// The drawing's static parts: the legend of several lines, the value and time axes, the lines themselves.
import { memo } from 'react';

import type { ChartLine } from './model';
import { AXIS_COLOR, FONT, GRID_COLOR, type Layout, linePath, textWidth } from './plot-layout';

export function Legend({ lines, layout }: { lines: ChartLine[]; layout: Layout }) {
  return (
    <g fontSize={FONT} fill="#555">
      {lines.map((l, i) => {
        const x0 = layout.left + lines.slice(0, i).reduce((w, prev) => w + 28 + textWidth(prev.name) + 14, 0);
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
  );
}

export function Axes({ layout, height }: { layout: Layout; width?: number; height: number }) {
  return (
    <g fontSize={FONT} fill={AXIS_COLOR}>
      {layout.yTicks.map((tk) => (
        <g key={tk.v}>
          <line x1={layout.left} x2={layout.right} y1={layout.y(tk.v)} y2={layout.y(tk.v)} stroke={GRID_COLOR} />
          <text x={layout.left - 6} y={layout.y(tk.v) + 4} textAnchor="end">
            {tk.label}
          </text>
        </g>
      ))}
      {layout.xTicks.map((tk) => (
        <text key={tk.t} x={tk.x} y={height - 6} textAnchor={tk.anchor}>
          {tk.label}
        </text>
      ))}
    </g>
  );
}

export const Lines = memo(function Lines({ lines, layout }: { lines: ChartLine[]; layout: Layout }) {
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

export function NoData({ layout }: { layout: Layout }) {
  return (
    <text
      x={(layout.left + layout.right) / 2}
      y={(layout.top + layout.bottom) / 2}
      textAnchor="middle"
      fontSize={13}
      fill={AXIS_COLOR}
    >
      该区间暂无数据
    </text>
  );
}
