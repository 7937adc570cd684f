import type { BrowserContext, Page } from 'playwright-core';

import { newContext, shotsAtPhoneWidths, watchErrors } from './support/chromium';
import { signInThroughWecom } from './support/sms';
import { productSuite } from './support/suite';

/**
 * The workbench's product screens against the real local backend: adviser u1 in WeCom
 * opens products from the app entry, switches periods, sees holders and makes share links; a customer in
 * WeChat opens them without signing in. Screenshots of each screen at 390 and 320 px in SHOT_DIR.
 */
const { server, browser } = productSuite({ MARKET_SIMULATOR: 'off' });

const SHOT_DIR = '/tmp/wb-products-shots';
const shots = (page: Page, name: string) => shotsAtPhoneWidths(page, SHOT_DIR, name);

/**
 * Opens an adviser screen: the first load passes the local WeCom sign-in as u1; later screens are opened
 * inside the app (history navigation, as a tapped link would), since a fresh load without a code signs in again.
 */
let signedIn = false;
async function openAsAdviser(page: Page, to: string): Promise<void> {
  if (signedIn) {
    await page.evaluate((href) => {
      window.history.pushState({}, '', href);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, to);
    await page.waitForURL((u) => u.pathname + u.search === to);
    return;
  }
  await signInThroughWecom(page, to);
  signedIn = true;
}

/** The errors a test expects (a bad product id, a forged code) are the 404s it asked for. */
const unexpected = (errors: string[]) => errors.filter((e) => !/99999|Zm9yZ2Vk|status of 404/.test(e));

let adviser: { context: BrowserContext; page: Page };
let rateLink = '';
let publicLink = '';

beforeAll(async () => {
  const context = await newContext(browser, 'wecom', { baseURL: server.url });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  adviser = { context, page: await context.newPage() };
}, 60_000);
afterAll(() => adviser.context.close());

describe('adviser product screens in WeCom', () => {
  it('appH5 lists the workbench screens with their numbers', async () => {
    const { page } = adviser;
    const errors = watchErrors(page);
    await openAsAdviser(page, '/appH5?from=wenoahRnWebview');
    await page.getByText('财富 App内打开').waitFor();
    await page.locator('.pd-tile', { hasText: '货基存量' }).locator('b', { hasText: /万|\d/ }).waitFor();
    await page
      .locator('.pd-tile', { hasText: '产品监控' })
      .locator('b', { hasText: /条提醒/ })
      .waitFor();
    await page
      .locator('.pd-tile', { hasText: '会议与直播' })
      .locator('b', { hasText: /场直播中/ })
      .waitFor();
    await shots(page, 'appH5');
    expect(errors).toEqual([]);
  });

  it('opens rateDetail from the entry, switches periods, sees holders; back keeps the scroll', async () => {
    const { page } = adviser;
    const errors = watchErrors(page);
    await page.locator('.pd-tile', { hasText: '产品监控' }).click();
    await page.waitForURL(/\/rateDetail$/);
    const rows = page.locator('[aria-label="监控产品"] a');
    await rows.first().waitFor();
    await shots(page, 'rateDetail-list');
    await rows.filter({ hasText: '混合' }).first().click();
    await page.waitForURL(/\/rateDetail\?product_id=\d+/);
    await page.locator('.pd-chart .wl-line-chart__plot').filter({ visible: true }).first().waitFor();
    await page.getByRole('tab', { name: '近3月' }).click();
    // The tab is selected once the tap's render lands (a read right after the click can come before it on a loaded machine).
    await page.getByRole('tab', { name: '近3月', selected: true }).waitFor();
    await page.locator('[aria-label="近3月区间数据"]').waitFor();
    const threeMonths = await page.locator('[aria-label="近3月区间数据"] strong').first().innerText();
    await page.getByRole('tab', { name: '成立以来' }).click();
    await page.getByRole('tab', { name: '成立以来', selected: true }).waitFor();
    const all = await page.locator('[aria-label="成立以来区间数据"] strong').first().innerText();
    expect(threeMonths).toMatch(/%$/);
    expect(all).not.toBe(threeMonths);
    const holders = page.locator('[aria-label="持有该产品的我的客户"] a');
    expect(await holders.count()).toBeGreaterThan(0);
    expect(await holders.first().getAttribute('href')).toMatch(/\/personDetail\?customer_id=\d+$/);
    await shots(page, 'rateDetail');
    // Keep-alive: a holder's card and back returns to the same place.
    await holders.last().scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 120));
    const y = await page.evaluate(() => window.scrollY);
    expect(y).toBeGreaterThan(100);
    await holders.last().click();
    await page.waitForURL(/personDetail/);
    await page.goBack();
    await page.waitForURL(/rateDetail\?product_id=/);
    await page.waitForFunction((want) => Math.abs(window.scrollY - want) < 5, y);
    expect(errors).toEqual([]);
  });

  it('makes a share link for the product page and sends it (WeCom SDK, else copied)', async () => {
    const { page } = adviser;
    await page.getByRole('button', { name: '生成客户分享页' }).click();
    // One customer per link, picked among those the product suits.
    await page.locator('.pd-share .mt-pick[data-suitable="yes"] label').first().click();
    await page.getByRole('button', { name: /^为 .+ 生成分享页$/ }).click();
    const link = page.locator('.pd-share__link').first();
    await link.waitFor();
    rateLink = await link.innerText();
    expect(rateLink).toMatch(/\/RateShareDetail\?share_code=[\w-]+\.[\w-]+/);
    expect(rateLink).not.toMatch(/uuid=|accountId|sid=/);
    await page.getByRole('button', { name: '发送给客户' }).click();
    await page.locator('.mk-toast').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: '知道了' }).click();
  });

  it('a bond fund: a dividend page link; touguRateDetail shows the excess return; a bad id says so', async () => {
    const { page } = adviser;
    const errors = watchErrors(page);
    await openAsAdviser(page, '/rateDetail?product_id=3');
    await page.getByRole('button', { name: '分享分红记录页' }).click();
    await page.locator('.pd-share .mt-pick[data-suitable="yes"] label').last().click();
    await page
      .getByRole('button', { name: /^为 .+ 生成分享页$/ })
      .last()
      .click();
    await page.locator('.pd-share__link', { hasText: 'publicShareDetail' }).waitFor();
    publicLink = await page.locator('.pd-share__link', { hasText: 'publicShareDetail' }).innerText();
    await openAsAdviser(page, '/touguRateDetail?product_id=6');
    await page.locator('.pd-chart .wl-line-chart__plot').filter({ visible: true }).first().waitFor();
    await page.getByText('超额收益').waitFor();
    await page.getByText('跟投该组合的我的客户').waitFor();
    await shots(page, 'touguRateDetail');
    await openAsAdviser(page, '/rateDetail?product_id=abc');
    await page.getByText('产品链接无效').waitFor();
    await openAsAdviser(page, '/rateDetail?product_id=99999');
    await page.getByText('产品不存在或已下架').waitFor();
    expect(unexpected(errors)).toEqual([]);
  });

  it('baseStock and survivaList show real data, paged', async () => {
    const { page } = adviser;
    const errors = watchErrors(page);
    await openAsAdviser(page, '/baseStock');
    const rows = page.locator('[aria-label="待沟通客户"] a');
    await rows.first().waitFor();
    const first = await rows.count();
    await page.getByRole('button', { name: '加载更多' }).click();
    await page.waitForFunction((n) => document.querySelectorAll('[aria-label="待沟通客户"] a').length > n, first);
    await page.locator('[aria-label="货基存量概览"] strong', { hasText: /万|亿/ }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shots(page, 'baseStock');
    await openAsAdviser(page, '/survivaList');
    await page.locator('article.mk-card').first().waitFor();
    const viewers = await page.locator('[aria-label="我的客户参与"] strong').allInnerTexts();
    expect(viewers.some((v) => Number(v) > 0)).toBe(true);
    await shots(page, 'survivaList');
    expect(errors).toEqual([]);
  });
});

