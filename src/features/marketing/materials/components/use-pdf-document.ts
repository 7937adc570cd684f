import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { useEffect, useState } from 'react';

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

/** The opened document of the address, its first page's height-to-width ratio, or why it failed (in Chinese). */
export function usePdfDocument(url: string) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [ratio, setRatio] = useState(595 / 420);

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
      // PDF.js says why in English ("Invalid PDF structure."): the reader is told in Chinese what to do.
      .catch(() => alive && setFailed('文档加载失败，请返回后重新打开'));
    return () => {
      alive = false;
      void opened?.destroy();
    };
  }, [url]);

  return { doc, failed, ratio };
}
