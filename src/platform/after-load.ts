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

/**
 * The next moment the main thread has nothing to do (at most `timeout` ms away), for work that can wait: a lazy
 * chunk's script and start then run between the first screen's own tasks, not as one long task that holds up a tap.
 */
export function whenIdle(timeout = 2000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout });
    else setTimeout(resolve, 50);
  });
}

/** afterLoadEvent, then an idle moment: for what the page needs soon but not for its first screen. */
export function afterLoadWhenIdle(work: () => void): void {
  afterLoadEvent(() => void whenIdle().then(work));
}
