import fs from 'node:fs';
import type { Page } from 'playwright-core';

import { encryptField } from '../../server/security/rsa';
import { signRequest } from '../../server/test-support/sign';
import { SCREENSHOT_DIR, shotsAtPhoneWidths } from './support/chromium';
import { openAsWecomUser, readLocalSmsCode, signInThroughWecom } from './support/sms';
import { productSuite } from './support/suite';

/**
 * The staff desks in WeCom, against the real local backend: the expert (王建国, u1, writes for
 * 周立衡) answers in 专家回答, the reviewer (许文清, u17) publishes in 审核台 and sees what he may not
 * decide, the compliance officer (孙立诚, u16) reads, filters and exports the trail in 合规记录.
 */
const { server, browser } = productSuite();

const wecom = (user: string, path: string) => openAsWecomUser(browser, server.url, user, path);
const shots = (page: Page, name: string) => shotsAtPhoneWidths(page, SCREENSHOT_DIR, name);

async function mgm<T>(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ error: { code: number; message: string }; data: T }> {
  const req = signRequest({ method: 'POST', url: `/mgm-service${path}`, body, headers }, { scheme: 'basic' });
  const res = await fetch(`${server.url}${req.url}`, {
    method: 'POST',
    headers: req.headers as Record<string, string>,
    body: req.payload,
  });
  return (await res.json()) as never;
}

/** The first open question's card in 待回答, with its editor. */
async function firstOpenQuestion(page: Page) {
  const card = page
    .locator('[data-question]')
    .filter({ has: page.locator('[data-editor]') })
    .first();
  await card.waitFor();
  return { card, questionId: Number(await card.getAttribute('data-question')) };
}

