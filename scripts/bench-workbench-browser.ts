import { newContext, launchBrowser, screenshot } from '../__tests__/e2e/support/chromium';
import { startProductServer } from '../__tests__/e2e/support/server';
import { mockMarketMap } from '../__tests__/e2e/support/workbench-mock';
import type { Page } from 'playwright-core';

/**
 * The workbench in Chromium with 10,000 open cards in the store (a generated book served in
 * place of the marketing map): card rows in the DOM, and the time from a tap on a family, a tag
 * or the order toggle to the re-rendered list (synchronous React commit, and to the next frame).
 * Needs a build (`npm run build`). `--shots`: also screenshots of every workbench screen at 390
 * and 320 px in WeCom (test-results/screenshots/workbench-*.png).
 */
const CARDS = 10_000;
const ROUNDS = 5;

async function signIn(page: Page, path: string) {
  await page.goto(path);
  await page.waitForURL(/__local-auth\/wecom/);
  await page.click('[data-user="u1"]');
  await page.waitForURL(new RegExp(path.replace('?', '\\?')));
}

async function tap(page: Page, selector: string): Promise<[number, number]> {
  return page.evaluate(
    (sel) =>
      new Promise<[number, number]>((resolve) => {
        const el = document.querySelector<HTMLElement>(sel);
        if (!el) throw new Error(`no ${sel}`);
        const t0 = performance.now();
        el.click();
        const sync = performance.now() - t0;
        requestAnimationFrame(() => resolve([sync, performance.now() - t0]));
      }),
    selector,
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const shots = process.argv.includes('--shots');
  const server = await startProductServer({ MARKET_SIMULATOR: 'off' });
  const browser = await launchBrowser();
  try {
    const context = await newContext(browser, 'wecom', { baseURL: server.url });
    await mockMarketMap(context, CARDS, { pageAll: true });
    const page = await context.newPage();
    await signIn(page, '/marketMapIndex');
    await page.waitForSelector(`[data-testid="card-list"][data-count="${CARDS}"]`, { timeout: 60_000 });
    await page.waitForSelector('.mk-card');
    const rows = await page.locator('.mk-card').count();
    await page.mouse.wheel(0, 40_000);
    await page.waitForTimeout(300);
    const rowsScrolled = await page.locator('.mk-card').count();
    await page.evaluate(() => window.scrollTo(0, 0));
    const taps: Record<string, string> = {
      family: '[data-family="behaviour_insight"]',
      all: '[data-family="all"]',
      order: 'button[aria-label="切换排序"]',
      tag: '[aria-label="客户标签"] .mk-chip',
    };
    const results: Record<string, { sync: number[]; frame: number[] }> = {};
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [name, sel] of Object.entries(taps)) {
        const [sync, frame] = await tap(page, sel);
        (results[name] ??= { sync: [], frame: [] }).sync.push(sync);
        results[name]!.frame.push(frame);
        await page.waitForTimeout(50);
      }
    }
    console.info(`workbench with ${CARDS} cards: ${rows} card rows in the DOM at the top, ${rowsScrolled} after scrolling (limit 200)`);
    for (const [name, r] of Object.entries(results)) {
      console.info(`  ${name.padEnd(7)} filter/sort + commit: median ${median(r.sync).toFixed(1)} ms, max ${Math.max(...r.sync).toFixed(1)} ms; to next frame: median ${median(r.frame).toFixed(1)} ms`);
    }
    if (rows > 200 || rowsScrolled > 200) process.exitCode = 1;
    if (shots) await takeShots(browser, server.url);
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

async function takeShots(browser: Awaited<ReturnType<typeof launchBrowser>>, url: string) {
  const screens = ['marketMapIndex', 'searchIndex', 'userlist', 'table', 'config', 'ignoreIndex', 'ignoreDetail?card_id=1'];
  for (const width of [390, 320]) {
    const context = await newContext(browser, 'wecom', { baseURL: url });
    await mockMarketMap(context, 40);
    const page = await context.newPage();
    await page.setViewportSize({ width, height: 760 });
    await signIn(page, '/marketMapIndex');
    await page.waitForSelector('.mk-card');
    await page.waitForTimeout(400);
    await screenshot(page, `workbench-marketMapIndex-${width}`);
    await page.click('.mk-card .mk-actions button:nth-child(3)');
    await screenshot(page, `workbench-ignore-sheet-${width}`);
    await page.click('.mk-sheet-mask', { position: { x: 5, y: 5 } });
    await page.click('[role="tab"]:has-text("线索")');
    await page.waitForSelector('[data-clue-id]');
    await screenshot(page, `workbench-clues-${width}`);
    await page.click('[role="tab"]:has-text("机会")');
    for (const s of screens.slice(1)) {
      // A full load without a code goes through WeCom authorization again (spec §4).
      await signIn(page, `/${s}`);
      await page.waitForTimeout(800);
      if (s === 'searchIndex') {
        await page.fill('input[type="search"]', '张');
        await page.waitForTimeout(800);
      }
      await screenshot(page, `workbench-${s.replace(/\?.*/, '')}-${width}`);
    }
    await context.close();
  }
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
