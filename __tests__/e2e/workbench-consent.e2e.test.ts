import fs from 'node:fs';
import type { Page } from 'playwright-core';

import { installFakeBridge } from './support/bridge';
import { newContext, watchErrors } from './support/chromium';
import { signInThroughWecom } from './support/sms';
import { productSuite } from './support/suite';

/**
 * 发消息 asks before it sends (docs/workbench.md "Consent before a send"), in WeCom at 390 px: the chooser opens
 * and nothing is forwarded, audited or counted until the adviser confirms; WeCom (the one thing stood in for:
 * it lives outside this machine) then refuses the send, and 未送达 with the reason shows on the card,
 * materialDetail, the reading radar and 合规记录.
 */
const { server, browser } = productSuite({ MARKET_SIMULATOR: 'off' });

const SHOTS = '/tmp/shots-consent';
const SEND_PATHS = /\/chance\/(file\/forward|file\/share-record|reach\/message)/;

/** The newest trail row's id as the compliance officer's 合规记录 lists it (newest first). */
async function newestEvent(officer: Page): Promise<number> {
  await officer.reload();
  // A fresh server's trail may be empty (no rows: 0).
  await officer.locator('[data-event]').first().or(officer.getByText('没有符合条件的记录')).waitFor();
  const first = officer.locator('[data-event]').first();
  return (await first.count()) ? Number(await first.getAttribute('data-event')) : 0;
}

describe('发消息 in WeCom at 390 px', () => {
  it('sends nothing before the adviser confirms, and a failed WeCom send is 未送达 everywhere', async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const officerContext = await newContext(browser, 'wecom', { baseURL: server.url });
    const officer = await officerContext.newPage();
    await signInThroughWecom(officer, '/complianceLog', 'u16');

    const context = await newContext(browser, 'wecom', { baseURL: server.url });
    await installFakeBridge(context, {
      sendChatMessage: 'sendChatMessage:fail no permission',
      shareToExternalContact: 'shareToExternalContact:fail no permission',
    });
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 780 });
    const errors = watchErrors(page);
    const sends: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && SEND_PATHS.test(r.url())) sends.push(r.url());
    });
    await signInThroughWecom(page, '/marketMapIndex?from=menu', 'u1');
    await page.getByRole('tab', { name: '今日' }).click();
    const today = page.getByTestId('today');
    await today.locator('.mk-card[data-card-id]').first().waitFor();
    const before = await newestEvent(officer);

    const row = today.locator('.mk-card[data-card-id]').first();
    await row.getByRole('button', { name: '发消息' }).click();
    const chooser = page.locator('[data-testid="send-chooser"][data-status="ready"]');
    await chooser.waitFor();
    const text = await chooser.innerText();
    expect(text).toContain('推荐');
    expect(text).toMatch(/适当性：适合该客户/);
    expect(text).toContain('客户将收到');
    expect(text).toContain('发文字消息');
    const budget = /今日还可联系该客户 (\d+)\/(\d+) 次/.exec(text);
    expect(budget?.[1]).toBe(budget?.[2]);
    await page.screenshot({ path: `${SHOTS}/chooser-390.png` });
    await page.setViewportSize({ width: 320, height: 640 });
    await page.screenshot({ path: `${SHOTS}/chooser-320.png` });
    const picked = await page.locator('.mk-send__option[aria-checked="true"]').getAttribute('data-material-id');
    // Opened and read: no forward, no contact record, no trail row, no budget spent.
    expect(sends).toEqual([]);
    expect(await newestEvent(officer)).toBe(before);
    await page.setViewportSize({ width: 390, height: 780 });

    await chooser.getByRole('button', { name: '确认发送' }).click();
    const undelivered = row.locator('[data-delivery="undelivered"]');
    await undelivered.waitFor({ timeout: 5_000 });
    expect(await undelivered.innerText()).toMatch(/未送达《.+》：企业微信发送失败/);
    expect(await undelivered.getByRole('button', { name: '重试' }).isVisible()).toBe(true);
    expect(sends.some((u) => u.includes('/chance/file/forward'))).toBe(true);
    await page.screenshot({ path: `${SHOTS}/undelivered-card-390.png` });

    // 合规记录: pending then 未送达 with the reason in words.
    await newestEvent(officer);
    const failedRow = officer.locator('[data-event][data-kind="forward"]', { hasText: '未送达' }).first();
    await failedRow.waitFor();
    expect(await failedRow.innerText()).toMatch(/原因：企业微信发送失败/);
    await officer.screenshot({ path: `${SHOTS}/compliance-log-390.png` });

    // The reading radar of that material: 未送达 with the reason and 重试, not "转发于".
    await signInThroughWecom(page, `/materialRadar?material_id=${picked}`, 'u1');
    const radarRow = page.locator('[data-delivery="undelivered"]').first();
    await radarRow.waitFor();
    expect(await radarRow.innerText()).toMatch(/未送达：企业微信发送失败/);
    await page.screenshot({ path: `${SHOTS}/radar-390.png` });

    // materialDetail: a send to another suitable customer fails in WeCom too: 已送达 0 位, 未送达 1 位 with 重试.
    await signInThroughWecom(page, `/materialDetail?material_id=${picked}`, 'u1');
    const suitable = page.locator('.mt-pick', { hasText: '适合发送' }).first();
    await suitable.waitFor();
    await suitable.locator('input').check();
    await page.getByRole('button', { name: '发送', exact: true }).click();
    const result = page.getByRole('status', { name: '发送结果' });
    await result.locator('[data-delivery="undelivered"]').waitFor({ timeout: 5_000 });
    const said = await result.innerText();
    expect(said).toContain('已送达 0 位，未送达 1 位');
    expect(said).toMatch(/未送达 1 位：企业微信发送失败/);
    expect(said).not.toMatch(/已发送 1 位/);
    await result.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/material-detail-390.png` });
    expect(errors).toEqual([]);
    await context.close();
    await officerContext.close();
  });
});
