import type { BrowserContext, Page } from 'playwright-core';

import { newContext, screenshot, USER_AGENTS, watchErrors } from './support/chromium';
import { readLocalSmsCode } from './support/sms';
import { productSuite } from './support/suite';

/*
 * /download as a customer meets it in WeChat on Android and iOS (the deeplink answer's own download address
 * for each, never the page itself), and the phone sign-in's new calls: the region list from phone_region
 * ordered by opconfig, the code check before sign-in, and the wealth app's web view's own send and sign-in.
 */

const { server, browser } = productSuite();

/** WeChat's browser on an Android phone (the suite's shared WeChat agent is an iPhone). */
const ANDROID_WECHAT =
  'Mozilla/5.0 (Linux; Android 14; 23127PN0CC Build/UKQ1.230804.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/122.0.6261.120 Mobile Safari/537.36 XWEB/1220099 MMWEBSDK/20240404 MMWEBID/2307 MicroMessenger/8.0.49.2600(0x28003133) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';
/** The deeplink wait is at least 2,500 ms (docs/rules/constants.md#analytics). */
const DEEPLINK_WAIT_MS = 2500;

async function androidWechat(): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: server.url,
    userAgent: ANDROID_WECHAT,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
}

async function noOverflow(page: Page, where: string) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(`${where}: ${scroll}`).toBe(`${where}: ${client}`);
}

