import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

import { hydrated, newContext, screenshot, USER_AGENTS, watchErrors } from './support/chromium';
import { signInThroughWecom } from './support/sms';
import { productSuite } from './support/suite';
import { waitUntil } from './support/wait';

/**
 * The server-rendered first screens show before any script runs,
 * hydrate without a React mismatch and without moving anything on the page; (item 2) error reporting
 * loads after it and reports what was thrown before it came.
 */
const { server, browser } = productSuite();

const HOME = '/?uuid=u1&date=2026-11-22&from=weapp';

/** Layout shifts from the first paint on (the Layout Instability API), summed like CLS. */
const SHIFT_PROBE = `
  window.__shifts = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push(e.value); })
    .observe({ type: 'layout-shift', buffered: true });`;

/**
 * Every linked stylesheet applied. The HTML's nodes exist (and can be measured) before the CSS arrives, though
 * nothing is painted until it has: measuring earlier saw unstyled boxes on a loaded machine.
 */
const stylesheetsLoaded = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('link[rel="stylesheet"]')].every((l) => (l as HTMLLinkElement).sheet !== null),
  );

async function phone(width: number, javaScript: boolean): Promise<BrowserContext> {
  if (width === 390 && javaScript) return newContext(browser, 'wechat', { baseURL: server.url });
  return browser.newContext({
    baseURL: server.url,
    userAgent: USER_AGENTS.wechat,
    viewport: { width, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    javaScriptEnabled: javaScript,
  });
}

/** Requests matching `match` wait until `release()`; `asked()` counts them. */
async function holdRequests(page: Page, match: RegExp | ((url: URL) => boolean)) {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let asked = 0;
  await page.route(match, async (route) => {
    asked += 1;
    await held;
    await route.continue();
  });
  return { release, asked: () => asked };
}

/**
 * A WeChat phone page at 390 px with the layout-shift probe, its errors and console lines, and the app's main script
 * held until `release()`: the server's HTML is measured before any script runs.
 */
async function heldFirstScreen() {
  const context = await phone(390, true);
  const page = await context.newPage();
  const errors = watchErrors(page);
  const consoleLines: string[] = [];
  page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
  await page.addInitScript(SHIFT_PROBE);
  const { release } = await holdRequests(page, /\/js\/main\.[0-9a-f]+\.js$/);
  return { context, page, errors, consoleLines, release };
}

type Box = { id: string | null; x: number; y: number; w: number; h: number };
const boxesOf = (page: Page, selector: string): Promise<Box[]> =>
  page.$$eval(selector, (els) =>
    els.slice(0, 8).map((el) => {
      const r = el.getBoundingClientRect();
      return { id: el.getAttribute('data-testid'), x: r.x, y: r.y, w: r.width, h: r.height };
    }),
  );

describe('server-rendered first screens', () => {
  it('the home list is in the HTML before any script, and hydrates with no mismatch and no layout shift', async () => {
    const { context, page, errors, consoleLines, release } = await heldFirstScreen();
    await page.goto(HOME, { waitUntil: 'commit' });
    await page.locator('.live-card').first().waitFor();
    expect(await page.locator('#root[data-ssr="home"]').count()).toBe(1);
    await stylesheetsLoaded(page);
    const before = await boxesOf(page, '.live-card');
    expect(before.length).toBeGreaterThan(3);
    // Hydration adopts the server's nodes; a client render would replace them (and lose this mark).
    await page.evaluate(
      () => void ((document.querySelector('.live-card') as unknown as { __fromServer?: boolean }).__fromServer = true),
    );
    release();
    await hydrated(page, '.live-card');
    // Hydrated: the list's own events run (the subscribe buttons answer), the online poll starts.
    await page.waitForRequest(/\/room\/online/);
    const after = await boxesOf(page, '.live-card');
    expect(after).toEqual(before);
    expect(
      await page.evaluate(
        () => (document.querySelector('.live-card') as unknown as { __fromServer?: boolean }).__fromServer,
      ),
    ).toBe(true);
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
    expect(shifts.reduce((a, b) => a + b, 0)).toBeLessThan(0.001);
    expect(consoleLines.filter((l) => /hydrat|did not match|#418|#423|#425/i.test(l))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("covers are fetched at the phone's size in a modern format, not as the full drawing", async () => {
    // 320 px wide at 2x, script off: the browser alone picks from the server's <picture> sources.
    const context = await phone(320, false);
    const page = await context.newPage();
    const covers: string[] = [];
    page.on(
      'request',
      (r) =>
        void (r.url().includes('/static/covers/')
          ? covers.push(new URL(r.url()).pathname + new URL(r.url()).search)
          : null),
    );
    await page.goto(HOME);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.live-card img')]
        .slice(0, 4)
        .every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
    );
    const firstFour = await page.evaluate(() =>
      [...document.querySelectorAll('.live-card img')].slice(0, 4).map((i) => (i as HTMLImageElement).currentSrc),
    );
    // 128 CSS px at 2x: the 256-wide variant, in AVIF (Chromium decodes it).
    for (const src of firstFour)
      expect(new URL(src).pathname + new URL(src).search).toMatch(/^\/static\/covers\/\d+\.avif\?w=256$/);
    expect(covers.filter((c) => c.endsWith('.svg'))).toEqual([]);
    await context.close();
  });

  /** A product page link as an adviser makes it in WeCom (product 3 of the local seed, a public bond fund). */
  let shareUrl = '';
  beforeAll(async () => {
    const context = await newContext(browser, 'wecom', { baseURL: server.url });
    const page = await context.newPage();
    await signInThroughWecom(page, '/rateDetail?product_id=3');
    await page.getByRole('button', { name: '生成客户分享页' }).click();
    await page.locator('.pd-share .mt-pick[data-suitable="yes"] label').first().click();
    await page.getByRole('button', { name: /^为 .+ 生成分享页$/ }).click();
    const link = new URL(await page.locator('.pd-share__link').first().innerText());
    shareUrl = link.pathname + link.search;
    PAGES.push({ name: 'rateShareDetail', url: shareUrl, route: 'rateShareDetail', selector: '.pd-hero h1' });
    await context.close();
  }, 90_000);

  it('a shared product page is in the HTML, hydrates with no mismatch or shift, and does not fetch its data again', async () => {
    expect(shareUrl).toMatch(/^\/RateShareDetail\?share_code=[\w-]+\.[\w-]+/);
    const { context, page, errors, consoleLines, release } = await heldFirstScreen();
    const dataRequests: string[] = [];
    page.on('request', (r) => void (/\/share\/product-page/.test(r.url()) ? dataRequests.push(r.url()) : null));
    await page.goto(shareUrl, { waitUntil: 'commit' });
    await page.locator('.pd-hero h1').waitFor();
    expect(await page.locator('#root[data-ssr="rateShareDetail"]').count()).toBe(1);
    await page.getByText('基金有风险，投资需谨慎').waitFor();
    await stylesheetsLoaded(page);
    const boxes = '.pd-hero, .pd-public__note, .risk-disclosure, .pd-adviser';
    const before = await boxesOf(page, boxes);
    release();
    await hydrated(page, '.pd-hero h1');
    // The server renders the public view (it cannot know the reader): the facts and disclosures, no chart.
    await page.locator('.pd-public__note[data-view="public"]').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await boxesOf(page, boxes)).toEqual(before);
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
    expect(shifts.reduce((a, b) => a + b, 0)).toBeLessThan(0.001);
    expect(dataRequests).toEqual([]);
    expect(consoleLines.filter((l) => /hydrat|did not match|#418|#423|#425/i.test(l))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    { url: '/shopIndex', data: /\/api\/store\/index/, selector: '.kn-card', boxes: '.kn-section, .kn-card' },
    {
      url: '/questionDetail?id=1',
      data: /\/api\/store\/qa_detail/,
      selector: '[data-answer]',
      boxes: '.kn-section, [data-answer]',
    },
  ])('$url is in the HTML, hydrates with no mismatch or shift, and does not fetch its data again', async (p) => {
    const { context, page, errors, consoleLines, release } = await heldFirstScreen();
    const dataRequests: string[] = [];
    page.on('request', (r) => void (p.data.test(r.url()) ? dataRequests.push(r.url()) : null));
    await page.goto(p.url, { waitUntil: 'commit' });
    await page.locator(p.selector).first().waitFor();
    expect(await page.locator('#root[data-ssr]').count()).toBe(1);
    await stylesheetsLoaded(page);
    const before = await boxesOf(page, p.boxes);
    expect(before.length).toBeGreaterThan(1);
    release();
    await hydrated(page, p.selector);
    await page.waitForLoadState('networkidle');
    expect(await boxesOf(page, p.boxes)).toEqual(before);
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
    expect(shifts.reduce((a, b) => a + b, 0)).toBeLessThan(0.001);
    expect(dataRequests).toEqual([]);
    expect(consoleLines.filter((l) => /hydrat|did not match|#418|#423|#425/i.test(l))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  /** The pages customers open from a link; the live ids of the local seed: 5 upcoming, 12 ended. */
  const PAGES = [
    { name: 'home', url: HOME, route: 'home', selector: '.live-card' },
    { name: 'about', url: '/about/5?from=weapp', route: 'about', selector: '.live-screen h1' },
    { name: 'liveEnd', url: '/LiveEnd/12', route: 'liveEnd', selector: '.live-screen h1' },
    { name: 'wechatH5', url: '/wechatH5?share=SEEDU4AA', route: 'wechatH5', selector: '[data-testid="inviter"]' },
    { name: 'shopIndex', url: '/shopIndex', route: 'shopIndex', selector: '.kn-card' },
    // Question 1 of the local seed has a published answer.
    { name: 'questionDetail', url: '/questionDetail?id=1', route: 'questionDetail', selector: '[data-answer]' },
  ];

  it.each([390, 320])(
    'each first screen at %i px is server-rendered (JavaScript off) and hydrates cleanly (on)',
    async (width) => {
      for (const p of PAGES) {
        for (const js of [false, true]) {
          const context = await phone(width, js);
          const page = await context.newPage();
          const lines: string[] = [];
          page.on(
            'console',
            (m) =>
              void (m.type() === 'error' || /hydrat/i.test(m.text()) ? lines.push(`${m.type()}: ${m.text()}`) : null),
          );
          page.on('pageerror', (e) => lines.push(`pageerror: ${e.message}`));
          if (js && p.name === 'wechatH5') {
            // In WeChat the landing signs the visitor in first (share-page auth): through the local stand-in, back to a fresh load.
            await page.goto(`/jumpToWxAuth?redirect=${encodeURIComponent(p.url)}`);
            await page.click('[data-user="u6"]');
            await page.waitForURL((u) => u.pathname === '/wechatH5');
          } else {
            await page.goto(p.url);
          }
          await page.locator(p.selector).first().waitFor();
          expect({ page: p.name, ssr: await page.locator(`#root[data-ssr="${p.route}"]`).count() }).toEqual({
            page: p.name,
            ssr: js ? expect.any(Number) : 1,
          });
          if (js) await hydrated(page, p.selector);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect({ page: p.name, overflow: overflow > 0 }).toEqual({ page: p.name, overflow: false });
          expect({
            page: p.name,
            problems: lines.filter((l) => /hydrat|did not match|#418|#423|#425/i.test(l)),
          }).toEqual({ page: p.name, problems: [] });
          await screenshot(page, `ssr-${p.name}-${width}-${js ? 'js' : 'nojs'}`);
          await context.close();
        }
      }
    },
  );

  it('an error thrown before error reporting loaded is reported once it loads', async () => {
    const manifest = JSON.parse(
      fs.readFileSync(path.resolve(__dirname, '..', '..', 'dist', 'chunk-manifest.json'), 'utf8'),
    ) as { groups: Record<string, string[]> };
    const sdkFiles = new Set((manifest.groups.sentry ?? []).filter((f) => f.endsWith('.js')).map((f) => `/${f}`));
    expect(sdkFiles.size).toBeGreaterThan(0);
    const context = await phone(390, true);
    const page = await context.newPage();
    const { release, asked } = await holdRequests(page, (url) => sdkFiles.has(url.pathname));
    await page.goto(HOME);
    await hydrated(page, '.live-card');
    const message = `首屏前的错误 ${Date.now()}`;
    await page.evaluate(
      (m) =>
        void setTimeout(() => {
          throw new Error(m);
        }, 0),
      message,
    );
    const reported = async () => {
      const res = await fetch(`${server.url}/__local/events.json?limit=500`);
      const body = (await res.json()) as { errors: Array<{ summary: { message: string } }> };
      return body.errors.some((e) => e.summary.message.includes(message));
    };
    // The page has asked for the error SDK, which is held: the error waits in the reporter's queue, never sent yet.
    await waitUntil('the page to ask for the error SDK', () => asked() > 0);
    expect(await reported()).toBe(false);
    release();
    await waitUntil('the held error at the local error endpoint', reported, { timeoutMs: 30_000, everyMs: 250 });
    expect(asked()).toBeGreaterThan(0);
    await context.close();
  });
});
