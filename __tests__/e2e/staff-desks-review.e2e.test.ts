import type { Page } from 'playwright-core';

import { SCREENSHOT_DIR, shotsAtPhoneWidths } from './support/chromium';
import { openAsWecomUser } from './support/sms';
import { productSuite } from './support/suite';

/**
 * 审核台's 素材 and 已定绑定 tabs in WeCom, against the real local backend: 陈志强 (u3) may not approve his
 * own note (需他人审核), 许文清 (u17) approves it; a final binding offers 撤销 only to a second reviewer.
 */
const { server, browser } = productSuite();

const wecom = (user: string, path: string) => openAsWecomUser(browser, server.url, user, path);
const shots = (page: Page, name: string) => shotsAtPhoneWidths(page, SCREENSHOT_DIR, name);
const NOTE = '陈志强：读懂债券基金的季报';

describe('审核台 materials and final bindings in WeCom', () => {
  it('the author sees 需他人审核 and cannot approve; the second reviewer approves; a final binding is reversed only by a second reviewer', async () => {
    const author = await wecom('u3', '/reviewDesk');
    await author.page.getByRole('tab', { name: '素材' }).click();
    const own = author.page.locator('[data-review-material]').filter({ hasText: NOTE });
    await own.locator('[data-four-eyes]', { hasText: '需他人审核' }).waitFor();
    expect(await own.getByRole('button', { name: '通过并编号' }).isDisabled()).toBe(true);
    await own.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shots(author.page, 'staff-reviewDesk-materials-own');
    await author.page.getByRole('tab', { name: '已定绑定' }).click();
    await author.page
      .locator('[data-final-member] [data-four-eyes]', { hasText: '撤销需第二位审核员' })
      .first()
      .waitFor();
    expect(author.errors).toEqual([]);
    await author.context.close();

    const second = await wecom('u17', '/reviewDesk');
    await second.page.getByRole('tab', { name: '素材' }).click();
    const card = second.page.locator('[data-review-material]').filter({ hasText: NOTE });
    await card.getByText('诺亚稳健增利债券A').waitFor();
    expect(await card.locator('[data-four-eyes]').count()).toBe(0);
    await card.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shots(second.page, 'staff-reviewDesk-materials');
    const decided = second.page.waitForResponse((r) => r.url().includes('/api/review/materials/decide'));
    await card.getByRole('button', { name: '通过并编号' }).click();
    const body = (await (await decided).json()) as { data: { review_no: string; state: string } };
    expect(body.data).toMatchObject({ state: 'approved', review_no: expect.stringMatching(/^合规审核 NY-/) });
    await card.waitFor({ state: 'detached' });

    await second.page.getByRole('tab', { name: '已定绑定' }).click();
    const final = second.page.locator('[data-final-member]').filter({ hasText: '最终决定' }).first();
    await final.getByRole('button', { name: '撤销（需第二位审核员）' }).waitFor();
    await shots(second.page, 'staff-reviewDesk-final-binding');
    const memberId = await final.getAttribute('data-final-member');
    await final.locator('input').fill('客户申请更换理财师，需重新核对');
    await final.getByRole('button', { name: '撤销（需第二位审核员）' }).click();
    await second.page.locator(`[data-final-member="${memberId}"]`).waitFor({ state: 'detached' });
    expect(second.errors).toEqual([]);
    await second.context.close();
  });
});
