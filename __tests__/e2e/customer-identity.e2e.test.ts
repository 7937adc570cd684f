import type { BrowserContext, Page } from 'playwright-core';

import { screenshot, USER_AGENTS, watchErrors } from './support/chromium';
import { pickWechatUser, readLocalSmsCode } from './support/sms';
import { productSuite } from './support/suite';

const { server, browser } = productSuite();

// Adviser E0001 (u1) follows some upcoming lives in the seed: the link below is "u1 shared the list".
const SHARED_LINK = '/?uuid=E0001&date=2026-11-22&from=share';
const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

async function phone(width: 390 | 320, ua: string = USER_AGENTS.wechat): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: server.url,
    userAgent: ua,
    viewport: { width, height: 780 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
}

const upcoming = (page: Page) => page.locator('[data-status="subscribed"], [data-status="unsubscribed"]');

describe('who is acting is the person, not the link', () => {
  it('two phones open the same shared link: each sees only its own bookings (390 and 320 px)', async () => {
    const a = await phone(390);
    const b = await phone(320);
    const pageA = await a.newPage();
    const errors = watchErrors(pageA);
    await pageA.goto(SHARED_LINK);
    await upcoming(pageA).first().waitFor();
    // The adviser's bookings are not this visitor's.
    expect(await pageA.locator('[data-status="subscribed"]').count()).toBe(0);
    // This device's own visitor id, issued by general_id before any local id is made: never the link's uuid.
    expect(await stored(pageA, 'uuids')).toMatch(/^g[0-9a-z]{26}$/);

    const target = pageA.locator('[data-status="unsubscribed"]').first();
    const id = (await target.getAttribute('data-testid'))!.replace('live-', '');
    // A books: WeChat's authorization names A first, then the booking completes.
    await pageA.getByTestId(`subscribe-${id}`).click();
    await pickWechatUser(pageA, 'u8');
    await pageA.locator(`[data-testid="live-${id}"][data-status="subscribed"]`).waitFor();
    await screenshot(pageA, 'customer-identity-a-390');

    const pageB = await b.newPage();
    await pageB.goto(SHARED_LINK);
    await upcoming(pageB).first().waitFor();
    expect(await pageB.locator('[data-status="subscribed"]').count()).toBe(0);
    await pageB.locator(`[data-testid="live-${id}"][data-status="unsubscribed"]`).waitFor();
    await screenshot(pageB, 'customer-identity-b-320');

    // A keeps its booking across a reload: the signed-in person, not the link, is who A is.
    await pageA.reload();
    await pageA.locator(`[data-testid="live-${id}"][data-status="subscribed"]`).waitFor();
    expect(errors).toEqual([]);
    await a.close();
    await b.close();
  });

  it('inside the mini-program with nobody signed in, the address names the viewer', async () => {
    const mini = await phone(390, `${USER_AGENTS.wechat} miniProgram`);
    const page = await mini.newPage();
    await page.goto('/?uuid=E0001&date=2026-11-22');
    await upcoming(page).first().waitFor();
    await screenshot(page, 'customer-identity-miniprogram-390');
    // The server renders the list for the user the address names, only inside the mini-program
    // (resolveViewer's rule); the client, naming the same viewer, keeps it rather than asking the API again.
    const data = JSON.parse((await page.locator('#__ssr_data').textContent()) ?? '{}') as {
      data: { home: { personalFor: string; list: { is_subscribe: number; status: number }[] } };
    };
    expect(data.data.home.personalFor).toBe('E0001');
    // Upcoming lives show the booking as their tag (live and ended ones show their status).
    const booked = data.data.home.list.filter((l) => l.is_subscribe && l.status === 2).length;
    expect(booked).toBeGreaterThan(0);
    expect(await page.locator('[data-status="subscribed"]').count()).toBe(booked);
    await mini.close();
  });

  it('a signed-in customer opening an adviser link stays themselves and keeps their stored identity', async () => {
    const context = await phone(390);
    const page = await context.newPage();
    await page.goto('/login?redirect=%2F%3Fuuid%3DE0001%26date%3D2026-11-22');
    await page.getByLabel('手机号', { exact: true }).fill('13912340015');
    const consent = page.getByRole('checkbox');
    if (await consent.count()) await consent.first().check();
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText(/秒后重新获取/).waitFor();
    await page.getByLabel('验证码').fill(await readLocalSmsCode(context, '86-13912340015'));
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL(/uuid=E0001/);
    const info = await stored(page, 'userinfos');
    await upcoming(page).first().waitFor();
    expect(await page.locator('[data-status="subscribed"]').count()).toBe(0);
    expect(await stored(page, 'userinfos')).toBe(info);
    expect(JSON.parse(info ?? '{}').employee_id).not.toBe('E0001');
    expect(await stored(page, 'uuids')).not.toBe('E0001');
    await context.close();
  });
});

