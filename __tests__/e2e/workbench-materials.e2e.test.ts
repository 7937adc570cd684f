import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

import { signedHeaders } from '../../server/test-support/sign';
import { installFakeBridge } from './support/bridge';
import { newContext, shotsAtPhoneWidths, watchErrors } from './support/chromium';
import { signInThroughWecom } from './support/sms';
import { productSuite } from './support/suite';
import { framesPainted, waitUntil } from './support/wait';

/**
 * Materials end to end: adviser u1 in WeCom sends a product material to a suitable
 * customer through the JS-SDK (a recording bridge stands in for WeCom's native side) and is refused
 * for an unsuitable one; the customer reads the tracked link in WeChat for 30 s; the read reaches the
 * customer's timeline and a behaviour card. The 100-page PDF scrolls to its end with a handful of canvases.
 */
const { server, browser } = productSuite({ MARKET_SIMULATOR: 'off' });

const SHOTS = '/tmp/wb-materials-shots';
/** Seed: material 4 is an article linked to an R3 fund; material 9 the 100-page PDF. */
const R3_ARTICLE = 4;
const PDF_100 = 9;

const shoot = (page: Page, name: string) => shotsAtPhoneWidths(page, SHOTS, name);

async function adviser(
  target = '/materials?from=menu',
): Promise<{ context: BrowserContext; page: Page; sid: () => Promise<string> }> {
  const context = await newContext(browser, 'wecom', { baseURL: server.url });
  await installFakeBridge(context);
  const page = await context.newPage();
  await signInThroughWecom(page, target);
  return { context, page, sid: async () => (await page.evaluate(() => localStorage.getItem('accountId')))! };
}

