import { type TouchEvent, useRef, useState } from 'react';

import { PdfPage } from './PdfPage';
import { MAX_ZOOM, MIN_ZOOM, PdfZoomBar } from './PdfZoomBar';
import { usePdfDocument } from './use-pdf-document';
import { useNearPages, usePdfWidth } from './use-pdf-layout';
import { usePdfReading } from './use-pdf-reading';

export default function PdfViewer({ url, pages }: { url: string; pages: number | null }) {
  const { doc, failed, ratio } = usePdfDocument(url);
  const [zoom, setZoom] = useState(1);
  const box = useRef<HTMLDivElement | null>(null);
  const bar = useRef<HTMLDivElement | null>(null);
  const pagesBox = useRef<HTMLDivElement | null>(null);
  const pinch = useRef<{ dist: number; zoom: number } | null>(null);
  const width = usePdfWidth(box);
  const near = useNearPages(box, doc, width, zoom);
  /** Page height plus its 8 px gap (CSS .mt-pdf__page). */
  const stride = width * zoom * ratio + 8;
  const reading = usePdfReading(pagesBox, bar, width > 0 ? stride : 0, doc?.numPages ?? 0);
  // Every zoom keeps the page being read under the toolbar.
  const zoomTo = (next: number) => {
    if (next === zoom) return;
    reading.anchor();
    setZoom(next);
  };

  const onTouchStart = (e: TouchEvent) => {
    if (e.touches.length === 2) pinch.current = { dist: distance(e), zoom };
  };
  const onTouchMove = (e: TouchEvent) => {
    if (e.touches.length !== 2 || !pinch.current) return;
    const next = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, (pinch.current.zoom * distance(e)) / pinch.current.dist));
    zoomTo(Math.round(next * 10) / 10);
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
      <PdfZoomBar
        barRef={bar}
        zoom={zoom}
        zoomTo={zoomTo}
        count={doc ? `第 ${Math.min(reading.page, total)}/${total} 页` : `共 ${total} 页`}
      />
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
          <div className="mt-pdf__pages" style={{ width: width * zoom }} ref={pagesBox}>
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
