import type { Page } from 'playwright-core';

import { screenshot, USER_AGENTS, watchCspViolations } from './support/chromium';
import { productSuite } from './support/suite';
import { framesPainted } from './support/wait';

const { server, browser } = productSuite();

/** Screenshots of every live screen at 390 and 320 px, and no page errors. */
describe('every live screen at phone widths', () => {
  for (const [kind, width] of [
    ['wechat', 390],
    ['wechat', 320],
    ['wecom', 390],
  ] as const) {
    it(`${kind} ${width} px`, async () => {
      const ctx = await browser.newContext({
        baseURL: server.url,
        userAgent: USER_AGENTS[kind],
        viewport: { width, height: 760 },
        deviceScaleFactor: 1,
        isMobile: true,
        hasTouch: true,
        locale: 'zh-CN',
        timezoneId: 'Asia/Shanghai',
      });
      const page: Page = await ctx.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (e) => pageErrors.push(e.message));
      // Every screen runs under the server's Content-Security-Policy.
      const cspViolations = watchCspViolations(page);
      await page.goto('/');
      await page.locator('[data-status]').first().waitFor();
      const idOf = async (status: string) =>
        (await page.locator(`[data-status="${status}"]`).first().getAttribute('data-testid'))!.replace('live-', '');
      const live = await idOf('live');
      const ended = await idOf('ended');
      const upcoming = await page
        .locator('[data-status="unsubscribed"], [data-status="subscribed"]')
        .first()
        .getAttribute('data-testid')
        .then((t) => t!.replace('live-', ''));
      await screenshot(page, `screens-${kind}-${width}-home`);
      const screens = [
        `/about/${upcoming}`,
        `/liveDetail/${live}`,
        `/playBack/${ended}`,
        `/LiveEnd/${ended}`,
        `/LeaveMessagePage?liveid=${ended}`,
        `/summaryView?liveid=${ended}`,
        '/hedgeFund',
        '/login',
        '/about/abc',
        '/nowhere',
      ];
      for (const path of screens) {
        await page.goto(path);
        await page.waitForLoadState('networkidle').catch(() => undefined);
        await framesPainted(page);
        await screenshot(page, `screens-${kind}-${width}${path.replace(/[/?=]/g, '_')}`);
        // Nothing wider than the screen (no sideways scroll at 320 px).
        expect({
          path,
          overflow: await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        }).toEqual({ path, overflow: 0 });
      }
      expect(pageErrors).toEqual([]);
      expect(cspViolations).toEqual([]);
      await ctx.close();
    });
  }
});
