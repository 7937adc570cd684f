import type { BrowserContext, Page } from 'playwright-core';

import { newContext, shotsAtPhoneWidths, watchErrors } from './support/chromium';
import { openAsWecomUser } from './support/sms';
import { productSuite } from './support/suite';

/**
 * Block, flag, pass (docs/compliance.md): a customer's held question reads 待合规审核 to its asker and is
 * nowhere for another visitor; a reviewer (许文清, u17) approves it on 审核台 → 待审内容, the expert (u1)
 * answers, the answer is published, and then the visitor reads it.
 */
const { server, browser } = productSuite();
const SHOTS = '/tmp/shots-holds';
const shots = (page: Page, name: string) => shotsAtPhoneWidths(page, SHOTS, name);
const HELD = '这款产品宝本，推荐给身边的朋友';

async function wechat(user: string, path: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(browser, 'wechat', { baseURL: server.url });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`/jumpToWxAuth?redirect=${encodeURIComponent(path)}`);
  await page.click(`[data-user="${user}"]`);
  await page.waitForURL((u) => u.pathname === path.split('?')[0]);
  return { context, page, errors };
}
const wecom = (user: string, path: string) => openAsWecomUser(browser, server.url, user, path);

describe('held texts (待合规审核)', () => {
  it('a held question shows 待合规审核 to its asker only; a reviewer approves it on 审核台 and, answered, it appears', async () => {
    // The asker: sent, and told it waits for compliance review rather than "sent".
    const asker = await wechat('u9', '/questionList');
    await asker.page.locator('textarea.kn-textarea').fill(HELD);
    const asked = asker.page.waitForResponse((r) => r.url().includes('/api/store/store_question'));
    await asker.page.locator('button[type="submit"]').click();
    const questionId = ((await (await asked).json()) as { data: { id: number } }).data.id;
    const notice = asker.page.getByTestId('hold-notice');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('待合规审核');
    await shots(asker.page, 'holds-question-asked');
    await asker.page.goto(`/questionDetail?id=${questionId}`);
    await asker.page.getByTestId('hold-notice').filter({ hasText: '待合规审核' }).waitFor();
    await shots(asker.page, 'holds-question-detail-asker');

    // Another visitor: not on the public list, and its page is not there.
    const visitor = await wechat('u10', '/questionList');
    await visitor.page.locator('.kn-card, .adm-error-block').first().waitFor();
    expect(await visitor.page.getByText(HELD).count()).toBe(0);
    await visitor.page.goto(`/questionDetail?id=${questionId}`);
    await visitor.page.locator('.adm-error-block').first().waitFor();
    expect(await visitor.page.getByText(HELD).count()).toBe(0);

    // The reviewer: 待审内容 shows the text and why; approving takes it off the queue.
    const reviewer = await wecom('u17', '/reviewDesk');
    await reviewer.page.getByRole('tab', { name: '待审内容' }).click();
    const item = reviewer.page.locator(`[data-held-text="question:${questionId}"]`);
    await item.waitFor();
    expect(await item.innerText()).toContain(HELD);
    await item.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shots(reviewer.page, 'holds-reviewDesk-held');
    await item.getByRole('button', { name: '通过并发布' }).click();
    await item.waitFor({ state: 'detached' });

    // The expert answers it; the reviewer publishes the answer.
    const expert = await wecom('u1', '/expertAnswers');
    const card = expert.page.locator(`[data-question="${questionId}"]`);
    await card.waitFor();
    await card.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await card.locator('textarea').fill('这款产品稳赚不赔');
    await card.getByRole('alert').waitFor();
    await shots(expert.page, 'holds-answer-editor-hint');
    await card.locator('textarea').fill('任何基金都不保本，请按风险承受能力选择，基金有风险，投资需谨慎。');
    const saved = expert.page.waitForResponse((r) => r.url().includes('/api/store/answer_save') && r.status() === 200);
    await card.getByRole('button', { name: '提交审核' }).click();
    const answerId = ((await (await saved).json()) as { data: { answer_id: number } }).data.answer_id;
    await reviewer.page.getByRole('tab', { name: '待审回答' }).click();
    const answer = reviewer.page.locator(`[data-review-answer="${answerId}"]`);
    await answer.waitFor();
    await answer.getByRole('button', { name: '通过并发布' }).click();
    await answer.waitFor({ state: 'detached' });

    // Now the visitor reads it, and the asker's mark is gone.
    await visitor.page.goto(`/questionDetail?id=${questionId}`);
    await visitor.page.getByText(HELD).first().waitFor();
    expect(await visitor.page.getByTestId('hold-notice').count()).toBe(0);
    await asker.page.reload();
    await asker.page.getByText(HELD).first().waitFor();
    expect(await asker.page.getByTestId('hold-notice').count()).toBe(0);

    expect([...asker.errors, ...visitor.errors.filter((e) => !e.includes('qa_detail')), ...reviewer.errors]).toEqual(
      [],
    );
    await Promise.all([
      asker.context.close(),
      visitor.context.close(),
      reviewer.context.close(),
      expert.context.close(),
    ]);
  }, 180_000);

  it('the leave-message and article composers: a held message says 待合规审核; a pasted promise shows its reason', async () => {
    const viewer = await wechat('u9', '/LeaveMessagePage?liveid=1');
    await viewer.page.locator('#leave-message').fill('这款产品宝本，大家冲');
    await viewer.page.getByTestId('leave-submit').click();
    await viewer.page.locator('.leave-form').getByTestId('hold-notice').filter({ hasText: '待合规审核' }).waitFor();
    await shots(viewer.page, 'holds-leave-message-held');

    const adviser = await wecom('u1', '/ForwardingAssistant');
    await adviser.page.locator('#fa-input').fill('<p>您的本金我们兜底，零风险</p>');
    await adviser.page.getByRole('alert').waitFor();
    await shots(adviser.page, 'holds-forwarding-assistant-hint');
    await Promise.all([viewer.context.close(), adviser.context.close()]);
  }, 120_000);
});
