import { type CSSProperties, useEffect, useState } from 'react';

// Plain markup and inline styles: this ships in the entry chunk, so no UI-kit import here.
const box: CSSProperties = {
  minHeight: '60vh',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: 'var(--app-color-text-weak)',
  fontSize: 14,
};

/** Suspense fallback while a screen's chunk loads; shown only after a short delay to avoid a flash on fast loads. */
export function PageFallback({ delayMs = 200 }: { delayMs?: number }) {
  const [visible, setVisible] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return undefined;
    const timer = window.setTimeout(() => setVisible(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);
  return (
    <div role="status" aria-live="polite" aria-busy="true" data-route-loading="" style={box}>
      {visible ? '加载中…' : null}
    </div>
  );
}
