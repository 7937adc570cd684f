import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newContext, screenshot, watchErrors } from './support/chromium';
import type { RunningServer } from './support/server';
import { productSuite } from './support/suite';
import { readLocalSmsCode } from './support/sms';
import { signRequest } from '../../server/test-support/sign';
import { encryptField } from '../../server/security/rsa';

let server: RunningServer;
let browser: Browser;
productSuite((s, b) => {
  server = s;
  browser = b;
});

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

/** The invitation service as a second browser would call it (signed, from the same address). */
async function mgm<T>(path: string, body: unknown): Promise<{ error: { code: number; message: string }; data: T }> {
  const req = signRequest({ method: 'POST', url: `/mgm-service${path}`, body }, { scheme: 'basic' });
  const res = await fetch(`${server.url}${req.url}`, { method: 'POST', headers: req.headers, body: req.payload });
  return (await res.json()) as never;
}

/** Signs in through the local WeChat page as a seeded customer and lands on `path`. */
async function wechatUser(user: string, path: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, 'wechat', { baseURL: server.url });
  const page = await context.newPage();
  await page.goto(`/jumpToWxAuth?redirect=${encodeURIComponent(path)}`);
  await page.click(`[data-user="${user}"]`);
  await page.waitForURL((u) => u.pathname === path.split('?')[0]);
  return { context, page };
}

/** Fills the landing page's form with a code read off the local SMS page. */
async function registerOnLanding(context: BrowserContext, page: Page, phone: string) {
  await page.fill('#inv-phone', phone);
  await page.click('button:has-text("获取验证码")');
  await page.waitForSelector('button:has-text("秒后重发")');
  await page.fill('#inv-code', await readLocalSmsCode(context, `mgm:86-${phone}`));
  await page.fill('#inv-password', 'abc123');
  await page.check('.inv-agree input');
  await page.click('button:has-text("立即注册")');
}

