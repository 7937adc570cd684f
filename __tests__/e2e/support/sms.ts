import type { BrowserContext, Page } from 'playwright-core';

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
 * A visitor's tap that needs a person (subscribe, issue 15 item 2) sends them to WeChat's authorization:
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
