import type { Browser, BrowserContext, Page } from 'playwright-core';

import { newContext, watchErrors } from './chromium';

/** The SMS code the local backend "sent" to a phone: read off its /__local-auth/sms page, as a tester would. */
export async function readLocalSmsCode(context: BrowserContext, regionAndPhone: string): Promise<string> {
  const smsPage = await context.newPage();
  await smsPage.goto('/__local-auth/sms');
  const code = await smsPage.locator(`[data-phone="${regionAndPhone}"] + b`).first().getAttribute('data-code');
  await smsPage.close();
  if (!code) throw new Error(`no SMS code shown for ${regionAndPhone}`);
  return code;
}

/**
 * A visitor's tap that needs a person (subscribe) sends them to WeChat's authorization:
 * on the local stand-in they pick who they are, as a tester would, and land back where they were.
 */
export async function pickWechatUser(page: Page, userUuid: string): Promise<void> {
  await page.waitForURL(/\/__local-auth\/wechat\/connect\/oauth2\/authorize/);
  await page.locator(`a[data-user="${userUuid}"]`).click();
  await page.waitForURL((url) => !/__local-auth|jumpToWxAuth/.test(url.pathname));
}

/** A WeChat customer who signs in before acting (leaving messages, the room's confirmation), then lands on `path`. */
export async function signInThroughWechat(page: Page, userUuid: string, path: string): Promise<void> {
  await page.goto(`/jumpToWxAuth?redirect=${encodeURIComponent(path)}`);
  await pickWechatUser(page, userUuid);
}

/** An adviser opening `target` from the WeCom menu: the local authorization stand-in, `user` picked, back at `target` and signed in. */
export async function signInThroughWecom(page: Page, target: string, user = 'u1'): Promise<void> {
  await page.goto(target);
  await page.waitForURL(/__local-auth\/wecom/);
  // The stand-in shares the app's origin: forgetting an earlier profile lets the wait below see this sign-in's.
  await page.evaluate(() => localStorage.removeItem('userinfos'));
  await page.click(`[data-user="${user}"]`);
  await page.waitForURL((u) => u.pathname === new URL(target, page.url()).pathname && u.searchParams.has('code'));
  // Back with a code is not signed in yet: the app trades the code for a token after it loads, and a
  // navigation now would cut that short and leave the next page anonymous.
  await page.waitForFunction(() => localStorage.getItem('userinfos') !== null);
}

/** Adviser u1's workbench in a fresh WeCom context, signed in, with its first card on screen. */
export async function openWorkbench(
  browser: Browser,
  baseURL: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, 'wecom', { baseURL });
  const page = await context.newPage();
  await signInThroughWecom(page, '/marketMapIndex?from=menu');
  await page.locator('.mk-card').first().waitFor();
  return { context, page };
}

/** Customer `user` in a fresh WeChat context, signed in on the local WeChat page and landed on `path`. */
export async function openAsWechatCustomer(
  browser: Browser,
  baseURL: string,
  user: string,
  path: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, 'wechat', { baseURL });
  const page = await context.newPage();
  await page.goto(`/jumpToWxAuth?redirect=${encodeURIComponent(path)}`);
  await page.click(`[data-user="${user}"]`);
  await page.waitForURL((u) => u.pathname === path.split('?')[0]);
  return { context, page };
}

/** `user` in a fresh WeCom context, signed in from `path`; the page's errors are collected from before the sign-in. */
export async function openAsWecomUser(
  browser: Browser,
  baseURL: string,
  user: string,
  path: string,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(browser, 'wecom', { baseURL });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await signInThroughWecom(page, path, user);
  return { context, page, errors };
}

/** Fills the landing page's form with a code read off the local SMS page. */
export async function registerOnLanding(context: BrowserContext, page: Page, phone: string): Promise<void> {
  await page.fill('#inv-phone', phone);
  await page.click('button:has-text("获取验证码")');
  await page.waitForSelector('button:has-text("秒后重发")');
  await page.fill('#inv-code', await readLocalSmsCode(context, `mgm:86-${phone}`));
  await page.fill('#inv-password', 'abc123');
  await page.check('.inv-agree input');
  await page.click('button:has-text("立即注册")');
}
