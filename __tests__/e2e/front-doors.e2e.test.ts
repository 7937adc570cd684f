import type { BrowserContext, Page } from 'playwright-core';

import { newContext, shotsAtPhoneWidths } from './support/chromium';
import { openAsWechatCustomer } from './support/sms';
import { productSuite } from './support/suite';

const SHOTS = '/tmp/wl-shots/doors';
/** 我的 with its lists, /record before and after 加入, and the list at 200% zoom. */
const CUSTOMER_SHOTS = '/tmp/wl-shots/customers';

const { server, browser } = productSuite();

async function visitor(path: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, 'wechat', { baseURL: server.url });
  const page = await context.newPage();
  await page.goto(path);
  return { context, page };
}

const wechatCustomer = (user: string, path: string) => openAsWechatCustomer(browser, server.url, user, path);

const bar = (page: Page) => page.getByRole('navigation', { name: '主导航' });

test('a visitor reaches the store, the invitation program and 我的 from the live list', async () => {
  const { context, page } = await visitor('/');
  await bar(page).getByRole('link', { name: '直播' }).waitFor();
  expect(await bar(page).getByRole('link', { name: '直播' }).getAttribute('aria-current')).toBe('page');
  await shotsAtPhoneWidths(page, SHOTS, 'bar-home');

  await bar(page).getByRole('link', { name: '商城' }).click();
  await page.waitForURL((u) => u.pathname === '/shopIndex');
  await page.locator('[data-article]').first().waitFor();
  expect(await bar(page).getByRole('link', { name: '商城' }).getAttribute('aria-current')).toBe('page');
  await shotsAtPhoneWidths(page, SHOTS, 'store-home');

  // An article card on the store home opens the article.
  await page.locator('[data-article]').first().click();
  await page.waitForURL((u) => u.pathname === '/articleDetail');
  await page.getByRole('button', { name: '收起' }).waitFor();
  // No tab bar on an article: its door strip (返回 and the four places) instead, no tab marked current.
  expect(await bar(page).getByRole('link', { name: '返回' }).count()).toBe(1);
  expect(await bar(page).locator('[aria-current]').count()).toBe(0);
  await page.goBack();

  await bar(page).getByRole('link', { name: '邀请' }).click();
  await page.waitForURL((u) => u.pathname === '/record');
  // A visitor is told what the program is and offered 加入; nothing sends them away to sign in on open.
  await page.getByTestId('join-program').waitFor();
  expect(await bar(page).getByRole('link', { name: '邀请' }).getAttribute('aria-current')).toBe('page');

  await bar(page).getByRole('link', { name: '我的' }).click();
  await page.getByRole('heading', { name: '你还未登录' }).waitFor();
  await shotsAtPhoneWidths(page, SHOTS, 'mine-visitor');
  await context.close();
});

test('我的 shows a signed-in customer their lists and signs out', async () => {
  const { context, page } = await wechatCustomer('u4', '/mine');
  await page.getByTestId('mine-account').waitFor();
  // Each list inline, loaded (rows, or the line that says it is empty), none failed.
  for (const name of ['我的预约', '我的提问', '我的关注', '我的邀请'])
    await page.getByRole('heading', { name: new RegExp(name) }).waitFor();
  for (const list of ['bookings', 'questions', 'follows', 'invitations'])
    await page.locator(`[data-list="${list}"][aria-busy="false"]`).waitFor();
  expect(await page.locator('[data-list] [role="alert"]').count()).toBe(0);
  // u4 is a member of the program and has invited friends: their rows are on 我的.
  expect(await page.locator('[data-list="invitations"] li').count()).toBeGreaterThan(0);
  await shotsAtPhoneWidths(page, CUSTOMER_SHOTS, 'mine-lists');
  await page.getByRole('button', { name: '退出登录' }).click();
  await page.getByRole('heading', { name: '你还未登录' }).waitFor();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await context.close();
});

test('/record explains the program and enrols only on 加入', async () => {
  const { context, page } = await wechatCustomer('u9', '/record');
  const joins: string[] = [];
  page.on('request', (r) => void (r.url().includes('/invite/join') ? joins.push(r.url()) : null));
  await page.getByTestId('join-program').waitFor();
  await page.getByRole('button', { name: '加入' }).waitFor();
  expect(await page.locator('[data-testid="invite-link"]').count()).toBe(0);
  await shotsAtPhoneWidths(page, CUSTOMER_SHOTS, 'record-before-join');
  // Opening again still enrols no one.
  await page.reload();
  await page.getByTestId('join-program').waitFor();
  expect(joins).toEqual([]);

  await page.getByRole('button', { name: '加入' }).click();
  await page.locator('[data-testid="invite-link"]').waitFor();
  expect(joins).toHaveLength(1);
  await shotsAtPhoneWidths(page, CUSTOMER_SHOTS, 'record-after-join');
  // A member now: the next open signs in to the program without another 加入.
  await page.reload();
  await page.locator('[data-testid="invite-link"]').waitFor();
  expect(joins).toHaveLength(1);
  await context.close();
});

test('at 200% zoom a live card gives its title the card’s width, not a column of two characters', async () => {
  // 200% zoom of a 390 px phone: 195 CSS px, each drawn twice as large.
  const context = await newContext(browser, 'wechat', { baseURL: server.url, zoomed: { width: 195, height: 422 } });
  const page = await context.newPage();
  await page.goto('/');
  await page.locator('.live-card__title').first().waitFor();
  const titles = await page.$$eval('.live-card__title', (els) =>
    els
      .slice(0, 6)
      .map((el) => ({ width: el.getBoundingClientRect().width, font: parseFloat(getComputedStyle(el).fontSize) })),
  );
  // The card's width less its padding (16 px a side): at least eight characters a line.
  for (const t of titles) {
    expect(t.width).toBeGreaterThanOrEqual(195 - 32 - 1);
    expect(t.width / t.font).toBeGreaterThanOrEqual(8);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
  await page.screenshot({ path: `${CUSTOMER_SHOTS}/zoom-200-home.png` });
  await context.close();
});
