import type { Browser, Page } from 'playwright-core';

import { screenshot, USER_AGENTS, watchErrors } from './support/chromium';
import type { RunningServer } from './support/server';
import { productSuite } from './support/suite';

let server: RunningServer;
let browser: Browser;

productSuite((s, b) => {
  server = s;
  browser = b;
});

const rows = (page: Page) => page.locator('.live-card-row');

async function phone(width: number) {
  return browser.newContext({
    baseURL: server.url,
    userAgent: USER_AGENTS.wechat,
    viewport: { width, height: 700 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
}

describe('back returns to where you were', () => {
  for (const width of [390, 320]) {
    it(`back from a live restores the list's scroll and loaded pages; a new navigation starts at the top (${width} px)`, async () => {
      const context = await phone(width);
      const page = await context.newPage();
      const errors = watchErrors(page);
      let listCalls = 0;
      page.on('request', (r) => {
        if (/getLivesByCategoryId/.test(r.url())) listCalls += 1;
      });
      await page.goto('/');
      await rows(page).first().waitFor();
      await page.locator('.adm-pull-to-refresh').waitFor();
      // Page 2 by scrolling to the end (the list pages by 20).
      for (let i = 0; i < 10 && (await rows(page).count()) <= 20; i++) {
        await page.mouse.wheel(0, 4000);
        await page.waitForTimeout(300);
      }
      const loaded = await rows(page).count();
      expect(loaded).toBeGreaterThan(20);
      const target = rows(page).nth(22).locator('a.live-card');
      await target.scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, -120);
      await page.waitForTimeout(300);
      const y = await page.evaluate(() => window.scrollY);
      expect(y).toBeGreaterThan(500);
      const callsBefore = listCalls;
      await target.click();
      await page.waitForURL(/\/(about|LiveEnd)\//);

      await page.goBack();
      await rows(page)
        .nth(loaded - 1)
        .waitFor();
      await page.waitForFunction((want) => Math.abs(window.scrollY - want) < 4, y, { timeout: 5000 });
      expect(await rows(page).count()).toBe(loaded);
      expect(listCalls).toBe(callsBefore);
      await screenshot(page, `customer-back-restored-${width}`);

      // A new navigation (a link to the list) starts at the top with page 1.
      await page.goto('/about/999999');
      await page.getByText('查看直播列表').click();
      await rows(page).first().waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(await page.getByText('链接不完整').count()).toBe(0);
      expect(errors.filter((e) => !/999999|getDetail|getLiveState/.test(e))).toEqual([]);
      await context.close();
    });
  }
});
