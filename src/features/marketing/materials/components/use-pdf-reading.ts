import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

import { offsetOf, type PdfPosition, positionAt } from './pdf-position';

/**
 * The page under the reading line (the bottom of the sticky toolbar), for 第 3/20 页, kept when the page size
 * changes: a zoom (`anchor()` just before it) or a new width (the phone turned, the window resized) scrolls
 * the point last read back under the line.
 */
export function usePdfReading(
  pages: RefObject<HTMLElement | null>,
  bar: RefObject<HTMLElement | null>,
  stride: number,
  count: number,
) {
  const [page, setPage] = useState(1);
  const anchored = useRef<PdfPosition | null>(null);
  /** Where the reader was at the last scroll, in pages (so it survives a change of stride). */
  const last = useRef<PdfPosition | null>(null);
  const offset = useCallback(() => {
    const p = pages.current;
    if (!p) return 0;
    const line = bar.current?.getBoundingClientRect().bottom ?? 0;
    return line - p.getBoundingClientRect().top;
  }, [pages, bar]);
  const read = useCallback(() => positionAt(offset(), stride, count), [offset, stride, count]);

  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const pos = read();
        last.current = pos;
        setPage(pos.page);
      });
    };
    onScroll();
    // Capture: whichever element scrolls (the page or a container), the reading line moves over the pages.
    window.addEventListener('scroll', onScroll, { passive: true, capture: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll, { capture: true });
    };
  }, [read]);

  useLayoutEffect(() => {
    const pos = anchored.current ?? last.current;
    anchored.current = null;
    if (!pos || stride <= 0 || count < 1) return;
    window.scrollBy(0, offsetOf(pos, stride) - offset());
    last.current = pos;
    setPage(pos.page);
  }, [stride, count, offset]);

  /** Call just before a zoom: the exact point now under the line (not the last scroll's). */
  const anchor = useCallback(() => {
    anchored.current ??= read();
  }, [read]);
  return { page, anchor };
}
