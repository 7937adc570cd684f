import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

import { watchErrors } from './support/chromium';
import { openWorkbench } from './support/sms';
import { productSuite } from './support/suite';
import { framesPainted, scrollSettled } from './support/wait';

/**
 * The customer card and the card detail screens against the real local
 * backend: adviser u1 in WeCom taps a card, reads its evidence, why and action, opens the
 * customer card (chart, holdings, transactions paged, timeline with reads), and comes back to a
 * kept-alive money-flow detail at the same scroll. Screenshots at 390 and 320 px in /tmp.
 */
const { server, browser } = productSuite({ MARKET_SIMULATOR: 'off' });

const SHOTS = '/tmp/wb-customer-shots';
async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

const adviserPage = () => openWorkbench(browser, server.url);

/** The first card on screen in a family (and, optionally, whose reasons say `text`); null if `optional` and none. */
async function cardIn(page: Page, family: string, text?: string): Promise<number>;
async function cardIn(page: Page, family: string, text: string, optional: true): Promise<number | null>;
async function cardIn(page: Page, family: string, text?: string, optional = false): Promise<number | null> {
  await page.click(`[data-family="${family}"]`);
  const rows = page.locator(family === 'all' ? '.mk-card' : `.mk-card[data-group="${family}"]`);
  await rows.first().waitFor();
  const row = text ? rows.filter({ hasText: text }).first() : rows.first();
  // Best first: a card with that reason may sit further down the (virtualized) list, so scroll as a person would.
  for (let n = 0; n < 40 && (await row.count()) === 0; n++) {
    await page.mouse.wheel(0, 700);
    await framesPainted(page, 3);
  }
  if (optional && (await row.count()) === 0) return null;
  await row.scrollIntoViewIfNeeded();
  return Number(await row.getAttribute('data-card-id'));
}

