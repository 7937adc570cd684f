import { useEffect, useMemo, useRef, useState } from 'react';

import type { TimelineIndex } from './timeline-index';

/** Lines of the timeline drawn around the current step: at 20,000 steps all of them made every seek slow. */
const WINDOW = 150;

interface ReplayTimelineProps {
  index: TimelineIndex;
  step: number;
  setStep: (n: number) => void;
  total: number;
}

/** The timeline, filtered by action type or text, errors marked, step numbers as wide as the longest. */
export function ReplayTimeline({ index, step, setStep, total }: ReplayTimelineProps) {
  const [filter, setFilter] = useState('');
  const errors = useMemo(() => new Set(index.errorSteps), [index]);
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const steps: number[] = [];
    index.labels.forEach((label, i) => {
      if (!needle || label.toLowerCase().includes(needle)) steps.push(i + 1);
    });
    return steps;
  }, [index, filter]);
  // The window starts a little before the current step (or the first shown line after it).
  const at = shown.findIndex((s) => s >= step);
  const from = Math.max(0, (at === -1 ? shown.length : at) - Math.floor(WINDOW / 3));
  const lines = shown.slice(from, from + WINDOW);
  const width = `${String(total).length + 1}ch`;
  const list = useRef<HTMLUListElement>(null);
  // A chosen step (a link's `&step=firstError`, next error, a click) is brought into the list's view; only the list
  // scrolls, never the page, so the screen and the evidence above stay where the developer is reading.
  useEffect(() => {
    const box = list.current;
    const line = box?.querySelector<HTMLElement>('.is-current');
    if (!box || !line) return;
    const outer = box.getBoundingClientRect();
    const inner = line.getBoundingClientRect();
    if (inner.top < outer.top) box.scrollTop -= outer.top - inner.top;
    else if (inner.bottom > outer.bottom) box.scrollTop += inner.bottom - outer.bottom;
  }, [step, filter]);
  return (
    <>
      <h2>时间线</h2>
      <input
        className="replay__filter"
        type="search"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        placeholder="按动作类型或文字筛选"
        aria-label="筛选时间线"
      />
      <p className="replay__hint">
        {filter ? `符合的 ${shown.length} 步` : `共 ${total} 步`}
        {shown.length > lines.length ? `，显示第 ${lines[0] ?? 0}–${lines[lines.length - 1] ?? 0} 步附近` : ''}
      </p>
      <ul ref={list} className="replay__timeline" style={{ ['--step-width' as string]: width }}>
        {lines.map((s) => (
          <li
            key={s}
            className={[s === step ? 'is-current' : '', errors.has(s) ? 'is-error' : ''].join(' ').trim() || undefined}
          >
            <button onClick={() => setStep(s)}>
              <span className="replay__n">{s}</span>
              {errors.has(s) && <span aria-label="错误">⚠</span>} {index.labels[s - 1]}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
