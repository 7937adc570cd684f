// The drawing's chunk, loaded once by import() with a retry, and the width of the box it draws into.
import { type ComponentType, type RefObject, useEffect, useLayoutEffect, useState } from 'react';

import type { LinePlotProps } from './model';

export type PlotLoad =
  { status: 'loading' } | { status: 'ready'; Plot: ComponentType<LinePlotProps> } | { status: 'failed' };

// Once loaded, every later chart draws on its first render (no placeholder between screens).
let loadedPlot: ComponentType<LinePlotProps> | null = null;

export function usePlot(): { load: PlotLoad; retry: () => void } {
  const [load, setLoad] = useState<PlotLoad>(() =>
    loadedPlot ? { status: 'ready', Plot: loadedPlot } : { status: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (loadedPlot) {
      setLoad({ status: 'ready', Plot: loadedPlot });
      return;
    }
    let cancelled = false;
    setLoad({ status: 'loading' });
    import(/* webpackChunkName: "chart" */ './LinePlot').then(
      (m) => {
        loadedPlot = m.default;
        if (!cancelled) setLoad({ status: 'ready', Plot: m.default });
      },
      () => {
        if (!cancelled) setLoad({ status: 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [attempt]);
  return { load, retry: () => setAttempt((n) => n + 1) };
}

/**
 * The drawing is laid out in pixels (text stays its size at any width): follow the box's width. A hidden
 * box (a kept screen in the background) measures 0 and keeps its last drawing.
 */
export function useBoxWidth(box: RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => {
      const w = Math.round(el.clientWidth);
      if (w > 0) setWidth(w);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [box]);
  return width;
}