/** A signed marketing-map read as the adviser (what personDetail's timeline calls). */
async function mmGet(sid: string, url: string, query: Record<string, string | number>) {
  const q = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await fetch(`${server.url}/market_map_url${url}?${new URLSearchParams(q)}`, {
    headers: signedHeaders({ scheme: 'marketMap', accountId: sid, query: q }),
  });
  return (await res.json()) as { error: { code: number }; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('materials: forward, read, card', () => {
  it('sends to a suitable customer through the JS-SDK, refuses an unsuitable one with the reason; the customer reads 30 s; the adviser sees the read and a card', async () => {
    const { context, page, sid } = await adviser();
    await page.locator('.mt-item').first().waitFor();
    const errors = watchErrors(page);
    await shoot(page, 'materials');
    await page.click(`.mt-item[data-material-id="${R3_ARTICLE}"]`);
    await page.locator('.mt-pick').first().waitFor();
    const suitable = page.locator('.mt-pick', { hasText: '适合发送' }).first();
    const unsuitable = page.locator('.mt-pick', { hasText: '不适合：客户风险等级低于产品风险等级' }).first();
    const goodId = Number(await suitable.getAttribute('data-customer-id'));
    const badId = Number(await unsuitable.getAttribute('data-customer-id'));
    await shoot(page, 'material-detail');

    await suitable.locator('input').check();
    await page.getByRole('button', { name: '发送', exact: true }).click();
    await page.getByText('企业微信已确认送达').waitFor({ timeout: 20_000 });
    const share = (await page.evaluate(() => window.__bridge.calls)).find(
      (c) => c.name === 'shareToExternalContact' || c.name === 'sendChatMessage',
    );
    const link = JSON.stringify(share?.args ?? {}).match(/https?:\/\/[^"]+\/readMaterial\?token=[A-Za-z0-9_-]+/)?.[0];
    expect(link).toBeDefined();
    await page.getByRole('button', { name: '知道了' }).click();
    // The budget it spent shows at once: that customer cannot be contacted again today.
    await page.locator(`.mt-pick[data-customer-id="${goodId}"]`, { hasText: '今日联系次数已用完' }).waitFor();
    expect(await page.locator('.mt-pick input:checked').count()).toBe(0);

    // An unsuitable customer is greyed with the reason and cannot be ticked: 发送 stays off.
    expect(await unsuitable.locator('input').isDisabled()).toBe(true);
    await unsuitable.locator('label').click({ force: true });
    expect(await unsuitable.locator('input').isChecked()).toBe(false);
    expect(await page.getByRole('button', { name: '发送', exact: true }).isDisabled()).toBe(true);
    await unsuitable.scrollIntoViewIfNeeded();
    await shoot(page, 'material-refused');

    // The library for one customer: each material says whether it suits them (as SuitableMaterials does).
    await signInThroughWecom(page, `/materials?customer_id=${badId}&from=menu`);
    await page.locator('.mt-item__why').first().waitFor();
    expect(await page.locator(`.mt-item[data-material-id="${R3_ARTICLE}"] .mt-item__why`).innerText()).toContain(
      '客户风险等级低于产品风险等级',
    );
    await shoot(page, 'materials-for-customer');
    await page.click('.mt-item[data-material-id="11"]');
    await page.locator('img.mt-image').click();
    await page.waitForURL(/productImagePdf/);
    await page.getByText('关联产品').waitFor();
    await shoot(page, 'product-image');

    // The customer opens the tracked link in WeChat and reads for over 30 s, scrolling down.
    const reader = await newContext(browser, 'wechat', { baseURL: server.url });
    const rp = await reader.newPage();
    const readerErrors = watchErrors(rp);
    await rp.goto(link!);
    await rp.getByText('您的理财师').waitFor();
    expect(await rp.getByRole('note').first().innerText()).toContain('基金有风险，投资需谨慎');
    await shoot(rp, 'reader');
    const height = await rp.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    // Reading is counted in real seconds (the server bounds them by its own clock), so the test reads as a person
    // would: a scroll, then the page's next batch of read beacons, until over 30 s are reported.
    const beacon = () =>
      rp.waitForRequest((r) => new URL(r.url()).pathname.endsWith('/share/read'), { timeout: 15_000 });
    for (let i = 1; i <= 7; i += 1) {
      const next = beacon();
      await rp.mouse.wheel(0, height / 10);
      await next;
    }
    // Closing the tab: the rest goes by sendBeacon on pagehide.
    await rp.close({ runBeforeUnload: true });
    expect(readerErrors).toEqual([]);

    const me = await sid();
    let latest: { kind: string; seconds: number; title: string } | undefined;
    await waitUntil(
      'the read of 30 s on the customer timeline',
      async () => {
        const timeline = await mmGet(me, '/clue/behaviors', { customer_id: goodId });
        latest = timeline.data.list.find(
          (b: { kind: string; source_id: string }) => b.kind === 'material_open' && b.source_id === String(R3_ARTICLE),
        );
        return latest && latest.seconds >= 30;
      },
      { timeoutMs: 10_000, everyMs: 250 },
    );
    expect(latest!.seconds).toBeGreaterThanOrEqual(30);
    expect(latest!.seconds).toBeLessThan(60);
    expect(latest!.title).toMatch(/看到 \d+%/);
    expect(Number(/看到 (\d+)%/.exec(latest!.title)![1])).toBeGreaterThanOrEqual(50);
    expect(badId).not.toBe(goodId);

    // The read on the customer card, as the adviser sees it: the timeline's row gives its seconds and depth.
    await signInThroughWecom(page, `/personDetail?customer_id=${goodId}`);
    await page.getByRole('tab', { name: '客户动态' }).click();
    const row = page.locator('[data-testid="behaviour"][data-kind="material_open"]', { hasText: '红利低波' }).first();
    await row.waitFor();
    const shown = /读了 (\d+) 秒 · 看到 (\d+)%/.exec(await row.innerText());
    expect(Number(shown?.[1])).toBeGreaterThanOrEqual(30);
    expect(Number(shown?.[2])).toBeGreaterThanOrEqual(50);

    // The behaviour card on the workbench.
    await signInThroughWecom(page, '/marketMapIndex?from=menu');
    await page.click('[data-family="behaviour_insight"]');
    await page.click('button[aria-label$="切换排序"]');
    await page.getByText('按时间 ⇅').waitFor();
    const card = page.locator('.mk-card', { hasText: '阅读《红利低波' }).first();
    await card.waitFor({ timeout: 15_000 });
    await shoot(page, 'workbench-read-card');
    expect(errors.filter((e) => !e.includes('http 4'))).toEqual([]);
    await reader.close();
    await context.close();
  }, 170_000);

  it('the 100-page PDF scrolls to its last page with at most a handful of pages rendered at once', async () => {
    const { context, page } = await adviser(`/Pdf?material_id=${PDF_100}`);
    await page.locator('.mt-pdf__page[data-page="1"] canvas').waitFor({ timeout: 30_000 });
    await framesPainted(page);
    await shoot(page, 'pdf');
    let most = 0;
    for (let i = 0; i < 200; i += 1) {
      const done = await page.evaluate(() => {
        window.scrollBy(0, window.innerHeight * 0.9);
        return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
      });
      await framesPainted(page);
      most = Math.max(most, await page.locator('.mt-pdf canvas').count());
      if (done) break;
    }
    await page.locator('.mt-pdf__page[data-page="100"] canvas').waitFor();
    await framesPainted(page, 5);
    most = Math.max(most, await page.locator('.mt-pdf canvas').count());
    console.info(`100-page PDF: at most ${most} canvases at once while scrolling to page 100`);
    expect(most).toBeLessThanOrEqual(8);
    // The zoom bar stays on screen at the end of the document.
    expect(
      await page
        .locator('.mt-pdf__bar')
        .evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().top < 10),
    ).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'pdf-last-390.png') });
    await context.close();
  }, 120_000);

  it('the PDF reader says which page is read (第 50/100 页) and a zoom keeps that page under the toolbar', async () => {
    const { context, page } = await adviser(`/Pdf?material_id=${PDF_100}`);
    await page.locator('.mt-pdf__page[data-page="1"] canvas').waitFor({ timeout: 30_000 });
    const indicator = page.locator('[data-testid="pdf-page"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="pdf-page"]')?.textContent === '第 1/100 页');
    // Page 50 under the toolbar, 40 px into it (twice: the toolbar sticks, and moves up, on the first scroll).
    for (let i = 0; i < 2; i += 1)
      await page.evaluate(() => {
        const bar = document.querySelector('.mt-pdf__bar')!.getBoundingClientRect().bottom;
        const top = document.querySelector('.mt-pdf__page[data-page="50"]')!.getBoundingClientRect().top;
        window.scrollBy(0, top - bar + 40);
      });
    await page.waitForFunction(
      () => document.querySelector('[data-testid="pdf-page"]')?.textContent === '第 50/100 页',
    );
    await shoot(page, 'pdf-page-50');
    /** Which page is under the toolbar's lower edge, read off the boxes themselves. */
    const underBar = () =>
      page.evaluate(() => {
        const line = document.querySelector('.mt-pdf__bar')!.getBoundingClientRect().bottom + 1;
        const pages = Array.from(document.querySelectorAll<HTMLElement>('.mt-pdf__page'));
        const hit = pages.find((p) => {
          const r = p.getBoundingClientRect();
          return r.top <= line && r.bottom >= line;
        });
        return Number(hit?.dataset.page ?? 0);
      });
    expect(await underBar()).toBe(50);
    for (const name of ['放大', '放大', '缩小']) {
      await page.getByRole('button', { name }).click();
      await framesPainted(page, 3);
      expect(await underBar()).toBe(50);
      expect(await indicator.innerText()).toBe('第 50/100 页');
    }
    await shoot(page, 'pdf-zoomed');
    await context.close();
  }, 120_000);

  it('the forwarding assistant turns a sample link into my tracked material with a sanitized preview', async () => {
    const { context, page } = await adviser('/ForwardingAssistant');
    await page.getByRole('button', { name: '个人养老金账户的五个问题' }).click();
    await page.getByRole('button', { name: '读取链接并生成素材' }).click();
    await page.getByText('预览：个人养老金账户的五个问题').waitFor();
    expect(await page.locator('.mt-body').innerHTML()).not.toMatch(/onerror|<script/);
    // The adviser's line may render after the preview's title: wait for it, then there must be exactly one.
    await page
      .locator('.mt-body')
      .getByText(/从业资格编号/)
      .first()
      .waitFor();
    await expect(
      page
        .locator('.mt-body')
        .getByText(/从业资格编号/)
        .count(),
    ).resolves.toBe(1);
    await shoot(page, 'forwarding-assistant');
    await context.close();
  }, 60_000);
});
