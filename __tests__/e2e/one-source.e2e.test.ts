import type { Locator, Page } from 'playwright-core';

import { hydrated, newContext, shotsAtPhoneWidths, watchErrors } from './support/chromium';
import { openAsWechatCustomer, registerOnLanding } from './support/sms';
import { productSuite } from './support/suite';

const SHOTS = '/tmp/wl-shots/i42-facts';

const { server, browser } = productSuite();

const wechatCustomer = (user: string, path: string) => openAsWechatCustomer(browser, server.url, user, path);

/**
 * Two taps on one button `gap` ms apart, as a finger makes them (the page's own clock spaces them: the gesture
 * is what is under test, not a wait for the app).
 */
const doubleTap = (button: Locator, gap: number) =>
  button.evaluate(
    (el: HTMLElement, ms: number) =>
      new Promise<void>((done) => {
        el.click();
        setTimeout(() => {
          el.click();
          done();
        }, ms);
      }),
    gap,
  );

describe('a double tap likes', () => {
  it('double-tapping 点赞 (150 ms apart) sends one like and the server keeps it', async () => {
    const { context, page } = await wechatCustomer('u7', '/questionList');
    const errors = watchErrors(page);
    await page.locator('a.kn-card[href*="questionDetail"]').first().click();
    await page.waitForURL((u) => u.pathname === '/questionDetail');
    // The reader's own likes arrive with the signed-in reload: wait for a thumb that is off.
    const thumb = page.locator('[data-answer] .kn-thumb[aria-pressed="false"]').first();
    await thumb.waitFor();
    const answerId = await thumb.evaluate((el) => el.closest('[data-answer]')!.getAttribute('data-answer'));
    const mine = page.locator(`[data-answer="${answerId}"] .kn-thumb`);
    const count = Number((await mine.getAttribute('aria-label'))!.replace('点赞 ', ''));
    const sent: string[] = [];
    page.on('request', (r) => r.url().includes('/api/store/thumbs_up') && sent.push(r.postData() ?? ''));
    const answered = page.waitForResponse((r) => r.url().includes('/api/store/thumbs_up'));
    await doubleTap(mine, 150);
    const answer = (await (await answered).json()) as { data: { liked: boolean; likes: number } };
    expect(answer.data).toMatchObject({ liked: true, likes: count + 1 });
    expect(sent.map((b) => JSON.parse(b).liked)).toEqual([true]);
    expect(await mine.getAttribute('aria-pressed')).toBe('true');
    await shotsAtPhoneWidths(page, SHOTS, 'questionDetail-double-tapped');
    // The server's state, read again: liked by this reader, counted once.
    await page.reload();
    await page.locator(`[data-answer="${answerId}"] .kn-thumb[aria-pressed="true"]`).waitFor();
    expect(await mine.getAttribute('aria-label')).toBe(`点赞 ${count + 1}`);
    expect(sent).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('double-tapping 关注 (80 ms apart) follows, and the expert page and 我的关注 read it from the server', async () => {
    const { context, page } = await wechatCustomer('u8', '/expertMore');
    const errors = watchErrors(page);
    const first = page.locator('[data-expert]').first();
    await first.waitFor();
    const expertId = Number(await first.getAttribute('data-expert'));
    const button = first.locator('button.kn-follow');
    expect(await button.innerText()).toBe('+ 关注');
    const sent: string[] = [];
    page.on('request', (r) => /\/api\/store\/follow$/.test(new URL(r.url()).pathname) && sent.push(r.postData() ?? ''));
    const answered = page.waitForResponse((r) => /\/api\/store\/follow$/.test(new URL(r.url()).pathname));
    await doubleTap(button, 80);
    expect(((await (await answered).json()) as { data: { followed: boolean } }).data.followed).toBe(true);
    expect(sent.map((b) => JSON.parse(b).followed)).toEqual([true]);
    expect(await button.innerText()).toBe('已关注');
    await page.goto(`/coreMemberDetail?id=${expertId}`);
    await page.locator('button.kn-follow', { hasText: '已关注' }).waitFor();
    await page.goto('/mine');
    await page.locator('[data-list="follows"] .mine-item').first().waitFor();
    expect(await page.locator('[data-list="follows"]').innerText()).toContain(
      (await page.locator('[data-list="follows"] .mine-item-title').first().innerText()).trim(),
    );
    expect(await page.locator(`[data-list="follows"] a[href="/coreMemberDetail?id=${expertId}"]`).count()).toBe(1);
    // 我的 asks whether this reader is in the invitation program: a reader who is not is answered 404.
    expect(errors.filter((e) => !e.includes('/mgm-service/invite/userBaseInfo'))).toEqual([]);
    await context.close();
  }, 90_000);
});

/** A friend opens the inviter's link in WeChat, signs in as `user`, and registers with `phone`. */
async function registerThroughLink(link: string, user: string, phone: string) {
  const context = await newContext(browser, 'wechat', { baseURL: server.url });
  const page = await context.newPage();
  await page.goto(link);
  await page.waitForURL(/__local-auth\/wechat/);
  await page.click(`[data-user="${user}"]`);
  await page.waitForSelector('[data-testid="inviter"]:has-text("邀请你加入财富会员")', { timeout: 15_000 });
  // The landing is server-rendered: a tap before hydration meets HTML with no handler, so wait for the form's.
  await hydrated(page, '#inv-phone');
  await registerOnLanding(context, page, phone);
  await page.waitForSelector('[data-testid="registered"]');
  return { context, page };
}

const rowsOf = (page: Page, row: string, who: string, state: string) =>
  page
    .locator(row)
    .evaluateAll(
      (items, [w, s]) =>
        items.map((li) => [li.querySelector(w!)!.textContent!.trim().split(' ')[0], li.querySelector(s!)!.textContent]),
      [who, state],
    );

describe('one source for invitations', () => {
  it('two invitees register: 我的 and /record show the same people in the same states', async () => {
    // u5 (SEEDU5AA) has invited no one in the seed.
    const inviter = await wechatCustomer('u5', '/record');
    const errors = watchErrors(inviter.page);
    const link = (await inviter.page.getByTestId('invite-link').textContent({ timeout: 15_000 }))!.replace(
      server.url,
      '',
    );
    expect(link).toBe('/wechatH5?share=SEEDU5AA');

    // 复制链接 puts the link on the clipboard and says so.
    await inviter.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await inviter.page.getByRole('button', { name: '复制链接' }).click();
    await inviter.page.getByTestId('copy-toast').filter({ hasText: '链接已复制' }).waitFor();
    expect(await inviter.page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}${link}`);
    await shotsAtPhoneWidths(inviter.page, SHOTS, 'record-link-copied');
    // The toast hides itself.
    await inviter.page.waitForFunction(() => document.querySelector('[data-testid="copy-toast"]')?.textContent === '');

    // The poster masks the inviter's name exactly as the landing does.
    await inviter.page.getByRole('button', { name: '生成海报' }).click();
    const posterName = (await inviter.page.getByTestId('poster-name').innerText()).replace('邀请你加入财富会员', '');
    await shotsAtPhoneWidths(inviter.page, SHOTS, 'record-poster');

    const first = await registerThroughLink(link, 'u10', '13800002010');
    // A visitor's landing names the inviter with the same mask as the poster.
    const visitor = await newContext(browser, 'wechat', { baseURL: server.url });
    const v = await visitor.newPage();
    await v.goto(link);
    await v.waitForURL(/__local-auth\/wechat/);
    // The server renders the landing; the open is recorded by the page's own call once it runs.
    const opened = v.waitForResponse((r) => r.url().includes('/invite/getShareUserInfo'));
    await v.click('[data-user="u13"]');
    await opened;
    const landingName = (await v.getByTestId('inviter').innerText({ timeout: 15_000 })).replace(
      ' 邀请你加入财富会员',
      '',
    );
    await visitor.close();
    expect(posterName).toBe(landingName);
    expect(posterName).toMatch(/\*/);
    // An existing member opening someone's link sees their member page, not the form.
    await first.page.goto('/wechatH5?share=SEEDU4AA');
    await first.page.getByTestId('member-landing').waitFor();
    expect(await first.page.locator('#inv-phone').count()).toBe(0);
    await shotsAtPhoneWidths(first.page, SHOTS, 'wechatH5-member');
    await first.context.close();
    const second = await registerThroughLink(link, 'u11', '13800002011');
    await second.context.close();

    // 我的 and /record, for the inviter: the same people, the same states, in the same order.
    await inviter.page.goto('/record');
    await inviter.page.locator('[data-testid="friend"]').nth(2).waitFor();
    const record = await rowsOf(
      inviter.page,
      '[data-testid="friend"]',
      '[data-testid="friend-phone"]',
      '[data-testid="friend-state"]',
    );
    await shotsAtPhoneWidths(inviter.page, SHOTS, 'record-friends');
    await inviter.page.goto('/mine');
    await inviter.page.locator('[data-testid="mine-friend"]').nth(1).waitFor();
    const mine = await rowsOf(
      inviter.page,
      '[data-testid="mine-friend"]',
      '.mine-item-title',
      '[data-testid="mine-friend-state"]',
    );
    await inviter.page.locator('[data-list="invitations"]').scrollIntoViewIfNeeded();
    await shotsAtPhoneWidths(inviter.page, SHOTS, 'mine-invitations');
    // Both friends registered, newest first; the visitor who only looked comes after them on /record.
    expect(record.slice(0, 2)).toEqual([
      ['138****2011', '已注册'],
      ['138****2010', '已注册'],
    ]);
    expect(mine).toEqual(record.slice(0, mine.length));
    expect(mine.slice(0, 2)).toEqual(record.slice(0, 2));
    expect(record.slice(2)).toEqual([['访客（未注册）', '已打开链接']]);

    // The inviter's own link shows the member page too.
    await inviter.page.goto(link);
    await inviter.page.getByTestId('member-landing').filter({ hasText: '这是你自己的邀请链接' }).waitFor();
    expect(await inviter.page.locator('#inv-phone').count()).toBe(0);
    await shotsAtPhoneWidths(inviter.page, SHOTS, 'wechatH5-own-link');
    expect(errors).toEqual([]);
    await inviter.context.close();
  }, 240_000);
});