describe('member-invitation program', () => {
  it('A shares, B registers from WeChat and shows on A’s records; first touch holds; self-referral refused; 4th from one address flagged', async () => {
    // Member A (u4) signs in through WeChat and opens the invite entry on /record.
    const a = await wechatUser('u4', '/record');
    const aErrors = watchErrors(a.page);
    const link = (await a.page.locator('[data-testid="invite-link"]').textContent({ timeout: 15_000 }))!;
    expect(link).toMatch(/\/wechatH5\?share=SEEDU4AA$/);
    await a.page.click('button:has-text("生成海报")');
    await a.page.waitForSelector('.inv-poster img[alt="邀请二维码"]');
    await screenshot(a.page, 'invitation-record-390');

    // Visitor B opens the link in WeChat: the share page signs in through the local WeChat page.
    const b = await newContext(browser, 'wechat', { baseURL: server.url });
    const bPage = await b.newPage();
    await bPage.goto(link.replace(server.url, ''));
    await bPage.waitForURL(/__local-auth\/wechat/);
    await bPage.click('[data-user="u9"]');
    await bPage.waitForSelector('[data-testid="inviter"]:has-text("邀请你加入财富会员")', { timeout: 15_000 });
    await screenshot(bPage, 'invitation-wechatH5-390');
    const bPhone = '13612340001';
    await registerOnLanding(b, bPage, bPhone);
    await bPage.waitForSelector('[data-testid="registered"]');
    await screenshot(bPage, 'invitation-registered-390');

    // B appears on A's records as registered, phone masked.
    await a.page.reload();
    const bRow = a.page.locator('[data-testid="friend"]', { hasText: masked(bPhone) });
    await bRow.waitFor({ timeout: 15_000 });
    expect(await bRow.locator('[data-testid="friend-state"]').textContent()).toBe('已注册');
    expect(await a.page.content()).not.toContain(bPhone);

    // B opens C's (u5's) link afterwards: the landing says B is already a member; attribution stays with A.
    await bPage.goto('/wechatH5?share=SEEDU5AA');
    await bPage.waitForSelector('[data-testid="inviter"]');
    const c = await wechatUser('u5', '/record');
    await c.page.waitForSelector('[data-testid="friend"], .inv-card .inv-empty', { timeout: 15_000 });
    expect(await c.page.locator('[data-testid="friend"]', { hasText: masked(bPhone) }).count()).toBe(0);
    await a.page.reload();
    await a.page.locator('[data-testid="friend"]', { hasText: masked(bPhone) }).waitFor();

    // A registering through A's own link (same device) is refused with a clear message.
    await a.page.goto(link.replace(server.url, ''));
    await a.page.waitForSelector('[data-testid="inviter"]:has-text("这是你自己的邀请链接")');
    await registerOnLanding(a.context, a.page, '13612340002');
    await a.page.waitForSelector('[data-testid="register-error"]:has-text("不能通过自己的邀请链接注册")');

    // Two more registrations from this address (B was the first), then the 4th is flagged for review.
    const { data: key } = await mgm<{ pubKey: string }>('/invite/getRSA', {});
    for (const [i, phone] of ['13612340003', '13612340004', '13612340005'].entries()) {
      await mgm('/invite/sendCode', { region: '86', phone });
      const page = await b.newPage();
      const code = await readLocalSmsCode(b, `mgm:86-${phone}`);
      await page.close();
      const res = await mgm<{ flagged: boolean }>('/invite/register', {
        region: '86', phone, code, password: encryptField('abc123', key.pubKey), shareCode: 'SEEDU4AA', deviceId: `e2e-device-${i + 1}`, agree: true,
      });
      expect([res.error.code, res.data.flagged]).toEqual([0, i === 2]);
    }
    await a.page.goto('/record');
    const flagged = a.page.locator('[data-testid="friend"]', { hasText: masked('13612340005') });
    await flagged.waitFor({ timeout: 15_000 });
    expect(await flagged.locator('[data-testid="friend-flag"]').textContent()).toContain('同一网络当日注册超过3人');
    await a.page.click('button[role="tab"]:has-text("我的奖励")');
    await a.page.waitForSelector('text=好友注册奖励');
    // The self-referral refusal above is the one expected 400.
    expect(aErrors.filter((e) => !e.includes('/mgm-service/invite/register'))).toEqual([]);
    await Promise.all([a.context.close(), b.close(), c.context.close()]);
  }, 90_000);

  it('every invitation route renders real content, at 390 and 320 px', async () => {
    const context = await newContext(browser, 'wechat', { baseURL: server.url });
    const page = await context.newPage();
    await page.goto('/rules');
    await page.waitForSelector('h1:has-text("会员邀请活动规则")');
    await screenshot(page, 'invitation-rules-390');
    await page.goto('/download');
    await page.waitForSelector('[data-testid="download-phone"]');
    await screenshot(page, 'invitation-download-390');
    await page.setViewportSize({ width: 320, height: 640 });
    for (const [path, ready, name] of [
      ['/rules', 'h1:has-text("会员邀请活动规则")', 'rules'],
      ['/download', '[data-testid="download-phone"]', 'download'],
    ] as const) {
      await page.goto(path);
      await page.waitForSelector(ready);
      await screenshot(page, `invitation-${name}-320`);
    }
    await context.close();

    const member = await wechatUser('u5', '/record');
    await member.page.setViewportSize({ width: 320, height: 640 });
    await member.page.waitForSelector('[data-testid="invite-link"]');
    await screenshot(member.page, 'invitation-record-320');
    await member.page.goto('/wechatH5?share=SEEDU4AA');
    await member.page.waitForSelector('[data-testid="inviter"]');
    await member.page.fill('#inv-password', 'abc');
    await screenshot(member.page, 'invitation-wechatH5-320');
    await member.context.close();

    const desktop = await newContext(browser, 'desktop', { baseURL: server.url });
    const dPage = await desktop.newPage();
    await dPage.goto('/download');
    await dPage.waitForSelector('[data-testid="download-desktop"] img[alt="下载页二维码"]');
    await screenshot(dPage, 'invitation-download-desktop');
    await desktop.close();
  }, 60_000);
});
