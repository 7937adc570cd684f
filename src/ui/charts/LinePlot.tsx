// The drawing of the line chart, its own lazy chunk (reached only by import() from LineChart.tsx): an SVG
// laid out in pixels for the box's width, with round value ticks, calendar time ticks, the benchmark
// dashed, and a readout that follows a finger or the mouse.
import { type PointerEvent, useMemo, useState } from 'react';

import type { LinePlotProps } from './model';
import { layoutChart, nearestIndex } from './plot-layout';
import { Axes, Legend, Lines, NoData } from './PlotAxes';
import { CursorMarks, Readout } from './PlotReadout';

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
    ? model.lines.flatMap((l) =>
        l.points.length ? [{ line: l, point: l.points[nearestIndex(l.points, at[0])]! }] : [],
      )
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
        {model.lines.length > 1 && <Legend lines={model.lines} layout={layout} />}
        <Axes layout={layout} width={width} height={height} />
        {main?.points.length ? <Lines lines={model.lines} layout={layout} /> : <NoData layout={layout} />}
        {at && <CursorMarks layout={layout} cx={cx} rows={rows} />}
      </svg>
      {at && <Readout layout={layout} width={width} cx={cx} at={at} rows={rows} unit={model.unit} />}
    </div>
  );
}
