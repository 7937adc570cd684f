import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { useEffect, useRef } from 'react';

type Props = { doc: PDFDocumentProxy; n: number; width: number; ratio: number; near: boolean; zoom: number };

/** One page of the PDF: a box of its size, with a canvas drawn only while the page is near the viewport. */
export function PdfPage({ doc, n, width, ratio, near, zoom }: Props) {
  const canvas = useRef<HTMLCanvasElement | null>(null);
  useEffect(() => {
    if (!near || !canvas.current) return;
    let task: { cancel(): void; promise: Promise<void> } | null = null;
    let alive = true;
    let held: { cleanup(): boolean } | null = null;
    const el = canvas.current;
    void doc.getPage(n).then((page) => {
      if (!alive) return;
      held = page;
      const base = page.getViewport({ scale: 1 });
      const scale = ((width * zoom) / base.width) * Math.min(2, window.devicePixelRatio || 1);
      const viewport = page.getViewport({ scale });
      el.width = Math.floor(viewport.width);
      el.height = Math.floor(viewport.height);
      task = page.render({ canvas: el, viewport });
      task.promise.catch(() => undefined);
    });
    return () => {
      alive = false;
      task?.cancel();
      // The page's fonts and operator lists go too, not only its bitmap.
      held?.cleanup();
      // Give the bitmap back at once: a released canvas keeps its memory until it is resized.
      el.width = 0;
      el.height = 0;
    };
  }, [doc, n, width, near, zoom]);
  return (
    <div className="mt-pdf__page" data-page={n} style={{ width: width * zoom, height: width * zoom * ratio }}>
      {near ? <canvas ref={canvas} aria-label={`第 ${n} 页`} /> : <span className="mt-pdf__num">{n}</span>}
    </div>
  );
}
