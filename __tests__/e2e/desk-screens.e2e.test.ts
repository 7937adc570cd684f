import path from 'node:path';
import type { Page } from 'playwright-core';

import { installFakeBridge } from './support/bridge';
import { newContext, watchErrors } from './support/chromium';
import { signInThroughWecom } from './support/sms';
import { productSuite } from './support/suite';

/**
 * The adviser's desk items in WeCom at 390 and 320 px: 转发助手 with the adviser's certificate and the article's own
 * figure, a staff desk opened by an adviser (one page saying who may use it), a product card's holders and
 * rateDetail's axis at 320 px. Screenshots in /tmp/shots-desk.
 */
const { server, browser } = productSuite({ MARKET_SIMULATOR: 'off' });

const DIR = '/tmp/shots-desk';
async function shots(page: Page, name: string) {
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect([name, width, overflow <= 1]).toEqual([name, width, true]);
    await page.screenshot({ path: path.join(DIR, `${name}-${width}.png`), fullPage: name !== 'rateDetail' });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

it('转发助手, a wrong-role desk, productHolders and rateDetail at 390 and 320 px', async () => {
  const context = await newContext(browser, 'wecom', { baseURL: server.url });
  await installFakeBridge(context);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await signInThroughWecom(page, '/ForwardingAssistant', 'u1');
  await page.getByRole('button', { name: '三张图看懂资产配置' }).click();
  await page.getByRole('button', { name: /读取链接并生成素材/ }).click();
  const body = page.locator('.mt-body');
  await body.getByText(/从业资格编号 F0310\d{9}/).waitFor();
  expect(await body.innerText()).not.toContain('分享');
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.mt-body img')].some(
      (i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0,
    ),
  );
  await shots(page, 'forwardingAssistant');

  // An adviser opening the review desk: one page, who may use it and whom to ask; nothing of the desk.
  // A desk signs in through WeCom of its own (like the workbench's menu entries).
  await signInThroughWecom(page, '/reviewDesk', 'u1');
  await page.getByText('本页仅供合规审核人员使用').waitFor();
  await page.getByText('如需权限请联系合规管理部 孙立诚').waitFor();
  for (const word of ['导出 CSV', '重试', '待审回答']) expect(await page.getByText(word).count()).toBe(0);
  await shots(page, 'reviewDesk-wrong-role');
  await signInThroughWecom(page, '/complianceLog', 'u1');
  await page.getByText('本页仅供合规专员使用').waitFor();
  await shots(page, 'complianceLog-wrong-role');

  // A product card's holders (from 今日's product card when there is one).
  await signInThroughWecom(page, '/marketMapIndex?from=menu', 'u1');
  await page.getByRole('tab', { name: '今日' }).click();
  await page.getByTestId('today').locator('.mk-card').first().waitFor();
  const holders = page.locator('a[href*="productHolders"]').first();
  if (await holders.count()) {
    await holders.click();
    await page.getByTestId('product-holders').locator('.mk-holder').first().waitFor();
    await shots(page, 'productHolders');
  }

  // rateDetail: the time axis at 320 px over a year.
  await signInThroughWecom(page, '/rateDetail?product_id=1', 'u1');
  await page.locator('svg text').first().waitFor();
  await page
    .getByRole('tab', { name: '近1年' })
    .click()
    .catch(() => undefined);
  await shots(page, 'rateDetail');
  expect(errors).toEqual([]);
  await context.close();
}, 240_000);
