import type { Page } from 'playwright-core';

import { screenshot, USER_AGENTS, watchErrors } from './support/chromium';
import { enterRoom, PRIVATE_FUND_TITLE, QUALIFIABLE_CUSTOMER } from './support/qualified-gate';
import { signInThroughWechat } from './support/sms';
import { productSuite } from './support/suite';
import { framesPainted, scrollSettled } from './support/wait';

const { server, browser } = productSuite();

async function context(ua: string, width: number, height = 780) {
  const phone = ua !== USER_AGENTS.desktop;
  return browser.newContext({
    baseURL: server.url,
    userAgent: ua,
    viewport: { width, height },
    deviceScaleFactor: phone ? 2 : 1,
    isMobile: phone,
    hasTouch: phone,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
}

/** A private-fund live (the seed gates those for qualified investors), found on the list as a visitor would. */
async function gatedLiveId(page: Page): Promise<string> {
  await page.goto('/');
  await page.locator('.live-card').first().waitFor();
  for (const card of await page.locator('a.live-card').all()) {
    if (/私募|CTA|量化|家族/.test(await card.innerText()))
      return (await card.getAttribute('data-testid'))!.replace('live-', '');
  }
  throw new Error('no private-fund live on the first page');
}

describe('the qualified-investor gate', () => {
  it('an adviser in WeCom enters a gated room directly; a customer gets a way out (390 and 320 px)', async () => {
    const adviser = await context(USER_AGENTS.wecom, 390);
    const page = await adviser.newPage();
    const errors = watchErrors(page);
    const id = await gatedLiveId(page);
    await page.goto(`/liveDetail/${id}`);
    await page.getByTestId('room-online').waitFor();
    expect(await page.getByTestId('auth-confirm').count()).toBe(0);
    await screenshot(page, 'customer-room-adviser-wecom-390');
    expect(errors.filter((e) => !/favicon/.test(e))).toEqual([]);
    await adviser.close();

    // A guest is told to sign in first; 我不符合 leads to the public content.
    const customer = await context(USER_AGENTS.wechat, 320);
    const cpage = await customer.newPage();
    await cpage.goto(`/liveDetail/${id}`);
    await cpage.getByTestId('auth-signin').waitFor();
    expect(await cpage.getByTestId('auth-refusal').innerText()).toContain('请先登录');
    expect(await cpage.getByTestId('auth-confirm').count()).toBe(0);
    const out = cpage.getByTestId('auth-decline');
    expect(await out.innerText()).toBe('我不符合');
    expect((await out.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await screenshot(cpage, 'customer-room-gate-guest-320');
    // A fresh tab has nothing to go back to: the list, where there is something to watch.
    await out.click();
    await cpage.waitForURL((url) => url.pathname === '/');
    await cpage.locator('.live-card').first().waitFor();
    await customer.close();
  });

  it('a WeChat visitor in the room of live 7 is sent and shown no private fund (390 and 320 px)', async () => {
    for (const width of [390, 320] as const) {
      const ctx = await context(USER_AGENTS.wechat, width);
      const page = await ctx.newPage();
      const bodies: Promise<string>[] = [];
      page.on('response', (r) => {
        if (/getProductLiveInfo|getMarketingPosition/.test(r.url())) bodies.push(r.text());
      });
      await page.goto('/liveDetail/7');
      await page.getByTestId('auth-signin').waitFor();
      await page.waitForLoadState('networkidle');
      const seen = [await page.locator('body').innerText(), ...(await Promise.all(bodies))].join('\n');
      expect(seen).not.toMatch(/星辰量化中性1号私募|远望CTA趋势私募|恒信股票多头私募|仅限合格投资者|SX1288|SY2031/);
      await screenshot(page, `customer-room-live7-visitor-${width}`);
      await ctx.close();
    }
  });

  it('a signed-in customer passes only by the rule: 299.99 万元 is refused on the spot (320 px), 300 万元 with a current C5 assessment opens the room (390 px), and is remembered', async () => {
    // 320 px first, without submitting: the one qualifiable customer is then still undeclared for 390 px.
    for (const width of [320, 390] as const) {
      const ctx = await context(USER_AGENTS.wechat, width);
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      const id = await gatedLiveId(page);
      await signInThroughWechat(page, QUALIFIABLE_CUSTOMER, `/liveDetail/${id}`);
      await page.getByTestId('auth-basis-assets').waitFor();
      expect(await page.getByText('24小时投资冷静期', { exact: false }).count()).toBe(1);
      await page.getByTestId('auth-basis-assets').check();
      await page.getByTestId('auth-amount').fill('299.99');
      await page.getByTestId('auth-truthful').check();
      await page.getByText('暂不符合合格投资者条件').waitFor();
      expect(await page.getByTestId('auth-confirm').isDisabled()).toBe(true);
      await screenshot(page, `customer-room-gate-form-${width}`);
      if (width === 390) {
        await page.getByTestId('auth-amount').fill('300');
        await page.getByTestId('auth-confirm').click();
        await page.getByTestId('room-online').waitFor();
        // Declared and assessed C5: the room's private fund is shown to this viewer.
        await page.locator('.products .product__name', { hasText: '私募' }).first().waitFor();
        await screenshot(page, `customer-room-gate-passed-${width}`);
        // Declared once, on record: the room opens at the next visit while the assessment holds.
        await page.reload();
        await page.getByTestId('room-online').waitFor();
      }
      expect(errors.filter((e) => !/favicon/.test(e))).toEqual([]);
      await ctx.close();
    }
  });
});

/** The first live of that status without private funds: these visitors are guests, and the gate has its own test. */
async function firstId(page: Page, status: 'ended' | 'live'): Promise<string> {
  await page.goto('/');
  await page.locator(`[data-status="${status}"]`).first().waitFor();
  for (const card of await page.locator(`[data-status="${status}"]`).all()) {
    if (!PRIVATE_FUND_TITLE.test(await card.innerText()))
      return (await card.getAttribute('data-testid'))!.replace('live-', '');
  }
  throw new Error(`no ${status} live without private funds on the first page`);
}

const videoTime = (page: Page) => page.evaluate(() => document.querySelector('video')!.currentTime);

describe('replay chapters and the room', () => {
  for (const width of [390, 320]) {
    it(`a chapter tap seeks the playing video, keeps playing and adds no history entry (${width} px)`, async () => {
      const ctx = await context(USER_AGENTS.wechat, width);
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      const id = await firstId(page, 'ended');
      await page.goto(`/playBack/${id}`);
      await page.getByTestId('play').click();
      await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 1, undefined, {
        timeout: 20_000,
      });
      await page.evaluate(
        () => ((document.querySelector('video') as HTMLVideoElement & { mark?: boolean }).mark = true),
      );
      const historyBefore = await page.evaluate(() => history.length);
      const chapter = page.getByTestId('chapter-9');
      expect((await chapter.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await chapter.click();
      await page.waitForFunction(
        () => {
          const v = document.querySelector('video') as HTMLVideoElement & { mark?: boolean };
          return v.mark === true && v.currentTime >= 9 && !v.paused;
        },
        undefined,
        { timeout: 10_000 },
      );
      // It keeps playing from there: its time moves on.
      const t1 = await videoTime(page);
      await page.waitForFunction(
        (from) => (document.querySelector('video') as HTMLVideoElement).currentTime > from,
        t1,
        { timeout: 10_000 },
      );
      expect(await page.evaluate(() => history.length)).toBe(historyBefore);
      expect(page.url()).toMatch(/t=9/);
      for (const chip of await page.locator('.player__speeds button').all())
        expect((await chip.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await screenshot(page, `customer-replay-chapter-${width}`);
      expect(errors).toEqual([]);
      await ctx.close();
    });
  }

  for (const width of [390, 320] as const) {
    it(`in a live room the tap hint goes once the video plays; the player stays in view, the chat right under it and the message box at the bottom while the page scrolls (${width} px)`, async () => {
      const ctx = await context(USER_AGENTS.wechat, width, 700);
      const page = await ctx.newPage();
      const id = await firstId(page, 'live');
      await page.goto(`/liveDetail/${id}`);
      await enterRoom(page);
      const hint = page.locator('.room-callout__hint');
      await hint.waitFor();
      expect(await hint.isVisible()).toBe(true);
      await page.getByTestId('play').click();
      await page.locator('.player[data-phase="playing"]').waitFor({ timeout: 20_000 });
      expect(await hint.isVisible()).toBe(false);
      // Into the chat, not past it: the box is held at the bottom of the room's talk, not over the products.
      await page.mouse.wheel(0, 300);
      await framesPainted(page);
      await scrollSettled(page);
      const top = await page.evaluate(() => document.querySelector('.player')!.getBoundingClientRect().top);
      expect(Math.abs(top)).toBeLessThan(2);
      // The message box is held at the bottom of the screen, and the talk comes before the products.
      const compose = (await page.locator('.live-room__compose').boundingBox())!;
      expect(Math.abs(compose.y + compose.height - 700)).toBeLessThan(2);
      const order = await page.evaluate(() =>
        [...document.querySelectorAll('.live-room section[aria-label]')].map((el) => el.getAttribute('aria-label')),
      );
      expect(order.indexOf('互动')).toBeGreaterThanOrEqual(0);
      if (order.includes('直播间产品')) expect(order.indexOf('互动')).toBeLessThan(order.indexOf('直播间产品'));
      const send = (await page.getByTestId('leave-submit').boundingBox())!;
      expect(send.height).toBeGreaterThanOrEqual(44);
      await screenshot(page, `customer-room-playing-scrolled-${width}`);
      await ctx.close();
    });
  }
});

describe('desktop and PC WeChat', () => {
  it('a guarded link on a desktop browser ends on /iframe, never on an authorization page', async () => {
    const desktop = await context(USER_AGENTS.desktop, 1280, 800);
    const page = await desktop.newPage();
    const seen: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) seen.push(new URL(f.url()).pathname);
    });
    await page.goto('/marketMapIndex');
    await page.waitForURL(/\/iframe\?/);
    // Settled there: the page has loaded and made no request for 500 ms, so no redirect is still on its way.
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/iframe');
    expect(seen.filter((p) => p.startsWith('/__local-auth') || /authorize/.test(p))).toEqual([]);
    await desktop.close();
  });

  for (const path of ['/', '/about/1', '/login']) {
    it(`${path} keeps a phone-width column centred on a wide screen`, async () => {
      const desktop = await context(USER_AGENTS.desktop, 1280, 800);
      const page = await desktop.newPage();
      await page.goto(path);
      await page.locator('#root main, #root form, #root section').first().waitFor();
      await page.waitForLoadState('networkidle');
      await framesPainted(page);
      const box = await page.evaluate(() => {
        const r = document.getElementById('root')!.getBoundingClientRect();
        const video = document.querySelector('video')?.getBoundingClientRect();
        return { left: r.left, width: r.width, videoWidth: video?.width ?? 0 };
      });
      expect(box.width).toBeLessThanOrEqual(480);
      expect(Math.round(box.left)).toBe(Math.round((1280 - box.width) / 2));
      expect(box.videoWidth).toBeLessThanOrEqual(480);
      await screenshot(page, `customer-desktop${path.replace(/\//g, '_')}`);
      await desktop.close();
    });
  }
});
