import { startTransition, useLayoutEffect, useRef, useState } from 'react';

/** A shown level-one heading other than the fallback, among the screen's own elements (the marker's siblings). */
function screenHasHeading(marker: HTMLElement): boolean {
  const scope = marker.parentElement;
  if (!scope) return false;
  // A kept-alive screen that is not on show is hidden by React with display: none on its elements.
  return [...scope.querySelectorAll('h1')].some(
    (h) => !h.hasAttribute('data-route-heading') && !h.closest('[hidden], [style*="display: none"]'),
  );
}

/**
 * Every page names itself with one h1 (WCAG 2.4.6, 1.3.1): a screen that renders its own keeps it; any other gets
 * the route table's title as a visually hidden h1, so a screen reader's heading list starts with the page's name.
 * Screens load lazily and fill in after their data arrives, so the check follows the DOM rather than the render.
 */
export function PageHeading({ title }: { title: string }) {
  const marker = useRef<HTMLSpanElement>(null);
  const [needed, setNeeded] = useState(false);
  useLayoutEffect(() => {
    const el = marker.current;
    const scope = el?.parentElement;
    if (!el || !scope) return;
    // In a transition: a state update in a layout effect is otherwise synchronous, and after a hydration it made
    // React run every passive effect of the page (the screens' first dispatches and their sagas) in the commit's
    // own task, one long task on a slow phone. The heading is visually hidden; it can come a moment later.
    const check = () => {
      const needs = !screenHasHeading(el);
      startTransition(() => setNeeded(needs));
    };
    check();
    const observer = new MutationObserver(check);
    observer.observe(scope, { childList: true, subtree: true, attributeFilter: ['style', 'hidden'] });
    return () => observer.disconnect();
  }, []);
  return (
    <>
      <span ref={marker} hidden />
      {needed && (
        <h1 className="visually-hidden" data-route-heading="">
          {title}
        </h1>
      )}
    </>
  );
}
