import { newContext, screenshot, shotsAtPhoneWidths, watchErrors } from './support/chromium';
import { signInThroughWecom } from './support/sms';
import { productSuite } from './support/suite';
import { readTheDay } from './support/workbench-day';

/**
 * A week lived on `npm start`'s defaults (simulator on): the 本地时钟 control moves the business clock seven days,
 * the simulator and the card pass catch up day by day, and the adviser's workbench still opens with today's cards
 * (at most the cap), 待处理 reachable to its end and tab counts equal to their lists (docs/workbench.md "A local clock").
 */
const SHOTS = '/tmp/shots-local-clock';
const { server, browser } = productSuite();

it('moves the local clock a week and the workbench reads today’s cards and counts equal to lists', async () => {
  const context = await newContext(browser, 'wecom', { baseURL: server.url });
  const page = await context.newPage();
  const errors = watchErrors(page);
  // The 本地时钟 page, as a person at this machine uses it: +7天.
  await page.goto('/__local/clock');
  const before = await page.locator('strong').first().innerText();
  await page.getByRole('button', { name: '+7天' }).click();
  await page.waitForURL(/\/__local\/clock$/);
  await page.getByText(/已拨快 \+7天：模拟 \d+ 步/).waitFor();
  const after = await page.locator('strong').first().innerText();
  expect(
    Date.parse(after.replace(' ', 'T') + '+08:00') - Date.parse(before.replace(' ', 'T') + '+08:00'),
  ).toBeGreaterThanOrEqual(7 * 86_400_000 - 60_000);
  await screenshot(page, 'local-clock-page');

  // The adviser signs in (a week away ends the old session anyway) and opens 今日.
  await signInThroughWecom(page, '/marketMapIndex?from=menu', 'u1');
  await page.locator('.mk-card').first().waitFor();
  // A week later, the seed day's check: 今日 ≤ 10 with 1-3 热 (lines calibrated on the day's push), every family's
  // count its list, 待处理 reachable to its last card.
  await readTheDay(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shotsAtPhoneWidths(page, SHOTS, 'week-waiting');
  await page.goBack();
  await page.getByRole('tab', { name: '今日' }).click();
  await page.getByTestId('today').locator('.mk-card').first().waitFor();
  await shotsAtPhoneWidths(page, SHOTS, 'week-today');
  expect(errors).toEqual([]);
  await context.close();
}, 240_000);
