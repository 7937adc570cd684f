import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { type RefObject, useEffect, useState } from 'react';

/** The width a page is drawn at: the viewer's width less its padding, at most 720 px, kept as the box resizes. */
export function usePdfWidth(box: RefObject<HTMLDivElement | null>) {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setWidth(Math.min(el.clientWidth - 16, 720));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [box]);
  return width;
}

/** The pages within about one screen above or below: they get a canvas; the rest stay boxes. */
export function useNearPages(
  box: RefObject<HTMLDivElement | null>,
  doc: PDFDocumentProxy | null,
  width: number,
  zoom: number,
) {
  const [near, setNear] = useState<ReadonlySet<number>>(new Set([1, 2]));
  useEffect(() => {
    const el = box.current;
    if (!el || !doc) return;
    const io = new IntersectionObserver(
      (entries) => {
        setNear((prev) => {
          const next = new Set(prev);
          for (const e of entries) {
            const n = Number((e.target as HTMLElement).dataset.page);
            if (e.isIntersecting) next.add(n);
            else next.delete(n);
          }
          return next;
        });
      },
      { rootMargin: '100% 0px' },
    );
    el.querySelectorAll('.mt-pdf__page').forEach((p) => io.observe(p));
    return () => io.disconnect();
  }, [box, doc, width, zoom]);
  return near;
}
