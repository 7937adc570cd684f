import type { BrowserContext, Page } from 'playwright-core';

import { ANALYTICS_COOKIE, anonymousIdFromCookie } from './support/analytics-cookie';
import { newContext, screenshot, watchErrors } from './support/chromium';
import { signInThroughWechat, signInThroughWecom } from './support/sms';
import { productSuite } from './support/suite';
import { waitUntil } from './support/wait';

/*
 * Tracking in a real browser, read back from the local collector's database through
 * /__local/events.json. Identity: the session feature stores `userinfos` after sign-in; here
 * the stored values of a seed user are put in place before the page runs (addInitScript),
 * the same shape the session saga writes.
 */

interface WirePayload {
  [key: string]: unknown;
  properties: Record<string, unknown>;
  anonymous_id: string;
}
interface AnalyticsRow {
  project: string;
  event: string;
  distinctId: string;
  payload: WirePayload;
}
interface OwnRow {
  variant: string;
  kind: string;
  name: string;
  userid: string;
  payload: Record<string, unknown>;
}
interface ErrorRow {
  projectId: string;
  summary: { message: string; tags: Record<string, string>; environment: string | null };
}
interface Recent {
  analytics: AnalyticsRow[];
  own: OwnRow[];
  errors: ErrorRow[];
}

const { server, browser } = productSuite();

async function recent(): Promise<Recent> {
  const res = await fetch(`${server.url}/__local/events.json?limit=500`);
  expect(res.status).toBe(200);
  return (await res.json()) as Recent;
}

/** Polls the collector until `found` says yes (the client flushes every 3 s after first paint). */
async function waitFor<T>(what: string, found: (r: Recent) => T | undefined | false, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: Recent | null = null;
  while (Date.now() < end) {
    last = await recent();
    const hit = found(last);
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`timed out waiting for ${what}; collector has ${JSON.stringify(last).slice(0, 2000)}`);
}

async function anonymousIdOf(context: BrowserContext): Promise<string> {
  // Analytics loads only after the first screen is shown: its cookie comes a moment later.
  let cookie: Awaited<ReturnType<BrowserContext['cookies']>>[number] | undefined;
  for (let i = 0; i < 100 && !cookie; i += 1) {
    cookie = (await context.cookies()).find((c) => c.name === ANALYTICS_COOKIE);
    if (!cookie) await new Promise((r) => setTimeout(r, 100));
  }
  expect(cookie).toBeDefined();
  return anonymousIdFromCookie(cookie!.value);
}

const pageViewsOf = (r: Recent, anonymousId: string) =>
  r.analytics.filter((a) => a.event === '$pageview' && a.payload.anonymous_id === anonymousId);

async function openCard(page: Page): Promise<string> {
  const card = page.locator('[data-status="subscribed"], [data-status="unsubscribed"]').first();
  await card.waitFor();
  const id = (await card.getAttribute('data-testid'))!.replace('live-', '');
  await card.click();
  await page.waitForURL(new RegExp(`/about/${id}`));
  return id;
}

