import type { Browser, Page } from 'playwright-core';

import { newContext, screenshot, watchErrors } from './support/chromium';
import type { RunningServer } from './support/server';
import { signInThroughWecom } from './support/sms';
import { productSuite } from './support/suite';

/**
 * A week lived on `npm start`'s defaults (simulator on): the 本地时钟 control moves the business clock seven days,
 * the simulator and the card pass catch up day by day, and the adviser's workbench still opens with today's cards
 * (at most the cap) and tab counts equal to their lists (docs/workbench.md "A local clock").
 */
let server: RunningServer;
let browser: Browser;

productSuite((s, b) => {
  server = s;
  browser = b;
});

/** 共 N 条 over the list and the 全部 chip, once both have answered. */
const counts = (page: Page) =>
  page.evaluate(() => [
    Number(/共 (\d+) 条/.exec(document.querySelector('[data-testid="card-total"]')?.textContent ?? '')?.[1]),
    Number(document.querySelector('[data-family="all"] small')?.textContent),
  ]);

it('moves the local clock a week and the workbench reads today’s cards and counts equal to lists', async () => {
  const context = await newContext(browser, 'wecom', { baseURL: server.url });
  const page = await context.newPage();
  const errors = watchErrors(page);
  // The 本地时钟 page, as a person at this machine uses it: +7天.
  await page.goto('/__local/clock');
  const before = await page.locator('strong').first().innerText();
  await page.getByRole('button', { name: '+7天' }).click();
  await page.waitForURL(/\/__local\/clock$/);
  await page.getByText(/已拨快 \+7天：模拟 \d+ 步/).waitFor();
  const after = await page.locator('strong').first().innerText();
  expect(
    Date.parse(after.replace(' ', 'T') + '+08:00') - Date.parse(before.replace(' ', 'T') + '+08:00'),
  ).toBeGreaterThanOrEqual(7 * 86_400_000 - 60_000);
  await screenshot(page, 'local-clock-page');

  // The adviser signs in (a week away ends the old session anyway) and opens 今日.
  await signInThroughWecom(page, '/marketMapIndex?from=menu', 'u1');
  await page.locator('.mk-card').first().waitFor();
  await page.getByRole('tab', { name: '今日' }).click();
  const today = page.getByTestId('today');
  await today.locator('.mk-card').first().waitFor();
  const shown = await today.locator('.mk-card').count();
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThanOrEqual(10);
  const bar = await today.locator('.mk-bar').innerText();
  const [, n] = /今日 (\d+)\/10 条/.exec(bar) ?? [];
  expect(Number(n)).toBe(shown);
  await screenshot(page, 'local-clock-today-390');

  // 机会: the 全部 chip and the list's total agree.
  await page.getByRole('tab', { name: '机会' }).click();
  await page.locator('[data-family="all"]').click();
  await page.locator('[data-testid="card-total"]').waitFor();
  await page.waitForFunction(() => Number(document.querySelector('[data-family="all"] small')?.textContent) > 0);
  const [total, chip] = await counts(page);
  expect(total).toBe(chip);
  expect(errors).toEqual([]);
  await context.close();
}, 240_000);
