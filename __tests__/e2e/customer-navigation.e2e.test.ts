import type { Page } from 'playwright-core';

import { screenshot, USER_AGENTS, watchErrors } from './support/chromium';
import { finger, pullHeadSaid, recordPullHead } from './support/pull';
import { productSuite } from './support/suite';
import { framesPainted, scrollSettled } from './support/wait';

const { server, browser } = productSuite();

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
      // Paging loads after the load event.
      await page.locator('[data-paging="on"]').waitFor();
      // Page 2 by scrolling to the end (the list pages by 20).
      // Each scroll to the end may ask for page 2: wait for its rows, a few scrolls at most.
      const morePages = () =>
        page.waitForFunction(() => document.querySelectorAll('.live-card-row').length > 20, undefined, {
          timeout: 3_000,
        });
      for (let i = 0; i < 10 && (await rows(page).count()) <= 20; i++) {
        await page.mouse.wheel(0, 4000);
        await morePages().catch(() => undefined);
      }
      const loaded = await rows(page).count();
      expect(loaded).toBeGreaterThan(20);
      const target = rows(page).nth(22).locator('a.live-card');
      await target.scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, -120);
      await framesPainted(page);
      await scrollSettled(page);
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

describe('pull to refresh', () => {
  async function pulledPage() {
    const context = await phone(390);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const calls = { list: 0 };
    page.on('request', (r) => {
      if (/getLivesByCategoryId/.test(r.url())) calls.list += 1;
    });
    await page.goto('/');
    await rows(page).first().waitFor();
    // The drag code binds after the load event, to the markup the server already sent.
    await page.locator('[data-gestures="on"]').waitFor();
    await recordPullHead(page);
    return { context, page, errors, calls, pull: await finger(context, page) };
  }

  it('a finger pulling the list down past the head refreshes it; a short pull does not (390 px)', async () => {
    const { context, page, errors, calls, pull } = await pulledPage();
    const before = calls.list;
    await pull(240);
    // Settled and quiet for 500 ms: a refresh asked for by the short pull would have gone out.
    await page.waitForLoadState('networkidle');
    expect(calls.list).toBe(before);

    await pull(400, '释放立即刷新', () => screenshot(page, 'customer-home-pulled-390'));
    // The head closes and the list is where it was.
    const said = await pullHeadSaid(page);
    expect(calls.list).toBe(before + 1);
    expect(said).toContain('加载中…');
    expect(said).toContain('刷新成功');
    expect(said).not.toContain('刷新失败');
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a refresh that fails says 刷新失败, never 刷新成功, and keeps the list (390 px)', async () => {
    const { context, page, errors, pull } = await pulledPage();
    const shown = await rows(page).count();
    await page.route(/getLivesByCategoryId/, (route) => route.abort('internetdisconnected'));
    await pull(400, '释放立即刷新');
    await page.getByRole('alert').filter({ hasText: '刷新失败' }).waitFor();
    const said = await pullHeadSaid(page);
    expect(said).toContain('刷新失败');
    expect(said).not.toContain('刷新成功');
    expect(await rows(page).count()).toBe(shown);
    await screenshot(page, 'customer-home-refresh-failed-390');
    expect(errors.filter((e) => !/getLivesByCategoryId|ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
    await context.close();
  });
});
