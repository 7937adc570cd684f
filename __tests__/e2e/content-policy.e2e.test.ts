import { newContext, SCREENSHOT_DIR, shotsAtPhoneWidths, watchErrors } from './support/chromium';
import { productSuite } from './support/suite';

const { server, browser } = productSuite();

describe('content policy on the question box', () => {
  it('a disguised promise and a resident ID are refused before sending, with the rule named, at 390 and 320 px', async () => {
    const context = await newContext(browser, 'wechat', { baseURL: server.url });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`/jumpToWxAuth?redirect=${encodeURIComponent('/questionList')}`);
    await page.click('[data-user="u9"]');
    await page.waitForURL((u) => u.pathname === '/questionList');
    const box = page.locator('textarea.kn-textarea');
    const submit = page.locator('button[type="submit"]');

    await box.fill('这只基金保\u200b本，稳\u200d赚，快来买！');
    await page.getByRole('alert').filter({ hasText: '提问含有保本保收益类承诺用语「保本」，请修改后再提交' }).waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await shotsAtPhoneWidths(page, SCREENSHOT_DIR, 'policy-question-promise');

    await box.fill('我的身份证11010519491231002X，适合买什么基金？');
    await page.getByRole('alert').filter({ hasText: '请勿在提问中填写身份证号，请删除后再提交' }).waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await shotsAtPhoneWidths(page, SCREENSHOT_DIR, 'policy-question-id');

    // A disclosure is not a promise: the same box takes it.
    await box.fill('这只基金不保本，最大回撤大概多少？');
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await submit.isEnabled()).toBe(true);
    // Nor is an honest question about one, or hearsay asked about.
    await box.fill('听说这只基金保\u200b本，稳\u200d赚，是真的吗？');
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await submit.isEnabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
