import type { Page, Request } from 'playwright-core';

import { ANALYTICS_COOKIE, anonymousIdFromCookie } from './support/analytics-cookie';
import { newContext } from './support/chromium';
import { signInThroughWechat } from './support/sms';
import { productSuite } from './support/suite';

/*
 * Batched analytics leave with the page: the events a screen stored are handed to sendBeacon
 * on pagehide, reach the local collector without a next load, and the next load of the same
 * project does not send them again. Every project sends in batch mode (browserServices).
 * The page's clock is paused once the SDK is running, so the 3 s batch timer cannot send the
 * events first: only leaving the page can.
 */

const { server, browser } = productSuite();

interface AnalyticsRow {
  project: string;
  event: string;
  payload: { anonymous_id: string; _track_id: number; time: number; properties: Record<string, unknown> };
}

async function collected(): Promise<AnalyticsRow[]> {
  const res = await fetch(`${server.url}/__local/events.json?limit=500`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { analytics: AnalyticsRow[] }).analytics;
}

async function waitFor<T>(
  what: string,
  found: (rows: AnalyticsRow[]) => T | undefined | false,
  timeoutMs = 20_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: AnalyticsRow[] = [];
  while (Date.now() < end) {
    last = await collected();
    const hit = found(last);
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `timed out waiting for ${what}; collector has ${JSON.stringify(last.map((r) => [r.project, r.event, r.payload.properties.$url_path]))}`,
  );
}

const BATCH_KEY = 'sensorsdata_batch_live_share';
const stored = (page: Page) =>
  page.evaluate(
    (key) =>
      (
        JSON.parse(localStorage.getItem(key) ?? '{"items":[]}') as {
          items: { event: string; properties: { $url_path: string } }[];
        }
      ).items,
    BATCH_KEY,
  );

/** The events a batch POST carried to /sa. */
function batchEvents(request: Request): { event: string; properties: { $url_path: string } }[] {
  const list = new URLSearchParams(request.postData() ?? '').get('data_list');
  return list
    ? (JSON.parse(Buffer.from(list, 'base64').toString('utf8')) as {
        event: string;
        properties: { $url_path: string };
      }[])
    : [];
}

describe('batched analytics when the page is left', () => {
  it('a shared page opened once and left is counted once, by beacon, and never again by the next load', async () => {
    const context = await newContext(browser, 'wechat', { baseURL: server.url });
    // A real sign-in first: own tracking and the session take the user from the token, never from stored values.
    const page = await context.newPage();
    await signInThroughWechat(page, 'u4', '/rules');
    await context.clock.install();
    // The page's own batch POSTs (a beacon sent while the page unloads is not reported here).
    const posts: Request[] = [];
    context.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/sa') posts.push(r);
    });
    await page.goto('/?uuid=u4&date=2026-11-22&from=weapp');
    const cookie = async () => (await context.cookies()).find((c) => c.name === ANALYTICS_COOKIE);
    // The first batch (the home page view, replayed once the SDK is ready) arrives: the SDK is running.
    const anonymousId = await (async () => {
      const end = Date.now() + 20_000;
      while (Date.now() < end) {
        const c = await cookie();
        if (c) return anonymousIdFromCookie(c.value);
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('no analytics cookie');
    })();
    const mine = (rows: AnalyticsRow[]) =>
      rows.filter((r) => r.payload.anonymous_id === anonymousId && r.event === '$pageview');
    await waitFor('the home page view', (rows) => mine(rows).some((r) => r.payload.properties.$url_path === '/'));
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 500));

    // A card opens the about screen in the same page load: its page view waits in the batch.
    const card = page.locator('[data-status="subscribed"], [data-status="unsubscribed"]').first();
    await card.waitFor();
    const id = (await card.getAttribute('data-testid'))!.replace('live-', '');
    await card.click();
    await page.waitForURL(new RegExp(`/about/${id}`));
    // The page view is dispatched a frame after the route change: one frame of the paused clock.
    await page.clock.runFor(20);
    const aboutPath = `/about/${id}`;
    const end = Date.now() + 10_000;
    // Its page view, not the click that led there: an auto-tracked $WebClick carries the new path too.
    while (!(await stored(page)).some((e) => e.event === '$pageview' && e.properties.$url_path === aboutPath)) {
      await page.clock.runFor(20);
      if (Date.now() > end)
        throw new Error(`the about page view never reached the batch: ${JSON.stringify(await stored(page))}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(mine(await collected()).some((r) => r.payload.properties.$url_path === aboutPath)).toBe(false);

    // Leave: pagehide hands the batch to the beacon.
    await page.goto('about:blank');
    const about = await waitFor('the about page view, sent on leaving', (rows) => {
      const hits = mine(rows).filter((r) => r.payload.properties.$url_path === aboutPath);
      return hits.length > 0 && hits;
    });
    expect(about).toHaveLength(1);
    expect(about[0]!.project).toBe('live_share');
    // Not the batch timer (its clock is paused): the page's POSTs never carried it; the beacon did.
    expect(posts.flatMap(batchEvents).filter((e) => e.properties.$url_path === aboutPath)).toEqual([]);

    // The next load of the same project: its own page view arrives, the beaconed one is not sent again.
    await page.clock.resume();
    await page.goto('/?uuid=u4&date=2026-11-22&from=weapp');
    await waitFor(
      'the second home page view',
      (rows) => mine(rows).filter((r) => r.payload.properties.$url_path === '/').length === 2,
    );
    await new Promise((r) => setTimeout(r, 4000)); // one more batch period of the new page
    const rows = mine(await collected());
    expect(rows.filter((r) => r.payload.properties.$url_path === aboutPath)).toHaveLength(1);
    const keys = rows.map((r) => `${r.payload._track_id}:${r.payload.time}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(await stored(page)).toEqual([]);
    await context.close();
  }, 120_000);
});