describe('no dead ends, taps that land', () => {
  for (const width of [390, 320] as const) {
    it(`/ without uuid lists lives for this device; a double tap on 预约 subscribes once and cancelling asks first (${width} px)`, async () => {
      const context = await phone(width);
      const page = await context.newPage();
      const subscribes: string[] = [];
      page.on('request', (r) => {
        if (/\/api\/live\/subscribe$/.test(r.url())) subscribes.push(r.postData() ?? '');
      });
      await page.goto('/?date=2026-11-22');
      await upcoming(page).first().waitFor();
      expect(await page.getByText('链接不完整').count()).toBe(0);
      // A visitor's first 预约 signs them in through WeChat and completes.
      const first = page.locator('[data-status="unsubscribed"]').first();
      const firstId = (await first.getAttribute('data-testid'))!.replace('live-', '');
      await page.getByTestId(`subscribe-${firstId}`).click();
      await pickWechatUser(page, width === 390 ? 'u10' : 'u11');
      await page.locator(`[data-testid="live-${firstId}"][data-status="subscribed"]`).waitFor();
      await page.getByTestId('home-notice').waitFor({ state: 'detached', timeout: 8000 });
      subscribes.length = 0;
      // The gesture and paging code load after the load event: measure with them in place.
      await page.locator('[data-gestures="on"]').waitFor();
      expect(await page.getByText('链接不完整').count()).toBe(0);

      const card = page.locator('[data-status="unsubscribed"]').first();
      const id = (await card.getAttribute('data-testid'))!.replace('live-', '');
      const button = page.getByTestId(`subscribe-${id}`);
      const box = (await button.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
      await button.dblclick();
      await page.locator(`[data-testid="live-${id}"][data-status="subscribed"]`).waitFor();
      await page.getByTestId('home-notice').waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      expect(subscribes).toHaveLength(1);
      // The notice floats: the card did not move.
      const after = (await button.boundingBox())!;
      expect(Math.round(after.y)).toBe(Math.round(box.y));
      expect(Math.round(after.height)).toBe(Math.round(box.height));
      await screenshot(page, `customer-home-subscribed-${width}`);
      // The toast hides itself.
      await page.getByTestId('home-notice').waitFor({ state: 'detached', timeout: 8000 });

      await button.click();
      await page.getByRole('dialog').getByText('取消预约？').waitFor();
      await screenshot(page, `customer-home-cancel-confirm-${width}`);
      await page.getByRole('button', { name: '保留预约' }).click();
      await page.locator(`[data-testid="live-${id}"][data-status="subscribed"]`).waitFor();
      expect(subscribes).toHaveLength(1);
      await button.click();
      // The tag flips at once (optimistic): wait for the cancel request itself before counting.
      const cancelled = page.waitForResponse((r) => /\/api\/live\/subscribe$/.test(r.url()));
      await page.getByRole('button', { name: '取消预约', exact: true }).click();
      await page.locator(`[data-testid="live-${id}"][data-status="unsubscribed"]`).waitFor();
      await cancelled;
      expect(subscribes).toHaveLength(2);
      await context.close();
    });
  }
});