describe('tracking, end to end', () => {
  it('a customer browsing five screens sends decodable analytics with the right project and identity, and own rows', async () => {
    const context = await newContext(browser, 'wechat', { baseURL: server.url });
    const page = await context.newPage();
    // A real sign-in: own tracking takes its user from the session's token, never from stored values.
    await signInThroughWechat(page, 'u4', '/rules');
    const started = Math.floor(Date.now() / 1000);
    // The page the sign-in lands on waits for the code's exchange: its page view already carries the user.
    const landing = await waitFor('the sign-in landing page view', (r) =>
      r.analytics.find((a) => a.event === '$pageview' && a.payload.properties.$url_path === '/rules'),
    );
    expect({ distinct: landing.distinctId, login: landing.payload.login_id }).toEqual({ distinct: 'u4', login: 'u4' });

    // 1-2: the list from the mini-program, then a card (same page load: project live_share).
    const signedInAt = Date.now();
    await page.goto('/?uuid=u4&date=2026-11-22&from=weapp');
    const id = await openCard(page);
    const anonymousId = await anonymousIdOf(context);
    await waitFor('home + about page views', (r) =>
      pageViewsOf(r, anonymousId).some((a) => a.payload.properties.$url_path === `/about/${id}`),
    );
    // 3-4: plain links (default project); 5: launched from the fund app (gongmu_prod).
    for (const path of ['/rules', '/download', '/guide?fromApp=smileFund']) {
      await page.goto(path);
      const bare = path.split('?')[0];
      await waitFor(`page view of ${path}`, (r) =>
        pageViewsOf(r, anonymousId).some((a) => a.payload.properties.$url_path === bare),
      );
    }
    await screenshot(page, 'tracking-guide-fund-app');

    const r = await recent();
    const views = pageViewsOf(r, anonymousId);
    const projectOf = (path: string) => views.find((v) => v.payload.properties.$url_path === path)?.project;
    expect({
      home: projectOf('/'),
      about: projectOf(`/about/${id}`),
      rules: projectOf('/rules'),
      download: projectOf('/download'),
      guide: projectOf('/guide'),
    }).toEqual({
      home: 'live_share',
      about: 'live_share',
      rules: 'default',
      download: 'default',
      guide: 'gongmu_prod',
    });
    // Identity: one anonymous id (the cookie) with the login id of the stored user, on every event.
    const mine = r.analytics.filter(
      (a) => a.payload.anonymous_id === anonymousId && Number(a.payload.time) >= signedInAt,
    );
    for (const e of mine) {
      expect({ event: e.event, distinct: e.distinctId, login: e.payload.login_id, ids: e.payload.identities }).toEqual({
        event: e.event,
        distinct: 'u4',
        login: 'u4',
        ids: { $identity_cookie_id: anonymousId, $identity_anonymous_id: anonymousId, $identity_login_id: 'u4' },
      });
    }
    // One sign-up for the device, sent on the landing page: later page loads start signed in.
    const signUps = r.analytics.filter((a) => a.payload.anonymous_id === anonymousId && a.event === '$SignUp');
    expect(signUps.map((e) => e.payload.original_id)).toEqual([anonymousId]);
    expect(Number(signUps[0]!.payload.time)).toBeLessThan(signedInAt);
    // Each page view once, even across reloads of the batch.
    const keys = views.map((v) => `${v.payload._track_id}:${v.payload.time}`);
    expect(new Set(keys).size).toBe(keys.length);

    // Own tracking: the list's page event and the card tap, customer variant with docs/rules/roles.md#own-tracking-values, docs/rules/constants.md#own-tracking.
    const own = await waitFor('customer own rows', (x) => {
      const rows = x.own.filter((o) => o.userid === 'u4');
      return rows.some((o) => o.name === 'live_card_click') && rows.some((o) => o.name === 'live_list_view') && rows;
    });
    const click = own.find((o) => o.name === 'live_card_click')!;
    expect(click.variant).toBe('customer');
    expect(click.kind).toBe('event');
    const { timestamp, ...fields } = click.payload;
    expect(fields).toEqual({
      product_source: 1,
      project_source: 2,
      channel_source: 46,
      project_uid: 'G01',
      project_utype: 4,
      is_analyst: 0,
      count_type: 1,
      version: '1.0.0',
      userid: 'u4',
      uuid: 'u4',
      product_uid: '',
      event_name: 'live_card_click',
      event_data: { num_index: Number(id), status: expect.stringMatching(/^(un)?subscribed$/), target: 'about' },
    });
    expect(Number(timestamp)).toBeGreaterThanOrEqual(started - 1);
    expect(Number(timestamp)).toBeLessThan(started + 120);
    await context.close();
  }, 120_000);

  it('an adviser in WeCom sends own rows on the advisor variant with is_analyst from is_financial_advisor', async () => {
    const context = await newContext(browser, 'wecom', { baseURL: server.url });
    const page = await context.newPage();
    // A real WeCom sign-in: own tracking takes its user from the session's token, never from stored values.
    await signInThroughWecom(page, '/marketMapIndex', 'u1');
    const errors = watchErrors(page);
    await page.goto('/?uuid=u1&date=2026-11-22&platform=1');
    const id = await openCard(page);
    const own = await waitFor('adviser own rows', (x) => {
      const rows = x.own.filter((o) => o.userid === 'E0001');
      return rows.some((o) => o.name === 'live_card_click') && rows;
    });
    for (const row of own) {
      expect(row.variant).toBe('advisor');
      expect(row.payload).toMatchObject({
        product_source: 1,
        // The workbench the sign-in came back to may report its cards before the test moves on: that page was
        // opened without platform=1, the home page with it.
        project_source: row.name.startsWith('workbench_') ? 2 : 3,
        channel_source: 43,
        project_utype: 4,
        is_analyst: 1,
        version: '1.0.0',
        userid: 'E0001',
        uuid: 'u1',
      });
    }
    expect(own.find((o) => o.name === 'live_card_click')!.payload.event_data).toMatchObject({ num_index: Number(id) });
    const anonymousId = await anonymousIdOf(context);
    const views = await waitFor('adviser page views', (r) => {
      const v = pageViewsOf(r, anonymousId);
      return v.length >= 2 && v;
    });
    expect(views.every((v) => v.distinctId === 'E0001' && v.payload.login_id === 'E0001')).toBe(true);
    expect(errors.filter((e) => !/\/(login|api)\b/.test(e))).toEqual([]);
    await context.close();
  }, 120_000);

  it('a bare shared link is one page view, though the app adds from=weapp to its address', async () => {
    const context = await newContext(browser, 'wechat', { baseURL: server.url });
    const page = await context.newPage();
    await page.goto('/?uuid=u1&date=2026-11-22');
    await page.waitForURL(/from=weapp/);
    await page.locator('.live-card').first().waitFor();
    const anonymousId = await anonymousIdOf(context);
    // The next page's view comes after every view queued before it (one ordered batch, kept across the load).
    await page.goto('/rules');
    const views = await waitFor('the home and rules page views', (r) => {
      const v = pageViewsOf(r, anonymousId);
      return v.some((a) => a.payload.properties.$url_path === '/rules') && v;
    });
    expect(views.filter((v) => v.payload.properties.$url_path === '/')).toHaveLength(1);
    await context.close();
  }, 60_000);

  it('an error thrown on the test route arrives at the local error endpoint with its tags', async () => {
    const context = await newContext(browser, 'wechat', { baseURL: server.url });
    const page = await context.newPage();
    await page.goto('/__errorTest');
    await page.getByText('错误上报测试').first().waitFor();
    await page.goto('/__errorTest?throw=1');
    await page.getByText('页面出错了').waitFor();
    await screenshot(page, 'tracking-error-test');
    const report = await waitFor('the error report', (r) =>
      r.errors.find((e) => e.summary.message.includes('错误上报测试')),
    );
    expect(report.projectId).toBe('1');
    expect(report.summary.tags).toMatchObject({ source: 'react', path: '/__errorTest', env: 'local' });
    expect(report.summary.environment).toBe('local');
    await context.close();
  }, 120_000);

  it('a session’s automatic taps and scrolls reach the intake with the SDK’s preset $ properties; 热力图未开启 once per page load', async () => {
    const context = await newContext(browser, 'wechat', { baseURL: server.url });
    const page = await context.newPage();
    // A real sign-in: own tracking takes its user from the session's token, never from stored values.
    await signInThroughWechat(page, 'u4', '/rules');
    // Which page load each notice came from (in-app navigation is no new load).
    let loads = 0;
    page.on('load', () => (loads += 1));
    const notices: number[] = [];
    const refused: string[] = [];
    page.on('console', (m) => {
      if (m.text().includes('热力图未开启')) notices.push(loads);
      if (/must not start with|refused/i.test(m.text())) refused.push(m.text());
    });
    await page.goto('/?uuid=u4&date=2026-11-22&from=weapp');
    await page.locator('[data-status]').first().waitFor();
    const anonymousId = await anonymousIdOf(context);
    const mine = (r: Recent) => r.analytics.filter((a) => a.payload.anonymous_id === anonymousId);
    const staysOf = (r: Recent) => mine(r).filter((a) => a.event === '$WebStay');
    // The SDK loads in an idle moment after the first screen, and watches scrolls from then on: its page view of the
    // list says it has started (a scroll before that is no reader's scroll it could see).
    await waitFor('the SDK’s page view of the list', (r) =>
      pageViewsOf(r, anonymousId).some((a) => a.payload.properties.$url_path === '/'),
    );
    // A scroll to a place the page cannot reach fires no scroll event: the list must be long enough first (on a
    // busy machine its first rows can show before the rest).
    await waitUntil('a home list long enough to scroll to 1100 px', () =>
      page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight > 1100),
    );
    // Each scroll waits for its stay at the collector before the next: that also puts the scrolls more than the
    // 1000 ms of the scroll sampling apart (the client sends every 3 s), on real time, as a reader scrolls.
    for (const [i, y] of [300, 700, 1100].entries()) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await waitFor(`the stay of scroll ${i + 1}`, (r) => staysOf(r).length >= i + 1);
    }
    // Then a tap on a card (a link the router takes).
    const id = await openCard(page);
    // A second page load of the same session.
    await page.goto('/rules');
    await page.locator('h1').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 200));

    const auto = await waitFor('auto-tracked taps and scrolls', (r) => {
      const rows = mine(r);
      const stays = rows.filter((a) => a.event === '$WebStay');
      const clicks = rows.filter((a) => a.event === '$WebClick');
      return stays.length >= 3 && clicks.length >= 1 && { stays, clicks };
    });
    // Decoded by the collector with the presets intact: where the page was, what was tapped and where it led.
    expect(auto.stays.every((s) => typeof s.payload.properties.$viewport_position === 'number')).toBe(true);
    expect(auto.clicks[0]!.payload.properties).toMatchObject({
      $element_type: 'a',
      $element_target_url: expect.stringContaining(`/about/${id}`),
    });
    expect(refused).toEqual([]);
    // Two page loads, the notice once in each.
    await waitUntil('the notice of the second page load', () => notices.length >= 2, { timeoutMs: 5_000 });
    // The sign-in page's own notice can come after the listener was attached (the SDK starts in an idle moment).
    expect(notices.filter((load) => load > 0)).toEqual([1, 2]);
    expect(notices.filter((load) => load === 0).length).toBeLessThanOrEqual(1);
    await context.close();
  });
});