describe('/download', () => {
  it('Android in WeChat: 安卓下载 and the fallback after 2,500 ms go to android_info.download_url, never back to /download', async () => {
    const context = await androidWechat();
    const page = await context.newPage();
    const errors = watchErrors(page);
    const answer = page.waitForResponse((r) => r.url().includes('/sdk/deeplink/param'));
    await page.goto('/download');
    const params = (await (await answer).json()) as {
      android_info: { download_url: string };
      ios_info: { download_url: string };
    };
    const android = params.android_info.download_url;
    expect(android).not.toMatch(/^\/download/);
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 640 });
      await page.getByTestId('download-android').waitFor();
      await noOverflow(page, `/download on Android at ${width}`);
      await screenshot(page, `download-android-wechat-${width}`);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    // This phone's store first and filled: 安卓下载 above App Store 下载.
    expect(await page.locator('[data-testid^="download-"] >> nth=1').getAttribute('data-testid')).toBe(
      'download-android',
    );
    expect(await page.getByTestId('download-android').getAttribute('href')).toBe(android);
    expect(await page.getByTestId('download-ios').getAttribute('href')).toBe(params.ios_info.download_url);

    // 安卓下载 goes there.
    await page.getByTestId('download-android').click();
    await page.waitForURL((u) => u.pathname === android);
    await page.getByRole('heading', { name: /安卓安装包/ }).waitFor();

    // 打开 App: the scheme opens nothing here (no app), so after the wait the page goes to the Android address.
    await page.goto('/download');
    const tapped = Date.now();
    await page.getByRole('button', { name: '打开 App' }).click();
    await page.waitForURL((u) => u.pathname === android, { timeout: 15_000 });
    expect(Date.now() - tapped).toBeGreaterThanOrEqual(DEEPLINK_WAIT_MS - 100);
    await page.getByRole('heading', { name: /安卓安装包/ }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('iOS in WeChat: App Store 下载 goes to ios_info.download_url (the app’s page), not the App Store home', async () => {
    const context = await newContext(browser, 'wechat', { baseURL: server.url });
    expect(USER_AGENTS.wechat).toMatch(/iPhone OS 17/);
    const page = await context.newPage();
    await page.goto('/download');
    const store = page.getByTestId('download-ios');
    await store.waitFor();
    const href = (await store.getAttribute('href'))!;
    expect(href).not.toBe('https://apps.apple.com/');
    expect(href).not.toMatch(/^\/download/);
    expect(await page.locator('[data-testid^="download-"] >> nth=1').getAttribute('data-testid')).toBe('download-ios');
    await store.click();
    await page.waitForURL((u) => u.pathname === href);
    await page.getByRole('heading', { name: /App Store · 财富 App/ }).waitFor();
    await context.close();
  });

  it('an unreachable deeplink service: a clear message and a retry, no redirect; the retry brings the buttons', async () => {
    const context = await androidWechat();
    const page = await context.newPage();
    const cut = (route: { abort(): Promise<void> }) => route.abort();
    await page.route('**/sdk/deeplink/param**', cut);
    // The page's clock is the test's: the deeplink wait passes at once, and nothing may have left the page by then.
    await page.clock.install();
    await page.goto('/download');
    await page.getByTestId('download-failed').getByText('暂时无法获取下载地址，请检查网络后重试').waitFor();
    await page.clock.runFor(DEEPLINK_WAIT_MS + 500);
    expect(new URL(page.url()).pathname).toBe('/download');
    expect(await page.getByRole('button', { name: '打开 App' }).count()).toBe(0);
    await noOverflow(page, '/download offline at 390');
    await screenshot(page, 'download-android-offline-390');
    await page.unroute('**/sdk/deeplink/param**', cut);
    await page.getByRole('button', { name: '重试' }).click();
    await page.getByTestId('download-android').waitFor();
    await context.close();
  });
});

describe('phone sign-in: regions, the code check, the wealth app', () => {
  it('/login lists phone_region’s regions in opconfig’s order; a wrong code is refused by checkCode before any sign-in', async () => {
    const context = await androidWechat();
    const page = await context.newPage();
    const calls: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (/phone_region|opconfig|checkCode|info_mobile_login|info_open_wealth|send_phone_code|sendPhoneCode/.test(path))
        calls.push(path.split('/api/')[1]!);
    });
    await page.goto('/login?redirect=%2Frules');
    const picker = page.getByLabel('手机号地区');
    await picker.waitFor();
    expect(await picker.locator('option').allTextContents()).toEqual([
      '中国大陆 +86',
      '中国香港 +852',
      '中国澳门 +853',
      '中国台湾 +886',
      '美国/加拿大 +1',
    ]);
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 640 });
      await noOverflow(page, `/login at ${width}`);
      await screenshot(page, `login-regions-${width}`);
    }
    // The longest offered names fit the closed picker at both widths (it showed "中国香港 +85").
    for (const [code, width] of [
      ['852', 320],
      ['1', 320],
      ['852', 390],
    ] as const) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 640 });
      await picker.selectOption(code);
      expect(await picker.evaluate((el: HTMLSelectElement) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      await screenshot(page, `login-region-${code}-${width}`);
    }
    await picker.selectOption('852');
    await page.getByLabel('手机号', { exact: true }).fill('61234567');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText(/秒后重新获取/).waitFor();
    const code = await readLocalSmsCode(context, '852-61234567');
    await page.getByLabel('验证码').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByText('验证码错误，请重新输入').waitFor();
    await screenshot(page, 'login-code-refused-390');
    expect(calls.filter((c) => c.includes('login'))).toEqual([]);
    await page.getByLabel('验证码').fill(code);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL(/\/rules$/);
    // The two region calls go together; then the send, a refused check, a good check and only then the sign-in.
    expect(calls.slice(0, 2).sort()).toEqual(['common/opconfig', 'common/phone_region']);
    expect(calls.slice(2)).toEqual([
      'common/send_phone_code',
      'id/auth/checkCode',
      'id/auth/checkCode',
      'id/auth/info_mobile_login',
    ]);
    await context.close();
  });

  it('inside the wealth app’s web view /login sends through sendPhoneCode and signs in through info_open_wealth', async () => {
    const context = await newContext(browser, 'app', { baseURL: server.url });
    const page = await context.newPage();
    const calls: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (/checkCode|info_mobile_login|info_open_wealth|send_phone_code|sendPhoneCode/.test(path)) calls.push(path);
    });
    await page.goto(`/login?redirect=${encodeURIComponent('/rules?from=wenoahRnWebview')}`);
    await page.getByText('在财富 App 内登录').waitFor();
    await page.getByLabel('手机号', { exact: true }).fill('13955550001');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText(/秒后重新获取/).waitFor();
    await page.getByLabel('验证码').fill(await readLocalSmsCode(context, '86-13955550001'));
    await screenshot(page, 'login-in-app-390');
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL(/\/rules\?from=wenoahRnWebview$/);
    expect(calls).toEqual([
      '/live-api/cs-live-app/api/common/sendPhoneCode',
      '/smart-live/smart-service/api/id/auth/checkCode',
      '/live-api/cs-live-app/api/id/auth/info_open_wealth',
    ]);
    const info = JSON.parse((await page.evaluate(() => localStorage.getItem('userinfos'))) ?? '{}') as Record<
      string,
      unknown
    >;
    expect(info).toMatchObject({ real_name: '用户0001', employee: null });
    expect(info).not.toHaveProperty('opened');
    await context.close();
  });
});
