import type { BrowserContext, Page } from 'playwright-core';

/**
 * A finger on the phone's screen (Chrome's touch input), pulling the page down from y = 200 to `to`. With `look`
 * it waits for that text in the head before letting go, as a person reads 释放立即刷新 before releasing.
 */
export async function finger(context: BrowserContext, page: Page, x = 195) {
  const cdp = await context.newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  return async function pull(to: number, look?: string, onLook?: () => Promise<unknown>) {
    await touch('touchStart', 200);
    for (let y = 200; y <= to; y += 20) await touch('touchMove', y);
    if (look) await page.getByText(look).waitFor();
    if (onLook) await onLook();
    await touch('touchEnd', to);
  };
}

/**
 * Records every text the refresh head shows, in the page, as it changes: 刷新成功 and 刷新失败 stand for 500 ms,
 * and a test polling from outside on a busy machine can miss them. The drag code binds after the load event:
 * call this once `[data-gestures="on"]` is there.
 */
export function recordPullHead(page: Page) {
  return page.evaluate(() => {
    const head = document.querySelector('.adm-pull-to-refresh-head')!;
    const w = window as unknown as { pullHeadTexts: string[] };
    w.pullHeadTexts = [];
    new MutationObserver(() => w.pullHeadTexts.push(head.textContent ?? '')).observe(head, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
}

/** Waits until the head has closed again, then answers what it said meanwhile (since recordPullHead). */
export async function pullHeadSaid(page: Page): Promise<string[]> {
  await page.waitForFunction(() => {
    const head = document.querySelector('.adm-pull-to-refresh-head') as HTMLElement;
    return head.getBoundingClientRect().height === 0;
  });
  return page.evaluate(() => (window as unknown as { pullHeadTexts: string[] }).pullHeadTexts);
}
