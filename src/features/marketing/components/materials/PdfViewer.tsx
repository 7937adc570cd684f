import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { type TouchEvent, useEffect, useRef, useState } from 'react';

/**
 * PDF.js, lazily in its own chunk; the legacy build because WeChat's webviews on iOS before 17.4 and
 * older Android X5 lack built-ins the modern build uses (Promise.withResolvers and newer). The worker is
 * a separate same-origin file. Every page has a placeholder box of its size (nothing shifts); a page gets
 * a canvas only while near the viewport and gives it back when far, so a 100-page file keeps a handful.
 */
async function openPdf(url: string): Promise<PDFDocumentProxy> {
  const lib = await import(/* webpackChunkName: "pdfjs" */ 'pdfjs-dist/legacy/build/pdf.mjs');
  lib.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/legacy/build/pdf.worker.min.mjs', import.meta.url).toString();
  return lib.getDocument({ url, rangeChunkSize: 65_536, disableAutoFetch: true, disableStream: true }).promise;
}

const MIN_ZOOM = 1;
const MAX_ZOOM = 3;

function PdfPage({
  doc,
  n,
  width,
  ratio,
  near,
  zoom,
}: {
  doc: PDFDocumentProxy;
  n: number;
  width: number;
  ratio: number;
  near: boolean;
  zoom: number;
}) {
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

export default function PdfViewer({ url, pages }: { url: string; pages: number | null }) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [ratio, setRatio] = useState(595 / 420);
  const [near, setNear] = useState<ReadonlySet<number>>(new Set([1, 2]));
  const [zoom, setZoom] = useState(1);
  const [width, setWidth] = useState(0);
  const box = useRef<HTMLDivElement | null>(null);
  const pinch = useRef<{ dist: number; zoom: number } | null>(null);

  useEffect(() => {
    let alive = true;
    let opened: PDFDocumentProxy | null = null;
    setDoc(null);
    setFailed(null);
    openPdf(url)
      .then(async (d) => {
        opened = d;
        const first = (await d.getPage(1)).getViewport({ scale: 1 });
        if (!alive) return;
        setRatio(first.height / first.width);
        setDoc(d);
      })
      .catch((e: unknown) => alive && setFailed(e instanceof Error ? e.message : '文档加载失败'));
    return () => {
      alive = false;
      void opened?.destroy();
    };
  }, [url]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setWidth(Math.min(el.clientWidth - 16, 720));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    const el = box.current;
    if (!el || !doc) return;
    // Pages within about one screen above or below get a canvas; the rest stay boxes.
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
  }, [doc, width, zoom]);

  const onTouchStart = (e: TouchEvent) => {
    if (e.touches.length === 2) pinch.current = { dist: distance(e), zoom };
  };
  const onTouchMove = (e: TouchEvent) => {
    if (e.touches.length !== 2 || !pinch.current) return;
    const next = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, (pinch.current.zoom * distance(e)) / pinch.current.dist));
    setZoom(Math.round(next * 10) / 10);
  };

  const total = doc?.numPages ?? pages ?? 0;
  return (
    <div
      className="mt-pdf"
      ref={box}
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={() => (pinch.current = null)}
    >
      <div className="mt-pdf__bar" role="toolbar" aria-label="缩放">
        <button
          type="button"
          onClick={() => setZoom((z) => Math.max(MIN_ZOOM, Math.round((z - 0.5) * 10) / 10))}
          disabled={zoom <= MIN_ZOOM}
        >
          −
        </button>
        <span>{Math.round(zoom * 100)}%</span>
        <button
          type="button"
          onClick={() => setZoom((z) => Math.min(MAX_ZOOM, Math.round((z + 0.5) * 10) / 10))}
          disabled={zoom >= MAX_ZOOM}
        >
          ＋
        </button>
        <span className="mt-pdf__count">共 {total} 页</span>
      </div>
      {failed && (
        <p className="mt-error" role="alert">
          {failed}
        </p>
      )}
      {!failed && !doc && (
        <div className="mt-pdf__page mt-pdf__loading" style={{ width: width || 300, height: (width || 300) * ratio }}>
          正在打开文档…
        </div>
      )}
      {doc && width > 0 && (
        // Sideways scroll only for the pages (zoomed in), so the toolbar above stays on screen.
        <div className="mt-pdf__scroll">
          <div className="mt-pdf__pages" style={{ width: width * zoom }}>
            {Array.from({ length: doc.numPages }, (_, i) => (
              <PdfPage key={i + 1} doc={doc} n={i + 1} width={width} ratio={ratio} near={near.has(i + 1)} zoom={zoom} />
            ))}
          </div>
        </div>
      )}
    </div>
  );
}

function distance(e: TouchEvent): number {
  const [a, b] = [e.touches[0]!, e.touches[1]!];
  return Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY) || 1;
}
