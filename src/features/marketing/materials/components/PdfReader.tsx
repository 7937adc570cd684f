import { lazy, Suspense } from 'react';

const PdfViewer = lazy(() => import(/* webpackChunkName: "pdf-viewer" */ './PdfViewer'));

/** PDF.js and its viewer in their own lazy chunk: a screen that can show a PDF loads it only when it does. */
export function PdfReader({ url, pages, waiting }: { url: string; pages: number | null; waiting: string }) {
  return (
    <Suspense fallback={<p className="mk-foot">{waiting}</p>}>
      <PdfViewer url={url} pages={pages} />
    </Suspense>
  );
}
