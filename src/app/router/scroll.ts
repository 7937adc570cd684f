import { useEffect, useLayoutEffect, useRef } from 'react';

interface Saved {
  url: string;
  y: number;
}

/**
 * Scroll to top on every navigation (docs/rules/routes-and-screens.md#scroll), except when returning to
 * a keep-alive screen at the same address: it gets back the window scroll it had when left.
 *
 * The position is recorded while scrolling, not when leaving: by the time the next screen has
 * committed, the hidden screen no longer has height and the browser has already clamped scrollY.
 */
export function useScrollOnNavigate(cacheKey: string | null, url: string): void {
  const saved = useRef(new Map<string, Saved>());
  const active = useRef<{ key: string | null; url: string }>({ key: null, url: '' });

  useEffect(() => {
    // The browser's own restoration would fight ours on back/forward.
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const record = () => {
      const { key, url: at } = active.current;
      if (key) saved.current.set(key, { url: at, y: window.scrollY });
    };
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, []);

  // Layout effect: move before paint, so the new screen never flashes at the old offset.
  useLayoutEffect(() => {
    active.current = { key: cacheKey, url };
    const back = cacheKey ? saved.current.get(cacheKey) : undefined;
    window.scrollTo(0, back && back.url === url ? back.y : 0);
  }, [cacheKey, url]);
}
