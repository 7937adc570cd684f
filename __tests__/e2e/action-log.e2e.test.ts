import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

import { run as replayCli } from '../../scripts/replay';
import { fullReducer } from '../../src/app/store/full-reducer';
import { type ActionLog, parseActionLog } from '../../src/features/action-log/log-format';
import { replayLog, valueAt } from '../../src/features/action-log/replay';
import { newContext, screenshot, watchErrors } from './support/chromium';
import { readLocalSmsCode } from './support/sms';
import { productSuite } from './support/suite';

/**
 * Determinism: a real session in Chromium is recorded, its log replayed in Node
 * through the same reducers (fullReducer: every slice), and the result compared with the
 * browser's store (redacted the same way, so placeholders are the only difference).
 * RECORD_REPLAYS=1 also writes the logs into __tests__/replays as regression cases.
 */
// These logs record the client's own loading of the list (its request, failure and retry): the browser renders,
// as it does wherever the server cannot (SSR=off); the server-rendered start is first-screen.e2e.test.ts.
const { server, browser } = productSuite({ SSR: 'off' });

interface Captured {
  log: ActionLog;
  redactedState: Record<string, unknown>;
}

async function capture(page: Page): Promise<Captured> {
  const raw = await page.evaluate(() => {
    const w = window as unknown as {
      __WEALTH_LIVE__: { exportLog(): unknown; getState(): unknown; redact(v: unknown): unknown };
    };
    return {
      log: w.__WEALTH_LIVE__.exportLog(),
      redactedState: w.__WEALTH_LIVE__.redact(w.__WEALTH_LIVE__.getState()),
    };
  });
  return { log: parseActionLog(raw.log), redactedState: raw.redactedState as Record<string, unknown> };
}

/**
 * The browser holds only the lazy slices its screens injected; the replay holds every slice.
 * Each slice the browser had must replay exactly; any other must be that slice's initial state.
 */
function expectReplayMatchesBrowser(c: Captured) {
  const replayed = replayLog(c.log, fullReducer).state;
  const had = Object.keys(c.redactedState);
  expect(Object.fromEntries(had.map((key) => [key, replayed[key]]))).toEqual(c.redactedState);
  const initial = fullReducer(undefined, { type: '@@test/init' }) as Record<string, unknown>;
  const extra = Object.keys(replayed).filter((key) => !had.includes(key));
  for (const key of extra) expect([key, replayed[key]]).toEqual([key, initial[key]]);
  return { extra };
}

const EXPECT_PATHS = [
  'lives.homeList.status',
  'lives.homeList.ids',
  'lives.homeList.page',
  'lives.homeList.total',
  'lives.homeList.error',
  'lives.homeList.query',
];

function saveCase(name: string, description: string, c: Captured, paths = EXPECT_PATHS) {
  if (process.env.RECORD_REPLAYS !== '1') return;
  const expectValues = Object.fromEntries(paths.map((p) => [p, valueAt(c.redactedState, p)]));
  const file = path.resolve(__dirname, '..', 'replays', `${name}.json`);
  fs.writeFileSync(file, `${JSON.stringify({ description, log: c.log, expect: expectValues }, null, 1)}\n`);
}

const SESSION_PATHS = [
  'session.required',
  'session.flows',
  'login.regions.status',
  'login.regionCode',
  'login.sms.status',
  'login.submit',
  'login.fieldErrors',
];

const visit = async (kind: 'wechat' | 'wecom' | 'app', url: string) => {
  const context = await newContext(browser, kind, { baseURL: server.url });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(url);
  return { context, page, errors };
};

