import type { Page } from 'playwright-core';

/**
 * Resolves once the browser has painted `frames` more frames: layout, resize observers and the effects a
 * re-render schedules have run. What a test reads after a viewport change or a scroll is then settled.
 */
export function framesPainted(page: Page, frames = 2): Promise<void> {
  return page.evaluate(
    (n) =>
      new Promise<void>((resolve) => {
        const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
        step(n);
      }),
    frames,
  );
}

/**
 * Polls a condition read outside the page (a server's records, a request count) until it holds, and returns its
 * value; fails naming what never came. The one place tests wait on something the browser cannot observe.
 */
export async function waitUntil<T>(
  what: string,
  check: () => Promise<T | false | null | undefined> | T | false | null | undefined,
  { timeoutMs = 15_000, everyMs = 100 } = {},
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Scroll position stops changing (smooth scrolling and scroll anchoring done) for two frames in a row. */
export function scrollSettled(page: Page): Promise<unknown> {
  return page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const y = window.scrollY;
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY === y)));
      }),
  );
}
