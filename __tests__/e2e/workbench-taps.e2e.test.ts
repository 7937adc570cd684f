import type { Browser, Page } from 'playwright-core';

import { shotsAtPhoneWidths, watchErrors } from './support/chromium';
import type { RunningServer } from './support/server';
import { openWorkbench } from './support/sms';
import { productSuite } from './support/suite';
import { MIN_TAP_PX, smallTapTargets } from './support/tap-targets';

/**
 * Every tap on the adviser's workbench screens is at least 44 × 44 px, at 390 and at 320 px wide, in WeCom:
 * the card list and its clue tab, a card, a customer, settings, the ignored list and one ignored card, the
 * table, search, the customer list, meetings and lives, 我的. The screens are photographed as they are measured.
 */
let server: RunningServer;
let browser: Browser;
productSuite(
  (s, b) => {
    server = s;
    browser = b;
  },
  { MARKET_SIMULATOR: 'off' },
);

const SHOTS = process.env.TAP_SHOTS_DIR ?? '/tmp/wb-taps-shots';

/**
 * A page load in WeCom goes through the (local) authorization again, as opening a link from the menu does. The app
 * starts in a task after its scripts, so the redirect may come after the load event: wait for whichever shows first,
 * the authorization or the screen (`ready`).
 */
async function open(page: Page, href: string, ready: string) {
  await page.goto(href);
  const auth = page.locator('[data-user="u1"]');
  await auth.or(page.locator(ready).first()).first().waitFor();
  if (await auth.isVisible()) {
    await auth.click();
    await page.waitForURL((u) => !u.pathname.includes('__local-auth'));
  }
  await page.locator(ready).first().waitFor();
}

/** The small targets of the screen now showing, at both phone widths, named by screen and width. */
async function measure(page: Page, screen: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    await page.waitForTimeout(200);
    for (const t of await smallTapTargets(page)) found.push(`${screen}@${width}: ${t.what} ${t.width}×${t.height}`);
  }
  await shotsAtPhoneWidths(page, SHOTS, screen);
  return found;
}

describe('tap targets on the workbench', () => {
  it(`are all at least ${MIN_TAP_PX} px both ways`, async () => {
    const { context, page } = await openWorkbench(browser, server.url);
    const errors = watchErrors(page);
    const small: string[] = [];
    await page.locator('[data-family="all"] small').waitFor();
    small.push(...(await measure(page, 'workbench')));

    // A card's own page, then its customer.
    const card = page.locator('.mk-card').first();
    const cardId = Number(await card.getAttribute('data-card-id'));
    await card.locator('.mk-reasons').click();
    await page.locator('[data-testid="evidence"]').waitFor();
    small.push(...(await measure(page, 'card')));
    const customerHref = await page.locator('a[href*="personDetail"]').first().getAttribute('href');
    await page.goBack();
    await page.locator('.mk-card').first().waitFor();

    // Ignore it (a reason), so the ignored list and its detail have something to show; the bar and 全部 agree
    // before and after, one fewer.
    const counts = () =>
      page.evaluate(() => [
        Number(/共 (\d+) 条/.exec(document.querySelector('[data-testid="card-total"]')?.textContent ?? '')?.[1]),
        Number(document.querySelector('[data-family="all"] small')?.textContent),
      ]);
    const [before, chip] = await counts();
    expect(before).toBe(chip);
    await page.locator(`.mk-card[data-card-id="${cardId}"]`).getByRole('button', { name: '忽略' }).click();
    await page.getByRole('radio').first().click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确定|忽略/ })
      .last()
      .click();
    await page.locator(`.mk-card[data-card-id="${cardId}"]`).waitFor({ state: 'detached' });
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="card-total"]')?.textContent?.includes(`共 ${n} 条`),
      before! - 1,
    );
    expect(await counts()).toEqual([before! - 1, before! - 1]);

    await page.getByRole('tab', { name: '线索' }).click();
    await page.locator('.mk-card[data-clue-id]').first().waitFor();
    small.push(...(await measure(page, 'clues')));

    const screens: Array<[string, string, string]> = [
      ['ignored', '/ignoreIndex', '.mk-row, .mk-card'],
      ['ignored-card', `/ignoreDetail?card_id=${cardId}`, 'section[aria-label="经过"]'],
      ['config', '/config', 'input[type="checkbox"], [role="switch"], [role="checkbox"]'],
      ['table', '/table', '[data-testid="work-stats"] dl'],
      ['search', '/searchIndex', 'input'],
      ['customers', '/userlist', '.mk-row, .mk-card'],
      ['meetings', '/survivaList', '.mk-card'],
      ['mine', '/adviserMine', 'a'],
    ];
    for (const [name, href, ready] of screens) {
      await open(page, href, ready);
      small.push(...(await measure(page, name)));
    }
    await open(page, customerHref!, '[data-testid="recent-contacts"]');
    small.push(...(await measure(page, 'customer')));

    expect(small).toEqual([]);
    expect(errors.filter((e) => !e.includes('http 4'))).toEqual([]);
    await context.close();
  }, 240_000);
});