describe('recorded action logs', () => {
  it('a home-list session replays in Node to the browser store, apart from redacted fields', async () => {
    const { context, page, errors } = await visit('wecom', '/?uuid=u1&date=2026-11-22');
    await page.locator('[data-status]').first().waitFor();
    await page.waitForURL(/from=weapp/);
    // Scroll to the end: a further page is asked for when there is one.
    await page.mouse.wheel(0, 20000);
    // The further page (if any) has come and the app is quiet before its log is taken.
    await page.waitForLoadState('networkidle');
    const c = await capture(page);
    expect(c.log.entries.map((e) => e.action.type)).toEqual(
      expect.arrayContaining(['lives/homeListOpened', 'lives/homeListLoaded']),
    );
    expect(c.log.entries.every((e) => e.route.startsWith('/'))).toBe(true);
    // The home route never loads the live room's or the helper screens' slices.
    expect(expectReplayMatchesBrowser(c).extra.sort()).toEqual([
      'backlog',
      'deskAccess',
      'helpers',
      'invitation',
      'knowledge',
      'liveRoom',
      'marketing',
      'marketingDetails',
      'marketingPages',
      'materials',
      'mine',
      'productShare',
      'staff',
      'workbench',
    ]);
    expect(JSON.stringify(c.log)).not.toMatch(/"name":"(?!\[name:)/);
    saveCase('home-list', 'home list opened in WeCom, scrolled to the end', c);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a failed load and a retry replay to the same state', async () => {
    const { context, page } = await visit('wechat', '/?uuid=u1&date=2026-11-22&from=weapp');
    await page.locator('[data-status]').first().waitFor();
    let failNext = true;
    await page.route('**/getLivesByCategoryId', (route) =>
      failNext ? ((failNext = false), route.abort('connectionrefused')) : route.continue(),
    );
    await page.reload();
    await page.getByText('重新加载').click();
    await page.locator('[data-status]').first().waitFor();
    const c = await capture(page);
    const types = c.log.entries.map((e) => e.action.type);
    expect(types).toEqual(
      expect.arrayContaining(['lives/homeListLoadFailed', 'lives/homeListRetried', '@@actionLog/storeStarted']),
    );
    expectReplayMatchesBrowser(c);
    saveCase('home-error-retry', 'home list: reload with the network down, then 重新加载', c);
    await context.close();
  });

  it('an SMS sign-in at /login (a wrong code, then the right one) replays to the browser store', async () => {
    const { context, page, errors } = await visit('app', '/login?redirect=%2Fabout%2F1');
    await page.getByLabel('手机号地区').waitFor();
    await page.getByLabel('手机号', { exact: true }).fill('13912345678');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText(/秒后重新获取/).waitFor();
    const code = await readLocalSmsCode(context, '86-13912345678');
    await page.getByLabel('验证码').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByText('验证码错误，请重新输入').waitFor();
    await page.getByLabel('验证码').fill(code);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL(/\/about\/1$/);
    // The about screen's chunk injects the live room's slice: the log is taken once the store has it.
    await page.waitForFunction(() => {
      const w = window as unknown as { __WEALTH_LIVE__?: { getState(): Record<string, unknown> } };
      return w.__WEALTH_LIVE__ !== undefined && 'liveRoom' in w.__WEALTH_LIVE__.getState();
    });
    const c = await capture(page);
    const types = c.log.entries.map((e) => e.action.type);
    expect(types).toEqual(
      expect.arrayContaining(['session/smsCodeSent', 'session/loginCodeRejected', 'session/loginSucceeded']),
    );
    expect(valueAt(c.redactedState, 'login.submit.status')).toBe('succeeded');
    const text = JSON.stringify(c.log);
    expect(text).not.toContain('13912345678');
    expect(text).not.toContain(`"${code}"`);
    // /about/1 injected the live room's slice (compared exactly); the helper screens' was never loaded.
    expect(expectReplayMatchesBrowser(c).extra.sort()).toEqual([
      'backlog',
      'deskAccess',
      'helpers',
      'invitation',
      'knowledge',
      'marketing',
      'marketingDetails',
      'marketingPages',
      'materials',
      'mine',
      'productShare',
      'staff',
      'workbench',
    ]);
    saveCase(
      'sign-in-sms',
      'phone browser: /login, SMS code, a wrong code refused, the right code signs in and goes back to /about/1',
      c,
      SESSION_PATHS,
    );
    expect(errors.filter((e) => !/info_mobile_login|checkCode/.test(e))).toEqual([]);
    await context.close();
  });

  it('a WeCom authorization round trip (page unloads and comes back) replays to the signed-in store', async () => {
    const { context, page, errors } = await visit('wecom', '/marketMapIndex?from=menu');
    await page.waitForURL(/\/__local-auth\/wecom\/connect\/oauth2\/authorize/);
    await page.click('[data-user="u1"]');
    await page.waitForURL(/\/marketMapIndex\?from=menu&code=[\w-]+&state=workChat$/);
    await page.waitForFunction(() => localStorage.getItem('userinfos') !== null);
    // Signed in, as far as the store knows: the log is taken once the flow has ended there.
    await page.waitForFunction(() => {
      const w = window as unknown as {
        __WEALTH_LIVE__?: { getState(): { session?: { flows?: Record<string, { status?: string }> } } };
      };
      return w.__WEALTH_LIVE__?.getState().session?.flows?.workChat?.status === 'signedIn';
    });
    const c = await capture(page);
    const types = c.log.entries.map((e) => e.action.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'session/sessionAuthorizationStarted',
        '@@actionLog/storeStarted',
        'session/sessionSignedIn',
      ]),
    );
    expect(valueAt(c.redactedState, 'session.flows.workChat.status')).toBe('signedIn');
    expect(c.log.entries.some((e) => /code=[\w-]{8,}&/.test(e.route))).toBe(false);
    expectReplayMatchesBrowser(c);
    saveCase(
      'sign-in-wecom',
      'WeCom: an adviser page sends the user to authorization; back with a code, signed in',
      c,
      SESSION_PATHS,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('?debug=1 sends the log, the id reads back in the CLI and opens in the /__replay viewer for a developer only', async () => {
    let { context, page } = await visit('wechat', '/?uuid=u1&date=2026-11-22&from=weapp&debug=1');
    await page.locator('[data-status]').first().waitFor();
    await page.getByRole('dialog', { name: '问题反馈' }).waitFor();
    await page.getByPlaceholder('例如：点了忽略后列表变空白').fill('列表测试');
    await page.getByRole('button', { name: '发送日志' }).click();
    const id = (await page.getByTestId('action-log-id').innerText()).trim();
    expect(id).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    await screenshot(page, 'action-log-panel');

    const cli = await replayCli([id, '--server', server.url]);
    expect(cli.code).toBe(0);
    expect(cli.out).toMatch(/lives\/homeListLoaded\s+lives\.\S+/);

    // Reading a log is a developer's: the viewer signs in through WeCom; an adviser is refused, 郑启航 (u18) reads it.
    const adviser = await visit('wecom', `/__replay?id=${id}`);
    await adviser.page.waitForURL(/\/__local-auth\/wecom\/connect\/oauth2\/authorize/);
    await adviser.page.click('[data-user="u1"]');
    await adviser.page.getByText('只有开发人员可以查看操作日志').waitFor();
    await screenshot(adviser.page, 'replay-viewer-not-developer');
    await adviser.page.setViewportSize({ width: 320, height: 700 });
    await screenshot(adviser.page, 'replay-viewer-not-developer-320');
    await adviser.context.close();
    await context.close();
    ({ context, page } = await visit('wecom', `/__replay?id=${id}`));
    await page.waitForURL(/\/__local-auth\/wecom\/connect\/oauth2\/authorize/);
    await page.click('[data-user="u18"]');
    await page.getByTestId('replay-step').waitFor();
    await page.getByTestId('replay-frame').locator('[data-status]').first().waitFor();
    await screenshot(page, 'replay-viewer-end');
    await page
      .getByRole('button', { name: /lives\/homeListOpened$/ })
      .first()
      .click();
    await page.getByTestId('replay-frame').locator('[aria-busy="true"]').waitFor();
    await expect(page.getByTestId('replay-action').innerText()).resolves.toContain('homeListOpened');
    await screenshot(page, 'replay-viewer-loading-step');

    const list = await page.request.get('/__action-logs/');
    expect(await list.text()).toContain(id);
    await context.close();
  });
  it('a failing request and a thrown error are in the log; found from the list by has-error and page, its first error shows the status and the stack', async () => {
    const { context, page } = await visit('wechat', '/?uuid=u1&date=2026-11-22&from=weapp&debug=1');
    await page.locator('[data-status]').first().waitFor();
    // The list's request fails with the server's error once, then the user retries.
    let failNext = true;
    await page.route('**/getLivesByCategoryId', (route) =>
      failNext
        ? ((failNext = false),
          route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 100500, message: '服务器内部错误' }, data: null }),
          }))
        : route.continue(),
    );
    await page.reload();
    await page.getByText('重新加载').waitFor();
    // A script error nobody catches: the window's error event has its stack. Its frame from the built files is
    // error reporting's timer wrapper, so the throw waits until error reporting has wrapped the page's timers
    // (it starts after the first screen: a page that renders sooner would otherwise throw before it).
    await page.waitForFunction(() => '__sentry_original__' in window.setTimeout);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new TypeError('测试抛出的错误');
      });
    });
    await page.waitForFunction(() => {
      const w = window as unknown as { __WEALTH_LIVE__: { exportLog(): { entries: { action: { type: string } }[] } } };
      return w.__WEALTH_LIVE__.exportLog().entries.some((e) => e.action.type === '@@actionLog/fault');
    });
    await page.getByRole('dialog', { name: '问题反馈' }).waitFor();
    await page.getByPlaceholder('例如：点了忽略后列表变空白').fill('列表报错');
    await page.getByRole('button', { name: '发送日志' }).click();
    const id = (await page.getByTestId('action-log-id').innerText()).trim();
    await context.close();

    // A developer finds the log on the list page by the search form (has-error and the page), not by its id.
    const viewer = await visit('wecom', '/__action-logs/');
    const form = viewer.page.getByRole('search', { name: '查找日志' });
    await form.getByLabel('页面').fill('/');
    await form.getByLabel('只看出错的').check();
    await form.getByRole('button', { name: '查找' }).click();
    await viewer.page.waitForURL(
      (url) => url.searchParams.get('hasError') === '1' && url.searchParams.get('page') === '/',
    );
    const found = viewer.page.locator('li.log', { hasText: id });
    await found.getByRole('link', { name: /跳到第一个错误/ }).click();
    await viewer.page.waitForURL(/\/__local-auth\/wecom\/connect\/oauth2\/authorize/);
    await viewer.page.click('[data-user="u18"]');
    await viewer.page.waitForURL((url) => url.pathname === '/__replay' && url.searchParams.get('id') === id);
    const network = viewer.page.getByTestId('replay-network');
    await network.waitFor();
    // The first error is the failed request: its method, path, status and the app's error code.
    await expect(network.innerText()).resolves.toMatch(/POST[\s\S]*getLivesByCategoryId[\s\S]*500[\s\S]*100500/);
    // Started by the list's own action, not by the tracking event dispatched after it.
    await expect(network.innerText()).resolves.toContain('由 lives/homeListOpened');
    const fault = viewer.page.getByTestId('replay-fault');
    const nextError = viewer.page.getByRole('button', { name: '下一个错误' });
    // Each tap moves to the next error: wait for the step to move before looking for the fault (a busy machine
    // renders it a moment later; tapping again meanwhile went past it to a disabled button).
    for (let i = 0; i < 6 && !(await fault.isVisible()) && (await nextError.isEnabled()); i += 1) {
      const before = await viewer.page.getByTestId('replay-step').textContent();
      await nextError.click();
      await viewer.page.waitForFunction(
        (was) => document.querySelector('[data-testid="replay-step"]')?.textContent !== was,
        before,
      );
    }
    await fault.waitFor();
    await expect(fault.innerText()).resolves.toMatch(/TypeError: 测试抛出的错误[\s\S]*at /);
    // The built frames read with their original files, from the build's source maps.
    await expect(fault.locator('pre[data-mapped="true"]').innerText()).resolves.toMatch(
      /\.js:\d+:\d+ → \S+\.[jt]sx?:\d+:\d+/,
    );
    const shots = '/tmp/wl-shots/i43-record';
    fs.mkdirSync(shots, { recursive: true });
    await viewer.page.setViewportSize({ width: 390, height: 900 });
    await viewer.page.screenshot({ path: path.join(shots, 'viewer-fault-390.png'), fullPage: true });
    await viewer.page.setViewportSize({ width: 1280, height: 900 });
    await viewer.page.screenshot({ path: path.join(shots, 'viewer-fault-1280.png'), fullPage: true });
    await viewer.context.close();
  });
});
