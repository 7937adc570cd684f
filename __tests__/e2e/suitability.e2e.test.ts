import type { Page } from 'playwright-core';

import { newContext, shotsAtPhoneWidths, watchErrors } from './support/chromium';
import { signInThroughWecom } from './support/sms';
import { productSuite } from './support/suite';

/**
 * Suitability on the share-link path and the master's risk levels, as adviser u1 in WeCom and a visitor in
 * WeChat would meet them: no link for an R4 fund can be made for a C1 customer (greyed, with the reason); a
 * suitable customer gets one; anyone else opening it sees the public view with the disclosures; a live room
 * shows each fund's level from the product master. Screenshots at 390 and 320 px in SHOT_DIR.
 */
const { server, browser } = productSuite({ MARKET_SIMULATOR: 'off' });

const SHOT_DIR = '/tmp/suitability-shots';
/** 沪深300指数增强C: id 10 of the seeded product master, R4. */
const R4_FUND = 10;
/** The master's levels of the funds the seeded live rooms show (server/db/seed/marketing-data.ts). */
const MASTER_LABELS: Record<string, string> = {
  诺亚稳健增利债券A: 'R2 中低风险',
  沪深300指数增强C: 'R4 中高风险',
  货币宝现金管理: 'R1 低风险',
  红利低波精选混合: 'R3 中风险',
  星辰量化中性1号私募: 'R4 中高风险',
  远望CTA趋势私募: 'R5 高风险',
  恒信股票多头私募: 'R5 高风险',
};

let shareLink = '';

/** Pages through the picker until a row matching `pattern` is on screen. */
async function findRow(page: Page, pattern: RegExp) {
  for (let i = 0; i < 10; i++) {
    const row = page.locator('.pd-share .mt-pick', { hasText: pattern }).first();
    if (await row.count()) return row;
    const shown = await page.locator('.pd-share .mt-pick').count();
    await page.getByRole('button', { name: '更多客户' }).click();
    await page.waitForFunction((n) => document.querySelectorAll('.pd-share .mt-pick').length > n, shown);
  }
  throw new Error(`no customer row matching ${pattern}`);
}

