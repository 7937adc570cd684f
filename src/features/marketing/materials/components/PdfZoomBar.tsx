import type { RefObject } from 'react';

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 3;

type Props = {
  barRef: RefObject<HTMLDivElement | null>;
  zoom: number;
  zoomTo(next: number): void;
  /** 第 3/20 页 once the document is open, 共 20 页 before. */
  count: string;
};

/** The PDF's sticky toolbar: zoom out, the zoom, zoom in, and where the reader is. */
export function PdfZoomBar({ barRef, zoom, zoomTo, count }: Props) {
  return (
    <div className="mt-pdf__bar" role="toolbar" aria-label="缩放" ref={barRef}>
      <button
        type="button"
        aria-label="缩小"
        onClick={() => zoomTo(Math.max(MIN_ZOOM, Math.round((zoom - 0.5) * 10) / 10))}
        disabled={zoom <= MIN_ZOOM}
      >
        −
      </button>
      <span>{Math.round(zoom * 100)}%</span>
      <button
        type="button"
        aria-label="放大"
        onClick={() => zoomTo(Math.min(MAX_ZOOM, Math.round((zoom + 0.5) * 10) / 10))}
        disabled={zoom >= MAX_ZOOM}
      >
        ＋
      </button>
      <span className="mt-pdf__count" data-testid="pdf-page" aria-live="polite">
        {count}
      </span>
    </div>
  );
}