describe('a customer in WeChat opens the shared pages', () => {
  it("someone other than the link's customer: the public view with the disclosures and the adviser's card; a forged code says so", async () => {
    expect(rateLink).not.toBe('');
    const context = await newContext(browser, 'wechat', { baseURL: server.url });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const target = new URL(rateLink);
    await page.goto(target.pathname + target.search);
    await page.getByText('基金有风险，投资需谨慎').waitFor();
    await page.getByText('过往业绩不代表未来表现').waitFor();
    await page.getByText('王建国').waitFor();
    await page.getByText(/从业资格编号：F\d+/).waitFor();
    await page.locator('.pd-public__note[data-view="public"]').waitFor();
    expect(await page.locator('.pd-chart .wl-line-chart__plot').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/RateShareDetail');
    expect(await page.evaluate(() => localStorage.getItem('accountId'))).toBeNull();
    await shots(page, 'RateShareDetail');

    const dividends = new URL(publicLink);
    await page.goto(dividends.pathname + dividends.search);
    await page.locator('.pd-public__note[data-view="public"]').waitFor();
    await page.getByText('基金有风险，投资需谨慎').waitFor();
    await page.getByText(/从业资格编号：F\d+/).waitFor();
    await shots(page, 'publicShareDetail');

    await page.goto('/RateShareDetail?share_code=Zm9yZ2Vk.Zm9yZ2Vk');
    await page.getByText('分享链接无效').waitFor();
    await page.goto('/publicShareDetail');
    await page.getByText('链接不完整').waitFor();
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});