describe('share links are made per customer (WeCom, adviser u1)', () => {
  it('a C1 customer is greyed with the reason and cannot be ticked; a suitable one gets a link', async () => {
    const context = await newContext(browser, 'wecom', { baseURL: server.url });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInThroughWecom(page, `/rateDetail?product_id=${R4_FUND}`);
    await page.locator('.pd-hero h1', { hasText: '沪深300指数增强C' }).waitFor();
    expect(await page.locator('.pd-hero .risk-chip').innerText()).toBe('R4 中高风险');
    await page.getByRole('button', { name: '生成客户分享页' }).click();
    await page.locator('.pd-share .mt-pick').first().waitFor();

    const c1 = await findRow(page, / · C1/);
    await c1.scrollIntoViewIfNeeded();
    expect(await c1.getAttribute('data-suitable')).toBe('no');
    expect(await c1.innerText()).toContain('不适合：客户风险等级低于产品风险等级');
    expect(await c1.locator('input').isDisabled()).toBe(true);
    await c1.locator('label').click({ force: true });
    expect(await c1.locator('input').isChecked()).toBe(false);
    await shotsAtPhoneWidths(page, SHOT_DIR, 'rateDetail-picker-c1-greyed');

    const ok = page.locator('.pd-share .mt-pick[data-suitable="yes"]').first();
    await ok.scrollIntoViewIfNeeded();
    await ok.locator('label').click();
    const make = page.getByRole('button', { name: /^为 .+ 生成分享页$/ });
    expect(await make.isEnabled()).toBe(true);
    await make.click();
    const link = page.locator('.pd-share__link');
    await link.waitFor();
    shareLink = await link.innerText();
    expect(shareLink).toMatch(/\/RateShareDetail\?share_code=[\w-]+\.[\w-]+/);
    await page.locator('.pd-share__for').scrollIntoViewIfNeeded();
    await shotsAtPhoneWidths(page, SHOT_DIR, 'rateDetail-link-made');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the picker's failed next page keeps the customers shown and its retry asks for that page", async () => {
    const context = await newContext(browser, 'wecom', { baseURL: server.url });
    const page = await context.newPage();
    await signInThroughWecom(page, `/rateDetail?product_id=${R4_FUND}`);
    await page.getByRole('button', { name: '生成客户分享页' }).click();
    const rows = page.locator('.pd-share .mt-pick');
    await rows.first().waitFor();
    const first = await rows.count();
    const nextPage = /\/share\/product\/recipients\?.*cursor=/;
    await page.route(nextPage, (r) => r.abort('internetdisconnected'));
    await page.getByRole('button', { name: '更多客户' }).click();
    const retry = page.getByRole('button', { name: '加载失败，点击重试', exact: true });
    await retry.waitFor();
    expect(await rows.count()).toBe(first);
    // One way back, the next page's: no first-page failure over rows that are there.
    expect(await page.locator('.pd-share').getByRole('button', { name: '重试', exact: true }).count()).toBe(0);
    await retry.scrollIntoViewIfNeeded();
    await shotsAtPhoneWidths(page, SHOT_DIR, 'rateDetail-picker-next-page-failed');
    await page.unroute(nextPage);
    await retry.click();
    await page.waitForFunction((n) => document.querySelectorAll('.pd-share .mt-pick').length > n, first);
    expect(await retry.count()).toBe(0);
    await context.close();
  });

  it('opened by someone else in WeChat, the link shows the public view with the disclosures', async () => {
    expect(shareLink).not.toBe('');
    const context = await newContext(browser, 'wechat', { baseURL: server.url });
    const page = await context.newPage();
    const url = new URL(shareLink);
    await page.goto(url.pathname + url.search);
    await page.locator('.pd-public__note[data-view="public"]').waitFor();
    expect(await page.locator('.pd-hero .risk-chip').innerText()).toBe('R4 中高风险');
    const disclosure = await page.locator('.risk-disclosure').innerText();
    expect(disclosure).toContain('基金有风险，投资需谨慎');
    expect(disclosure).toContain('过往业绩不代表未来表现');
    expect(disclosure).toContain('产品风险等级：R4（中高风险）');
    // No performance for a stranger: no chart, no series.
    expect(await page.locator('.pd-chart .wl-line-chart__plot').count()).toBe(0);
    await shotsAtPhoneWidths(page, SHOT_DIR, 'rateShareDetail-public-view');
    await context.close();
  });
});

describe('live rooms show the product master level', () => {
  it('every fund in a live room carries its master risk chip and the disclosure block', async () => {
    const context = await newContext(browser, 'wechat', { baseURL: server.url });
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('a.live-card').first().waitFor();
    let checked = 0;
    for (const card of (await page.locator('a.live-card').all()).slice(0, 6)) {
      if (/私募|CTA|量化|家族/.test(await card.innerText())) continue;
      const id = (await card.getAttribute('data-testid'))!.replace('live-', '');
      const room = await context.newPage();
      await room.goto(`/liveDetail/${id}`);
      await room.getByTestId('room-online').waitFor();
      const products = room.locator('.products .product');
      await products.first().waitFor();
      for (const p of await products.all()) {
        const name = await p.locator('.product__name').innerText();
        if (!MASTER_LABELS[name]) continue;
        expect([name, await p.locator('.risk-chip').innerText()]).toEqual([name, MASTER_LABELS[name]]);
        checked += 1;
      }
      const section = room.locator('section[aria-label="直播间产品"]');
      expect(await section.locator('.risk-disclosure').innerText()).toContain('基金有风险，投资需谨慎');
      if (checked === 1) {
        await section.scrollIntoViewIfNeeded();
        await shotsAtPhoneWidths(room, SHOT_DIR, 'liveRoom-products');
      }
      await room.close();
      if (checked >= 3) break;
    }
    expect(checked).toBeGreaterThan(0);
    await context.close();
  });
});