describe('staff desks in WeCom', () => {
  it('专家回答 shows the server’s refusal; 审核台 publishes a clean answer to questionDetail and blocks the reviewer’s own reward; 合规记录 lists, filters and exports', async () => {
    // The expert: a literal promise is refused with the server's reason, then a clean answer goes to review.
    const expert = await wecom('u1', '/expertAnswers');
    const { card, questionId } = await firstOpenQuestion(expert.page);
    await card.locator('textarea').fill('这个组合保本，放心买。');
    await card.getByRole('button', { name: '提交审核' }).click();
    await card.getByRole('alert').filter({ hasText: '回答含有保本保收益类承诺用语「保本」，请修改后再提交' }).waitFor();
    await card.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shots(expert.page, 'staff-expertAnswers-refused');
    const clean = '可以按期限分层：两年内要用的部分放短债，其余分批配置红利基金。市场有风险，投资需谨慎。';
    await card.locator('textarea').fill(clean);
    const saved = expert.page.waitForResponse((r) => r.url().includes('/api/store/answer_save') && r.status() === 200);
    await card.getByRole('button', { name: '提交审核' }).click();
    const answerId = ((await (await saved).json()) as { data: { answer_id: number } }).data.answer_id;
    await expert.page.locator(`[data-question="${questionId}"] .st-tag`, { hasText: '审核中' }).waitFor();
    await expert.page.getByRole('tab', { name: '我的回答' }).click();
    await expert.page.locator(`[data-answer="${answerId}"]`, { hasText: '审核中' }).waitFor();
    await expert.page
      .locator('.st-foot, .st-more')
      .filter({ hasText: /没有更多了|加载更多/ })
      .waitFor();
    await shots(expert.page, 'staff-expertAnswers-mine');
    // The one expected failure: the refused submit (400).
    expect(expert.errors.filter((e) => !e.includes('answer_save'))).toEqual([]);

    // The reviewer joins the invitation program and invites a phone, which registers and verifies its identity.
    const reviewer = await wecom('u17', '/reviewDesk');
    const token = (await reviewer.page
      .waitForFunction(() => localStorage.getItem('token'))
      .then((h) => h.jsonValue()))!;
    const inviter = await mgm<{ shareCode: string }>('/invite/join', {}, { authorization: `Bearer ${token}` });
    expect(inviter.error).toEqual({ code: 0, message: 'ok' });
    const phone = '13712349001';
    await mgm('/invite/sendCode', { region: '86', phone });
    const code = await readLocalSmsCode(reviewer.context, `mgm:86-${phone}`);
    const { data: key } = await mgm<{ pubKey: string }>('/invite/getRSA', {});
    const reg = await mgm<{ mgmtoken: string; member: { memberId: number } }>('/invite/register', {
      region: '86',
      phone,
      code,
      password: encryptField('abc123', key.pubKey),
      shareCode: inviter.data.shareCode,
      deviceId: 'e2e-staff-desk-1',
      agree: true,
    });
    expect(reg.error.code).toBe(0);
    await mgm(
      '/invite/userBaseInfo',
      { identity: { realName: '张三丰', idNumber: '11010519491231002X' } },
      { mgmtoken: reg.data.mgmtoken },
    );

    // 审核台: the expert's answer, published; then his own invitee, shown as blocked with the reason.
    const item = reviewer.page.locator(`[data-review-answer="${answerId}"]`);
    await item.waitFor();
    expect(await item.locator('[data-four-eyes]').count()).toBe(0);
    await item.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shots(reviewer.page, 'staff-reviewDesk-answers');
    await item.getByRole('button', { name: '通过并发布' }).click();
    await item.waitFor({ state: 'detached' });
    await reviewer.page.getByRole('tab', { name: '邀请绑定' }).click();
    const own = reviewer.page.locator(`[data-review-member="${reg.data.member.memberId}"]`);
    await own.waitFor();
    expect(await own.locator('[data-four-eyes]').innerText()).toBe(
      '需他人审核\n您是该客户的邀请人，邀请奖励归您所有，需由其他审核人员处理',
    );
    expect(await own.getByRole('button', { name: '查找' }).isDisabled()).toBe(true);
    expect(await own.getByLabel('绑定理财师（姓名或工号）').isDisabled()).toBe(true);
    await own.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shots(reviewer.page, 'staff-reviewDesk-blocked');
    // Asked directly, the server refuses too, with the same reason (and the trail keeps the attempt).
    const self = await mgm(
      '/review/confirm',
      { memberId: reg.data.member.memberId, decision: 'approve' },
      { authorization: `Bearer ${token}` },
    );
    expect(self.error.message).toBe('您是该客户的邀请人，邀请奖励归您所有，需由其他审核人员处理');
    expect(reviewer.errors).toEqual([]);

    // The published answer is on the question's public page.
    await reviewer.page.goto(`/questionDetail?id=${questionId}`);
    const published = reviewer.page.locator(`[data-answer="${answerId}"]`);
    await published.waitFor();
    expect(await published.innerText()).toContain(clean);

    // 合规记录: the review decisions, filtered by kind and by the adviser they concern, and exported.
    const officer = await wecom('u16', '/complianceLog');
    await officer.page.locator('[data-event]').first().waitFor();
    await officer.page.getByLabel('类型').selectOption('review');
    await officer.page.getByRole('button', { name: '查询' }).click();
    await officer.page.waitForFunction(() => {
      const kinds = [...document.querySelectorAll('[data-event]')].map((e) => e.getAttribute('data-kind'));
      return kinds.length > 0 && kinds.every((k) => k === 'review');
    });
    const publishedRow = officer.page.locator('[data-event]', { hasText: `回答 #${answerId}` });
    await publishedRow.waitFor();
    expect(await publishedRow.innerText()).toMatch(/审核决定[\s\S]*通过并发布[\s\S]*许文清 · 回答 #/);
    const refusedRow = officer.page.locator('[data-event]', { hasText: `会员 #${reg.data.member.memberId}` });
    expect(await refusedRow.innerText()).toMatch(/拒绝[\s\S]*许文清[\s\S]*原因：您是该客户的邀请人/);
    await shots(officer.page, 'staff-complianceLog');
    await publishedRow.getByRole('button', { name: '只看理财师王建国' }).click();
    await officer.page.waitForFunction(
      () =>
        (document.getElementById('cl-adviser') as HTMLSelectElement | null)?.selectedOptions[0]?.textContent ===
        '王建国',
    );
    // The refused attempt concerns no adviser (the member was never bound): it leaves 王建国's records.
    await refusedRow.waitFor({ state: 'detached' });
    await publishedRow.waitFor();
    const download = officer.page.waitForEvent('download');
    await officer.page.getByRole('button', { name: '导出 CSV' }).click();
    const file = await (await download).path();
    const csv = fs.readFileSync(file!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1).split('\r\n')[0]).toBe(
      '时间,类型,操作人,理财师,客户,产品,对象,结果,原因,详情,结果代码,原因代码,序号,哈希',
    );
    expect(csv).toContain(`审核决定,许文清,王建国,,,answer:${answerId},通过并发布`);
    await officer.page.locator('[role="status"]', { hasText: '已导出当前筛选的记录' }).waitFor();
    expect(officer.errors).toEqual([]);
    // The account view links the desks the employee record names: the officer's records, no review desk.
    await officer.page.goto('/login');
    const desks = officer.page.getByRole('navigation', { name: '我的工作' });
    await desks.getByRole('link', { name: '合规记录' }).waitFor();
    expect(await desks.getByRole('link').allInnerTexts()).toEqual(['合规记录']);
    await shots(officer.page, 'staff-login-desks');

    // Each desk is for its role: the expert opening the compliance records is refused with the reason.
    // WeCom authorizes every address it opens without a code: through the local stand-in again.
    await signInThroughWecom(expert.page, '/complianceLog', 'u1');
    // The desk says who may use it and how to reach them, and nothing else: no filters, no export.
    await expert.page.getByText('本页仅供合规专员使用').waitFor();
    expect(await expert.page.getByRole('button', { name: /导出/ }).count()).toBe(0);
    await shots(expert.page, 'staff-complianceLog-refused');
    await Promise.all([expert.context.close(), reviewer.context.close(), officer.context.close()]);
  }, 180_000);

  it('专家回答 shows the content policy’s reason for a disguised promise', async () => {
    // Zero-width characters inside the words: the content policy normalises before it matches.
    const expert = await wecom('u2', '/expertAnswers');
    const { card } = await firstOpenQuestion(expert.page);
    await card.locator('textarea').fill('这只基金保\u200b本，稳\u200d赚，放心买。');
    const answered = expert.page.waitForResponse((r) => r.url().includes('/api/store/answer_save'));
    await card.getByRole('button', { name: '提交审核' }).click();
    expect((await answered).status()).toBe(400);
    const alert = card.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/保本|稳赚|承诺/);
    await shots(expert.page, 'staff-expertAnswers-disguised');
    await expert.context.close();
  }, 60_000);
});
