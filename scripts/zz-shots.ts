import type { Page } from 'playwright-core';

import { type ContextKind,launchBrowser, newContext } from '../__tests__/e2e/support/chromium';
import { signInThroughWechat, signInThroughWecom } from '../__tests__/e2e/support/sms';

const baseURL = process.env.BASE ?? 'http://127.0.0.1:3210';
const OUT = '/work/shots';

type Step = (page: Page, shot: (name: string) => Promise<void>) => Promise<void>;
const screens: Array<{ kind: ContextKind; user: string; path: string; name: string; steps?: Step }> = [
  {
    kind: 'wecom',
    user: 'u1',
    path: '/marketMapIndex?from=menu',
    name: 'chance',
    steps: async (page, shot) => {
      await page.getByRole('tab', { name: '机会' }).click();
      await page.locator('.mk-card').first().waitFor();
      await shot('chance-list');
      await page.getByRole('button', { name: '处理', exact: true }).first().click();
      await page.getByRole('dialog').first().waitFor();
      await page.waitForTimeout(400);
      await shot('handle-sheet');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: '取消' }).first().click().catch(() => undefined);
      await page.waitForTimeout(400);
      await page.getByRole('button', { name: '忽略', exact: true }).first().click();
      await page.waitForTimeout(500);
      await shot('ignore-sheet');
      await page.getByRole('button', { name: '取消' }).first().click().catch(() => undefined);
      await page.waitForTimeout(400);
      await page.getByRole('button', { name: '发消息' }).first().click();
      await page.waitForTimeout(1200);
      await shot('reach-chooser');
    },
  },
  {
    kind: 'wecom',
    user: 'u1',
    path: '/materials',
    name: 'materials',
    steps: async (page, shot) => {
      await page.waitForTimeout(1500);
      await shot('materials');
      await page.locator('a[href*="materialDetail"]').first().click();
      await page.waitForTimeout(1500);
      await shot('material-detail');
      await page.mouse.wheel(0, 2000);
      await page.waitForTimeout(500);
      await shot('material-detail-scrolled');
    },
  },
  { kind: 'wecom', user: 'u3', path: '/reviewDesk', name: 'review-desk' },
  { kind: 'wecom', user: 'u16', path: '/complianceLog', name: 'compliance-log' },
  { kind: 'wecom', user: 'u17', path: '/storeReview', name: 'store-review' },
  { kind: 'wecom', user: 'u1', path: '/fundDetail?id=abc', name: 'fund-bad-id-wecom' },
  { kind: 'wechat', user: 'u4', path: '/fundDetail?id=abc', name: 'fund-bad-id-wechat' },
  { kind: 'wechat', user: 'u4', path: '/fundDetail?id=99999', name: 'fund-gone-wechat' },
  { kind: 'wecom', user: 'u1', path: '/fundDetail?id=99999', name: 'fund-gone-wecom' },
];

async function main() {
  const only = process.argv[2];
  const browser = await launchBrowser();
  for (const s of screens) {
    if (only && !s.name.includes(only)) continue;
    for (const width of [390, 320]) {
      const context = await newContext(browser, s.kind, { baseURL });
      const page = await context.newPage();
      await page.setViewportSize({ width, height: 760 });
      const shot = async (name: string) => {
        await page.screenshot({ path: `${OUT}/${name}-${s.kind}-${width}.png` });
      };
      try {
        if (s.kind === 'wecom') await signInThroughWecom(page, s.path, s.user);
        else await signInThroughWechat(page, s.user, s.path);
        await page.waitForTimeout(2000);
        if (s.steps) await s.steps(page, shot);
        else await shot(s.name);
      } catch (e) {
        console.log(s.name, width, String(e).slice(0, 300));
        await shot(`${s.name}-error`);
      }
      await context.close();
    }
  }
  await browser.close();
}
void main();
