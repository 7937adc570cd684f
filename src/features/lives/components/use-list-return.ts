import { useEffect, useLayoutEffect, useRef } from 'react';
import { useNavigationType } from 'react-router-dom';

/** Where the list was left: its address and window scroll (one list, so one record). */
let left: { search: string; y: number } | null = null;

/**
 * Back returns to where you were: on a back/forward (POP) to the same list
 * address, the caller keeps the pages it has and this restores the scroll position; a new
 * navigation (PUSH/REPLACE) starts at the top (docs/rules/routes-and-screens.md#scroll). Returns whether this visit is a return.
 */
export function useListReturn(search: string, ready: boolean): boolean {
  const navigationType = useNavigationType();
  const returning = useRef(navigationType === 'POP' && left !== null && left.search === search).current;
  const lastY = useRef(0);

  useEffect(() => {
    const record = () => {
      lastY.current = window.scrollY;
    };
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, []);

  // Layout cleanup runs while the list is still in the page: the position before the next screen resets it.
  useLayoutEffect(
    () => () => {
      left = { search, y: lastY.current };
    },
    [search],
  );

  const restored = useRef(false);
  useEffect(() => {
    if (!returning || !ready || restored.current || !left) return;
    restored.current = true;
    const y = left.y;
    lastY.current = y;
    // After the router's own scroll-to-top of this navigation (a parent layout effect).
    const frame = requestAnimationFrame(() => window.scrollTo(0, y));
    return () => cancelAnimationFrame(frame);
  }, [returning, ready]);

  return returning;
}
