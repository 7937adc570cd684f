import { installFakeBridge } from './support/bridge';
import { newContext, screenshot, watchErrors } from './support/chromium';
import { productSuite } from './support/suite';
import { waitUntil } from './support/wait';

const { server, browser } = productSuite();

describe('share menus through the real JS-SDK (docs/rules/states.md#share-menus)', () => {
  it('WeChat home: after the delay the page is signed by the backend, both menus set; a share sends common_share_click', async () => {
    const context = await newContext(browser, 'wechat', { baseURL: server.url });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await installFakeBridge(page);
    const events: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('event.php')) events.push(r.postData() ?? '');
    });
    await page.goto('/?uuid=u1&date=2026-11-22&from=weapp');
    await page.waitForFunction(
      () => window.__bridge.calls.some((c) => c.name === 'updateAppMessageShareData'),
      undefined,
      { timeout: 15_000 },
    );
    const calls = await page.evaluate(() => window.__bridge.calls);
    const verify = calls.find((c) => c.name === 'preVerifyJSAPI');
    expect(verify?.args).toMatchObject({ verifyAppId: 'wx-local-mp' });
    expect(String(verify?.args.verifySignature)).toMatch(/^[0-9a-f]{40}$/);
    const share = calls.find((c) => c.name === 'updateAppMessageShareData');
    // A shared link never carries the sharer's uuid.
    expect(share?.args).toMatchObject({ title: '直播', link: `${server.url}/?date=2026-11-22&from=weapp` });
    expect(calls.some((c) => c.name === 'updateTimelineShareData')).toBe(true);

    // The user shares to a chat: WeChat fires the menu event, the SDK sends, the page tracks it.
    await page.evaluate(() => window.__bridge.handlers['menu:share:appmessage']?.({}));
    await page.waitForFunction(() => window.__bridge.calls.some((c) => c.name === 'sendAppMessage'));
    await waitUntil('the share tracked as common_share_click', () =>
      events.some((e) => e.includes('common_share_click')),
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('share menus in WeCom', () => {
  it('the page is signed with js_sdk_config (corp id) and the menu set', async () => {
    const context = await newContext(browser, 'wecom', { baseURL: server.url });
    const page = await context.newPage();
    await installFakeBridge(page);
    const signed: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/live/wework/js_sdk_config')) signed.push(r.postData() ?? '');
    });
    await page.goto('/?uuid=u1&date=2026-11-22&from=weapp');
    await page.waitForFunction(
      () => window.__bridge.calls.some((c) => c.name === 'updateAppMessageShareData'),
      undefined,
      { timeout: 15_000 },
    );
    const verify = (await page.evaluate(() => window.__bridge.calls)).find((c) => c.name === 'preVerifyJSAPI');
    expect(verify?.args).toMatchObject({ verifyAppId: 'ww-local-corp' });
    expect(JSON.parse(signed[0] ?? '{}')).toEqual({ url: `${server.url}/?uuid=u1&date=2026-11-22&from=weapp` });
    await context.close();
  });
});

describe('helper screens', () => {
  it('/test, /jumpToMini, /jumpToMeeting and /follow render their real content', async () => {
    const context = await newContext(browser, 'wechat', { baseURL: server.url });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/test');
    await page.evaluate(() => localStorage.setItem('token', 'secret-token-123456'));
    await page.getByRole('button', { name: '刷新' }).click();
    await page.getByText('se********56（19位）').waitFor();
    expect(await page.getByText('微信浏览器 · 手机 · iOS').count()).toBe(1);
    await screenshot(page, 'helpers-test');

    await page.goto('/jumpToMini?path=pages/live/index&query=id%3D7');
    await page.getByText('点击下方按钮，在微信中打开小程序').waitFor();
    await screenshot(page, 'helpers-jump-to-mini');

    await page.goto('/jumpToMeeting?id=123456789');
    expect(await page.getByRole('link', { name: '加入会议' }).getAttribute('href')).toBe(
      'wemeet://page/inmeeting?meeting_code=123456789',
    );
    await page.goto('/jumpToMeeting?id=abc');
    await page.getByText('会议号应为9-12位数字，请检查后重试').waitFor();

    await page.goto('/follow');
    const qr = page.getByRole('img', { name: '财富直播服务号二维码' });
    await qr.waitFor();
    await page.waitForFunction(
      () => (document.querySelector('.helper__qr') as HTMLImageElement | null)?.naturalWidth !== 0,
    );
    await screenshot(page, 'helpers-follow');
    expect(errors).toEqual([]);
    await context.close();
  });
});
