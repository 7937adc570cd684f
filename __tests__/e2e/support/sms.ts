import type { BrowserContext } from 'playwright-core';

/** The SMS code the local backend "sent" to a phone: read off its /__local-auth/sms page, as a tester would. */
export async function readLocalSmsCode(context: BrowserContext, regionAndPhone: string): Promise<string> {
  const smsPage = await context.newPage();
  await smsPage.goto('/__local-auth/sms');
  const code = await smsPage.locator(`[data-phone="${regionAndPhone}"] + b`).first().getAttribute('data-code');
  await smsPage.close();
  if (!code) throw new Error(`no SMS code shown for ${regionAndPhone}`);
  return code;
}
