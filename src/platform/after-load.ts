/**
 * Runs `work` once the page's load event has passed, a task later, so what the first screen does not need is
 * fetched after the load event instead of competing with it. Runs nothing outside a browser.
 */
export function afterLoadEvent(work: () => void): void {
  const { document } = globalThis;
  if (!document) return;
  const later = () => void setTimeout(work, 0);
  if (document.readyState === 'complete') later();
  else globalThis.addEventListener('load', later, { once: true });
}

/** Settles as afterLoadEvent runs its work; at once outside a browser, where no load event will come. */
export function loadEventPassed(): Promise<void> {
  return new Promise((resolve) => (globalThis.document ? afterLoadEvent(resolve) : resolve()));
}