/** In-app navigation (a full load without a WeCom code would go through authorization again). */
async function spaGo(page: Page, url: string): Promise<void> {
  await page.evaluate((u) => {
    window.history.pushState({}, '', u);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('customer card and card details in WeCom', () => {
  it('a tapped behaviour card shows evidence, why and action; its customer card shows chart, holdings, paged transactions and the read with seconds and depth', async () => {
    const { context, page } = await adviserPage();
    const errors = watchErrors(page);
    // The seed lays its cards out back from the instant the server starts, so the hour of the day moves which of a
    // customer's reasons is a card's newest, and with it the card's family: the read may head a behaviour card, or
    // sit under another family's card. Tapped from 行为洞察 when it heads one there, else opened as its insight.
    let cardId = await cardIn(page, 'behaviour_insight', '阅读《', true);
    if (cardId !== null) await page.locator(`.mk-card[data-card-id="${cardId}"] .mk-reasons`).click();
    else {
      cardId = await cardIn(page, 'all', '阅读《');
      await spaGo(page, `/PerspectiveDetail?card_id=${cardId}`);
    }
    await page.waitForURL(new RegExp(`/PerspectiveDetail\\?card_id=${cardId}$`));
    const evidence = page.getByTestId('evidence');
    await evidence.getByTestId('signal').first().waitFor();
    expect(await evidence.innerText()).toMatch(/阅读《/);
    expect(await evidence.getByTestId('signal').first().innerText()).toMatch(/\d{2}-\d{2} \d{2}:\d{2}/);
    expect(await page.getByTestId('why').innerText()).toMatch(/评分 \d+ = 金额 \d+ \+ 时效 \d+/);
    const action = page.getByTestId('action');
    await action.getByRole('button', { name: '暂缓' }).waitFor();
    expect((await action.innerText()).length).toBeGreaterThan(10);
    await page.getByTestId('context').getByText('阅读时长').waitFor();
    await page.getByTestId('suitable-materials').waitFor();

    // The customer card.
    await page.getByRole('link', { name: /查看客户名片/ }).click();
    await page.waitForURL(/\/personDetail\?customer_id=\d+$/);
    await page.getByTestId('aum').waitFor();
    await page.locator('[aria-label^="持仓市值走势"] .wl-line-chart__plot').filter({ visible: true }).first().waitFor();
    await page.getByTestId('holding').first().waitFor();
    expect(await page.getByTestId('holding').first().innerText()).toMatch(/R[1-5]/);
    expect(await page.getByTestId('customer-head').innerText()).toMatch(/\d{3}\*{4}\d{4}/);
    await page.getByTestId('next-follow-up').waitFor();
    await page.getByRole('tab', { name: '客户动态' }).click();
    // Page through the timeline to the read: seconds and depth on its second line.
    const read = page.locator('[data-testid="behaviour"][data-kind="material_open"]').first();
    for (let i = 0; i < 10 && !(await read.count()); i += 1) {
      const more = page.getByRole('button', { name: '加载更多' });
      if (!(await more.count())) break;
      const shown = await page.getByTestId('behaviour').count();
      await more.click();
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="behaviour"]').length > n, shown);
    }
    expect(await read.innerText()).toMatch(/读了 \d+ 秒 · 看到 \d+%/);
    // A holding's name opens the product's chart and my other holders; back returns to the card.
    await page.getByRole('tab', { name: '交易记录' }).click();
    const product = page.getByTestId('holding').first().locator('a.cu-product');
    const name = await product.innerText();
    await product.click();
    await page.waitForURL(/\/rateDetail\?product_id=\d+$/);
    await page.getByRole('heading', { name }).first().waitFor();
    await page.goBack();
    await page.waitForURL(/\/personDetail\?customer_id=\d+$/);
    await page.getByTestId('aum').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('transactions page by 加载更多; back from the customer card restores the kept money-flow detail and its scroll', async () => {
    const { context, page } = await adviserPage();
    const errors = watchErrors(page);
    // 定投 customers trade every month: more than one page.
    await page.getByRole('button', { name: '定投客户', exact: true }).click();
    const cardId = await cardIn(page, 'all');
    await spaGo(page, `/fundInDetail?card_id=${cardId}`);
    await page.getByTestId('evidence').waitFor();
    await page.getByTestId('context').waitFor();
    // The materials load last and push the card link down: scroll once the page has its full height.
    await page.locator('[data-testid="suitable-materials"]:not([data-status="loading"])').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await scrollSettled(page);
    // Read the offset and tap in one step: a Playwright click may first scroll the link into view,
    // and the screen must come back where it was left, not where the test last looked.
    const y = await page.evaluate(() => {
      const at = window.scrollY;
      [...document.querySelectorAll('a')].find((a) => a.textContent?.includes('查看客户名片'))!.click();
      return at;
    });
    expect(y).toBeGreaterThan(100);
    await page.waitForURL(/\/personDetail\?customer_id=\d+$/);
    const txs = page.getByTestId('transaction');
    await txs.first().waitFor();
    expect(await txs.count()).toBe(10);
    await page.getByRole('button', { name: '加载更多' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="transaction"]').length > 10);
    await page.goBack();
    await page.waitForURL(new RegExp(`/fundInDetail\\?card_id=${cardId}$`));
    await page.getByTestId('evidence').waitFor();
    await page.waitForFunction((want) => Math.abs(window.scrollY - want) < 4, y);
    // The card's own actions on its detail: snooze, and the detail shows the new state.
    await page.getByTestId('action').filter({ visible: true }).getByRole('button', { name: '暂缓' }).click();
    await page.getByRole('dialog').getByRole('button', { name: /明天/ }).click();
    await page.getByText(/当前状态：已暂缓（暂缓至 \d{4}-\d{2}-\d{2}）/).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('every screen at 390 and 320 px in WeCom: no sideways scroll; bad and foreign ids say so', async () => {
    const { context, page } = await adviserPage();
    const ids: Record<string, number> = {
      money: await cardIn(page, 'money_flow'),
      product: await cardIn(page, 'product_monitoring'),
      behaviour: await cardIn(page, 'behaviour_insight'),
      intent: await cardIn(page, 'intent_matching'),
    };
    const screens: Array<[string, string]> = [
      ['fundInDetail', `/fundInDetail?card_id=${ids.money}`],
      ['touguFundDetail', `/touguFundDetail?card_id=${ids.money}`],
      ['oppDetail', `/oppDetail?card_id=${ids.product}`],
      ['purposeDetail', `/purposeDetail?card_id=${ids.intent}`],
      ['PerspectiveDetail', `/PerspectiveDetail?card_id=${ids.behaviour}`],
    ];
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      for (const [name, url] of screens) {
        await spaGo(page, url);
        // Kept-alive detail screens stay in the DOM, hidden: the one on screen is the visible one.
        await page.locator('[data-testid="context"]:visible').waitFor();
        await framesPainted(page);
        expect([name, width, await noSideways(page)]).toEqual([name, width, true]);
        await shot(page, `${name}-${width}`);
      }
      await page.getByRole('link', { name: /查看客户名片/ }).click();
      await page
        .locator('[aria-label^="持仓市值走势"] .wl-line-chart__plot')
        .filter({ visible: true })
        .first()
        .waitFor();
      // The list has loaded: its rows, or its empty state for a customer who made no trade this year.
      await page
        .getByTestId('transaction')
        .first()
        .or(page.getByText('暂无交易记录').filter({ visible: true }))
        .first()
        .waitFor();
      await framesPainted(page);
      expect(['personDetail', width, await noSideways(page)]).toEqual(['personDetail', width, true]);
      await shot(page, `personDetail-${width}`);
    }
    await spaGo(page, '/personDetail?customer_id=abc');
    await page.getByText('链接无效').waitFor();
    await spaGo(page, '/oppDetail?card_id=2147483647');
    await page.getByText('商机不存在', { exact: true }).waitFor();
    await page.getByRole('link', { name: '返回工作台' }).waitFor();
    await shot(page, 'oppDetail-notfound-320');
    await context.close();
  });
});
