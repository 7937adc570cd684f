import type { Page } from 'playwright-core';

import { encryptField } from '../../server/security/rsa';
import { signRequest } from '../../server/test-support/sign';
import { newContext, screenshot, watchErrors } from './support/chromium';
import { openAsWechatCustomer, readLocalSmsCode, registerOnLanding } from './support/sms';
import { productSuite } from './support/suite';
import { waitUntil } from './support/wait';

const { server, browser } = productSuite();

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

/** The invitation service as a second browser would call it (signed, from the same address). */
async function mgm<T>(path: string, body: unknown): Promise<{ error: { code: number; message: string }; data: T }> {
  const req = signRequest({ method: 'POST', url: `/mgm-service${path}`, body }, { scheme: 'basic' });
  const res = await fetch(`${server.url}${req.url}`, { method: 'POST', headers: req.headers, body: req.payload });
  return (await res.json()) as never;
}

/** Signs in through the local WeChat page as a seeded customer and lands on `path`. */
const wechatUser = (user: string, path: string) => openAsWechatCustomer(browser, server.url, user, path);

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

    // B verifies identity right after registering (a wrong check digit is refused first).
    await bPage.fill('#inv-realname', '张三丰');
    await bPage.fill('#inv-idnumber', '110105194912310021');
    await bPage.click('button:has-text("提交认证")');
    await bPage.waitForSelector('[data-testid="identity-error"]:has-text("身份证号码有误")');
    await bPage.fill('#inv-idnumber', '11010519491231002X');
    await bPage.click('button:has-text("提交认证")');
    await bPage.waitForSelector('[data-testid="identity-done"]:has-text("110***********002X")');
    await screenshot(bPage, 'invitation-verified-390');

    // B starts a learning task on /record; the server times the 30 s (completed further down).
    await bPage.goto('/record');
    await bPage.click('button[role="tab"]:has-text("学习任务")');
    await bPage.locator('[data-testid="task"] button:has-text("开始学习")').first().click();
    await bPage.waitForSelector('[data-testid="task"]:has-text("阅读中，还需")');
    await screenshot(bPage, 'invitation-tasks-390');

    // B appears on A's records as registered, phone masked.
    await a.page.reload();
    const bRow = a.page.locator('[data-testid="friend"]', { hasText: masked(bPhone) });
    await bRow.waitFor({ timeout: 15_000 });
    // Verified, no fraud flag: the invitation is eligible, its rewards pending until staff confirm the binding.
    expect(await bRow.locator('[data-testid="friend-state"]').textContent()).toBe('待发放奖励');
    expect(await a.page.content()).not.toContain(bPhone);

    // B opens C's (u5's) link afterwards: the landing says B is already a member; attribution stays with A.
    await bPage.goto('/wechatH5?share=SEEDU5AA');
    await bPage.waitForSelector('[data-testid="inviter"]');
    const c = await wechatUser('u5', '/record');
    await c.page.waitForSelector('[data-testid="friend"], .inv-card .inv-empty', { timeout: 15_000 });
    expect(await c.page.locator('[data-testid="friend"]', { hasText: masked(bPhone) }).count()).toBe(0);
    await a.page.reload();
    await a.page.locator('[data-testid="friend"]', { hasText: masked(bPhone) }).waitFor();

    // A on A's own link gets the member page, not a form (registering through it is refused by the server).
    await a.page.goto(link.replace(server.url, ''));
    await a.page.waitForSelector('[data-testid="member-landing"]:has-text("这是你自己的邀请链接")');
    expect(await a.page.locator('#inv-phone').count()).toBe(0);

    // Two more registrations from this address (B was the first), then the 4th is flagged for review.
    const { data: key } = await mgm<{ pubKey: string }>('/invite/getRSA', {});
    for (const [i, phone] of ['13612340003', '13612340004', '13612340005'].entries()) {
      await mgm('/invite/sendCode', { region: '86', phone });
      const page = await b.newPage();
      const code = await readLocalSmsCode(b, `mgm:86-${phone}`);
      await page.close();
      const res = await mgm<{ flagged: boolean }>('/invite/register', {
        region: '86',
        phone,
        code,
        password: encryptField('abc123', key.pubKey),
        shareCode: 'SEEDU4AA',
        deviceId: `e2e-device-${i + 1}`,
        agree: true,
      });
      expect([res.error.code, res.data.flagged]).toEqual([0, i === 2]);
    }
    await a.page.goto('/record');
    const flagged = a.page.locator('[data-testid="friend"]', { hasText: masked('13612340005') });
    await flagged.waitFor({ timeout: 15_000 });
    expect(await flagged.locator('[data-testid="friend-flag"]').textContent()).toContain('同一网络当日注册超过3人');
    // B completes the learning task once the server says its 30 s have passed (the page reads the seconds left from
    // the server): B's own points, and A's learning reward (pending).
    const finish = bPage.locator('[data-testid="task"] button:has-text("完成学习"):enabled').first();
    await waitUntil(
      'the server to allow 完成学习',
      async () => {
        await bPage.goto('/record');
        await bPage.click('button[role="tab"]:has-text("学习任务")');
        await bPage.locator('[data-testid="task"]').first().waitFor();
        return (await finish.count()) > 0;
      },
      { timeoutMs: 45_000, everyMs: 2_000 },
    );
    await finish.click();
    await bPage.waitForSelector('[data-testid="task"]:has-text("已完成")');
    await bPage.locator('.inv-tabs').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(bPage, 'invitation-tasks-done-390');
    await bPage.click('button[role="tab"]:has-text("我的奖励")');
    await bPage.waitForSelector('.inv-item:has-text("学习任务奖励"):has-text("已发放")');
    await a.page.reload();
    await a.page.click('button[role="tab"]:has-text("我的奖励")');
    await a.page.waitForSelector('text=好友注册奖励');
    for (const kind of ['好友注册奖励', '好友实名奖励', '学习任务奖励']) {
      expect(
        await a.page
          .locator('.inv-item', { hasText: masked(bPhone) })
          .filter({ hasText: kind })
          .locator('.inv-state')
          .textContent(),
      ).toBe('待发放');
    }
    await screenshot(a.page, 'invitation-rewards-inviter-390');
    // The self-referral refusal above is the one expected 400.
    expect(aErrors.filter((e) => !e.includes('/mgm-service/invite/register'))).toEqual([]);
    await Promise.all([a.context.close(), b.close(), c.context.close()]);
  }, 150_000);

  it('every invitation route renders real content, at 390 and 320 px', async () => {
    const context = await newContext(browser, 'wechat', { baseURL: server.url });
    const page = await context.newPage();
    const errors = watchErrors(page);
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 640 });
      for (const [path, ready, name] of [
        ['/rules', 'h1:has-text("会员邀请活动规则")', 'rules'],
        ['/download', '[data-testid="download-phone"] button:has-text("打开 App")', 'download'],
      ] as const) {
        await page.goto(path);
        await page.waitForSelector(ready);
        await noOverflow(page, `${path} at ${width}`);
        await screenshot(page, `invitation-${name}-${width}`);
      }
    }
    expect(errors).toEqual([]);
    await context.close();

    // A visitor's landing and registration at 320 px, then the member screens.
    const visitor = await wechatUser('u10', '/wechatH5');
    for (const width of [390, 320]) {
      // Without a share code the page says so and still offers registration (the regions load by themselves).
      await visitor.page.setViewportSize({ width, height: width === 390 ? 844 : 640 });
      // The regions held back a moment: the form as it stands while they load, then with them.
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await visitor.page.route('**/api/common/phone_region', async (route) => {
        await held;
        await route.continue();
      });
      await visitor.page.reload();
      await visitor.page.waitForSelector('h1:has-text("邀请链接不完整")');
      const loading = await visitor.page.locator('#inv-phone').boundingBox();
      release();
      await visitor.page.waitForSelector('select[aria-label="手机号地区"]:not([disabled])');
      await visitor.page.unroute('**/api/common/phone_region');
      // The number stays where it was when the regions arrive, and every region's name shows whole.
      expect(await visitor.page.locator('#inv-phone').boundingBox()).toEqual(loading);
      expect(await regionClipped(visitor.page)).toEqual([]);
      await noOverflow(visitor.page, `wechatH5 without a link at ${width}`);
      await screenshot(visitor.page, `invitation-wechatH5-nolink-${width}`);
    }
    await visitor.page.goto('/wechatH5?share=SEEDU5AA');
    await visitor.page.waitForSelector('[data-testid="inviter"]:has-text("邀请你加入财富会员")');
    await visitor.page.fill('#inv-password', 'abc');
    await noOverflow(visitor.page, 'wechatH5 at 320');
    await screenshot(visitor.page, 'invitation-wechatH5-320');
    await visitor.page.fill('#inv-password', '');
    await registerOnLanding(visitor.context, visitor.page, '13612340009');
    await visitor.page.waitForSelector('[data-testid="identity-form"]');
    await noOverflow(visitor.page, 'registered at 320');
    await screenshot(visitor.page, 'invitation-registered-320');
    await visitor.page.goto('/record');
    await visitor.page.waitForSelector('[data-testid="invite-link"]');
    await visitor.page.click('[data-testid="identity-folded"] button:has-text("去认证")');
    await visitor.page.waitForSelector('[data-testid="identity-form"]');
    await noOverflow(visitor.page, 'record (unverified) at 320');
    await screenshot(visitor.page, 'invitation-record-unverified-320');
    await visitor.context.close();

    const member = await wechatUser('u5', '/record');
    for (const width of [390, 320]) {
      await member.page.setViewportSize({ width, height: width === 390 ? 844 : 640 });
      await member.page.goto('/record');
      await member.page.waitForSelector('[data-testid="invite-link"]');
      await member.page.waitForSelector('[data-testid="friend"], .inv-card .inv-empty');
      await noOverflow(member.page, `record at ${width}`);
      await screenshot(member.page, `invitation-record-${width}`);
      await member.page.click('button:has-text("生成海报")');
      await member.page.waitForSelector('.inv-poster img[alt="邀请二维码"]');
      await member.page.locator('.inv-poster').scrollIntoViewIfNeeded();
      await screenshot(member.page, `invitation-poster-${width}`);
      await member.page.click('button:has-text("收起海报")');
      await member.page.click('button[role="tab"]:has-text("学习任务")');
      await member.page.waitForSelector('[data-testid="task"]');
      await member.page.locator('.inv-tabs').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await noOverflow(member.page, `tasks at ${width}`);
      await screenshot(member.page, `invitation-tasks-${width}`);
      await member.page.click('button[role="tab"]:has-text("我的奖励")');
      await member.page.waitForSelector('text=已发放');
      await member.page.locator('.inv-tabs').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await screenshot(member.page, `invitation-rewards-${width}`);
    }
    await member.context.close();

    const desktop = await newContext(browser, 'desktop', { baseURL: server.url });
    const dPage = await desktop.newPage();
    await dPage.goto('/download');
    await dPage.waitForSelector('[data-testid="download-desktop"] img[alt="下载页二维码"]');
    await screenshot(dPage, 'invitation-download-desktop');
    await desktop.close();
  }, 120_000);

  it('a network failure (docs/rules/errors.md#network-failures: an empty value) shows an error with a retry on each screen, and the retry loads', async () => {
    const member = await wechatUser('u5', '/record');
    await member.page.waitForSelector('[data-testid="invite-link"]');
    const cut = (route: { abort(): Promise<void> }) => route.abort();
    await member.page.route('**/mgm-service/**', cut);
    await member.page.reload();
    await member.page.waitForSelector('text=邀请记录加载失败');
    await screenshot(member.page, 'invitation-record-offline-390');
    await member.page.unroute('**/mgm-service/**', cut);
    await member.page.click('button:has-text("重试")');
    await member.page.waitForSelector('[data-testid="invite-link"]');

    // A refresh that fails keeps what was shown and says so; the tasks tab has its own retry.
    await member.page.route('**/mgm-service/invite/taskList', cut);
    await member.page.click('button:has-text("刷新")');
    await member.page.click('button[role="tab"]:has-text("学习任务")');
    await member.page.waitForSelector('.inv-card [role="alert"]:has-text("网络连接失败") button:has-text("重试")');
    await member.page.unroute('**/mgm-service/invite/taskList', cut);
    await member.page.click('.inv-card [role="alert"] button:has-text("重试")');
    await member.page.waitForSelector('[data-testid="task"]');

    // The landing: the inviter cannot load → message and retry; the form's regions likewise.
    await member.page.route('**/mgm-service/invite/getShareUserInfo', cut);
    await member.page.goto('/wechatH5?share=SEEDU4AA');
    await member.page.waitForSelector('h1:has-text("邀请信息加载失败")');
    await screenshot(member.page, 'invitation-wechatH5-offline-390');
    await member.page.unroute('**/mgm-service/invite/getShareUserInfo', cut);
    await member.page.click('button:has-text("重试")');
    await member.page.waitForSelector('[data-testid="inviter"]');
    await member.context.close();
  }, 60_000);
});

/** Nothing wider than the screen: the page does not scroll sideways. */
/** Region options whose text is wider than the closed select shows (its padding and arrow taken off). */
function regionClipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const select = document.querySelector<HTMLSelectElement>('select[aria-label="手机号地区"]')!;
    const style = getComputedStyle(select);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontSize} ${style.fontFamily}`;
    // Chromium's drop-down arrow takes about 20 px at the end of a select.
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
    return [...select.options].map((o) => o.text).filter((text) => context.measureText(text).width > room);
  });
}

async function noOverflow(page: Page, where: string) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(`${where}: ${scroll}`).toBe(`${where}: ${client}`);
}
