import type { Page } from 'playwright-core';

import { installFakeBridge } from './support/bridge';
import { newContext, screenshot, watchErrors } from './support/chromium';
import { signInThroughWecom } from './support/sms';
import { productSuite } from './support/suite';

/**
 * An adviser's working day in WeCom, on a phone 390 px wide and on a small one 320 px wide: 今日's short list, a
 * suitable material sent through 发消息, a clue called through the firm's number with its outcome, the counts
 * following a card put off, and the material library with its reading radar, each one tap from the bottom bar.
 * Two advisers (u1 at 390, u2 at 320), so one's contact budget and snoozes do not shape the other's day.
 */
const { server, browser } = productSuite({ MARKET_SIMULATOR: 'off' });

/** The adviser's bottom bar (理财师导航): 机会 / 线索 / 客户 / 素材 / 我的. */
const bar = (page: Page) => page.getByRole('navigation', { name: '理财师导航' });

/** 共 N 条 over the list and the 全部 chip, once both have answered. */
const counts = (page: Page) =>
  page.evaluate(() => [
    Number(/共 (\d+) 条/.exec(document.querySelector('[data-testid="card-total"]')?.textContent ?? '')?.[1]),
    Number(document.querySelector('[data-family="all"] small')?.textContent),
  ]);

describe.each([
  [390, 'u1'],
  [320, 'u2'],
] as const)('an adviser’s day in WeCom at %i px', (width, user) => {
  it('今日, 发消息 with a suitable material, a clue called and its outcome, counts that follow, 素材 and its radar', async () => {
    const context = await newContext(browser, 'wecom', { baseURL: server.url });
    await installFakeBridge(context);
    const page = await context.newPage();
    await page.setViewportSize({ width, height: 740 });
    const errors = watchErrors(page);
    const shot = (name: string) => screenshot(page, `day-${name}-${width}`);
    await signInThroughWecom(page, '/marketMapIndex?from=menu', user);
    await page.locator('.mk-card').first().waitFor();

    // 今日: at most the daily cap of 10, best first.
    await page.getByRole('tab', { name: '今日' }).click();
    const today = page.getByTestId('today');
    await today.locator('.mk-card').first().waitFor();
    expect(await today.locator('.mk-bar').innerText()).toMatch(/今日 \d+ 条 · 已推送 \d+\/10/);
    expect(await today.locator('.mk-card').count()).toBeLessThanOrEqual(10);
    await shot('today');

    // A customer's card of today: 发消息 opens the chooser; the adviser confirms a suitable material, WeCom sends it.
    const row = today.locator('.mk-card[data-card-id]').first();
    await row.getByRole('button', { name: '发消息' }).click();
    const chooser = page.getByTestId('send-chooser');
    await page.locator('[data-testid="send-chooser"][data-status="ready"]').waitFor();
    await chooser.getByRole('button', { name: '确认发送' }).click();
    await row.getByText(/已送达《.+》/).waitFor({ timeout: 20_000 });
    const calls = await page.evaluate(() => window.__bridge.calls);
    const sent = calls.find((c) => c.name === 'sendChatMessage' || c.name === 'shareToExternalContact');
    expect(JSON.stringify(sent?.args ?? {})).toMatch(/\/readMaterial\?token=[A-Za-z0-9_-]+/);
    await shot('message-sent');
    await row.getByRole('button', { name: '知道了' }).click();

    // The counts follow a card put off until tomorrow: the bar and the 全部 chip, one fewer, together.
    await page.getByRole('tab', { name: '机会' }).click();
    await page.locator('[data-family="all"]').click();
    await page.locator('[data-testid="card-total"]').waitFor();
    await page.waitForFunction(() => Number(document.querySelector('[data-family="all"] small')?.textContent) > 0);
    const [before, chip] = await counts(page);
    expect(before).toBe(chip);
    const first = page.locator('.mk-card[data-card-id]').first();
    const snoozed = await first.getAttribute('data-card-id');
    await first.getByRole('button', { name: '暂缓' }).click();
    await page.getByRole('dialog').getByRole('button', { name: /明天/ }).click();
    await page.locator(`.mk-card[data-card-id="${snoozed}"]`).waitFor({ state: 'detached' });
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="card-total"]')?.textContent?.includes(`共 ${n} 条`),
      before! - 1,
    );
    expect(await counts(page)).toEqual([before! - 1, before! - 1]);
    await shot('after-snooze');

    // 线索 from the bar: the first clue called through the firm's number; the outcome is asked and kept.
    await bar(page).getByRole('link', { name: '线索' }).click();
    const clue = page.locator('.mk-card[data-clue-id]').first();
    await clue.waitFor();
    expect(await bar(page).getByRole('link', { name: '线索' }).getAttribute('aria-current')).toBe('page');
    await clue.getByRole('button', { name: '打电话' }).click();
    const ask = clue.getByRole('group', { name: '通话结果' });
    await ask.waitFor();
    expect(await ask.innerText()).toMatch(/1\d{2}\*{4}\d{4}/);
    await shot('clue-call');
    await ask.getByRole('button', { name: '接通', exact: true }).click();
    await clue.getByText('上次通话：接通').waitFor();
    await shot('clue-outcome');

    // 素材 from the bar, then a material's reading radar.
    await bar(page).getByRole('link', { name: '素材' }).click();
    await page.waitForURL((u) => u.pathname === '/materials');
    await page.locator('.mt-item').first().waitFor();
    await shot('materials');
    await page
      .getByRole('link', { name: /的阅读雷达$/ })
      .first()
      .click();
    await page.waitForURL((u) => u.pathname === '/materialRadar');
    // The material's totals, then who read it (or, for one never sent, the way to start).
    await page.getByRole('region', { name: '阅读概况' }).getByRole('heading', { level: 2 }).waitFor();
    await page.locator('.rd-list li, [aria-label="阅读明细"] .mk-empty').first().waitFor();
    await shot('radar');

    // Nothing wider than the screen on the way.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
