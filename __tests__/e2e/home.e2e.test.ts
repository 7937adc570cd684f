import { newContext, screenshot, watchErrors } from './support/chromium';
import { productSuite } from './support/suite';

const { server, browser } = productSuite();

describe('home list, end to end', () => {
  it('a WeChat phone sees lives in all three statuses and an ended live opens its end page', async () => {
    const context = await newContext(browser, 'wechat', { baseURL: server.url });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/?uuid=u1&date=2026-11-22');

    await page.locator('[data-status]').first().waitFor();
    // An address without `from` is rewritten with from=weapp (docs/rules/routes-and-screens.md#home).
    await page.waitForURL(/from=weapp/);
    expect(await page.title()).toBe('直播');
    for (const tone of ['live', 'ended']) {
      await page.locator(`[data-status="${tone}"]`).first().waitFor();
    }
    // The viewer's own tags come once the viewer is known (after hydration): wait for the first of them.
    await page.locator('[data-status="subscribed"], [data-status="unsubscribed"]').first().waitFor();
    expect(await page.locator('[data-status="subscribed"], [data-status="unsubscribed"]').count()).toBeGreaterThan(0);
    await expect(page.locator('[data-status="live"]').first().innerText()).resolves.toMatch(/直播中[\s\S]*人在线/);
    await expect(page.locator('[data-status="ended"]').first().innerText()).resolves.toMatch(/已结束[\s\S]*次回放/);
    await screenshot(page, 'home-wechat');

    const endedCard = page.locator('[data-status="ended"]').first();
    const id = (await endedCard.getAttribute('data-testid'))!.replace('live-', '');
    await endedCard.click();
    await page.waitForURL(new RegExp(`/LiveEnd/${id}$`));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an upcoming live opens its about page with from=weapp', async () => {
    const context = await newContext(browser, 'wechat', { baseURL: server.url });
    const page = await context.newPage();
    await page.goto('/?uuid=u1&date=2026-11-22&from=share');
    const card = page.locator('[data-status="subscribed"], [data-status="unsubscribed"]').first();
    await card.waitFor();
    const id = (await card.getAttribute('data-testid'))!.replace('live-', '');
    await card.click();
    await page.waitForURL(new RegExp(`/about/${id}\\?from=weapp$`));
    await context.close();
  });

  it('a link without a user id shows the public list, not a dead end', async () => {
    const context = await newContext(browser, 'wechat', { baseURL: server.url });
    const page = await context.newPage();
    await page.goto('/?date=2026-11-22');
    // No dead end; the public list for this device instead of "链接不完整".
    await page.locator('[data-status]').first().waitFor();
    expect(await page.getByText('链接不完整').count()).toBe(0);
    await context.close();
  });
});
