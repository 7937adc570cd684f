import type { Page } from 'playwright-core';

import { CUSTOMER_TAB_OF, DOOR_BACK_TO } from '../../src/app/router/bars/bar-tabs';
import type { RouteName } from '../../src/routes';
import { openSettled } from './support/axe-walk';
import { newContext, shotsAtPhoneWidths } from './support/chromium';
import { productSuite } from './support/suite';

/**
 * Every customer page a shared link can open is a front door: opened cold in WeChat's browser (nothing behind it in
 * the tab), it leads to the live list, the store, 邀请 and 我的, and its 返回 goes to its list. At 200% zoom on a
 * 320 px phone no customer page is wider than the screen.
 */
// On a busy machine seeding alone can pass the usual 90 s.
const { server, browser } = productSuite({}, 300_000);

const SHOTS = '/tmp/wl-shots/i42-doors';

/** An address of each page that shows its content (a live, a fund, an article…), as a share sends it. */
const COLD: Partial<Record<RouteName, string>> = {
  about: '/about/5',
  liveDetail: '/liveDetail/4',
  liveH5Detail: '/LiveH5Detail/4',
  playBack: '/playBack/1',
  liveEnd: '/LiveEnd/1',
  leaveMessagePage: '/LeaveMessagePage?liveid=1',
  preheatDetail: '/preheatDetail?liveid=5',
  preheatDetailV2: '/preheatDetailV2?liveid=5',
  preheatDetailGopher: '/preheatDetailGopher?liveid=5',
  liveMiniApp: '/liveMiniApp?liveid=5',
  cloudMettingActivity: '/cloudMettingActivity',
  tactfulOnline: '/tactfulOnline',
  tactfulReport: '/tactfulReport',
  summaryView: '/summaryView?liveid=1',
  kycIndex: '/kycIndex',
  kycH5: '/kycH5',
  crmHoliday: '/crmHoliday',
  hedgeFund: '/hedgeFund',
  mutualFund: '/mutualFund',
  annualMeeting: '/annualMeeting',
  coreMemberDetail: '/coreMemberDetail?id=9',
  articleDetail: '/articleDetail?id=1',
  questionDetail: '/questionDetail?id=1',
  guide: '/guide',
  fundDetail: '/fundDetail?id=2',
  contentRecognition: '/contentRecognition?id=8',
  download: '/download',
  readMaterial: '/readMaterial',
  follow: '/follow',
  login: '/login?redirect=%2Fmine',
};

const LIST_PATH = { home: '/', shopIndex: '/shopIndex', record: '/record' } as const;
const DOORS = [
  { name: '直播', path: '/' },
  { name: '商城', path: '/shopIndex' },
  { name: '邀请', path: '/record' },
  { name: '我的', path: '/mine' },
] as const;

const nav = (page: Page) => page.getByRole('navigation', { name: '主导航' });
const pathOf = (page: Page) => new URL(page.url()).pathname;

it('knows an address for every page that has the door strip', () => {
  expect(Object.keys(COLD).sort()).toEqual(Object.keys(DOOR_BACK_TO).sort());
});

it('each page a share opens, opened cold in WeChat, reaches the list, the store, 邀请 and 我的; 返回 goes to its list', async () => {
  const context = await newContext(browser, 'wechat', { baseURL: server.url });
  const page = await context.newPage();
  const unreached: string[] = [];
  try {
    for (const [route, address] of Object.entries(COLD) as [RouteName, string][]) {
      // A full load each time: the page is the first one of its visit, as a link from a chat opens it.
      await openSettled(page, address, 'u4');
      const landed = pathOf(page);
      await nav(page).getByRole('link', { name: '返回' }).waitFor();
      for (const door of DOORS) {
        await nav(page).getByRole('link', { name: door.name, exact: true }).click();
        await page.waitForURL((u) => u.pathname === door.path);
        await page.locator('h1').first().waitFor();
        if (pathOf(page) !== door.path) unreached.push(`${route}: ${door.name}`);
        await page.goBack();
        await page.waitForURL((u) => u.pathname === landed);
        await nav(page).getByRole('link', { name: '返回' }).waitFor();
      }
      // Nothing behind it but what the link replaced: 返回 goes to the page's list, in place of the page.
      await openSettled(page, address, 'u4');
      await nav(page).getByRole('link', { name: '返回' }).click();
      const list = LIST_PATH[DOOR_BACK_TO[route]!];
      await page.waitForURL((u) => u.pathname === list);
      await page.locator('h1').first().waitFor();
    }
  } finally {
    await context.close();
  }
  expect(unreached).toEqual([]);
}, 900_000);

it('返回 after a move inside the app is the browser’s back, not a jump to the list', async () => {
  const context = await newContext(browser, 'wechat', { baseURL: server.url });
  const page = await context.newPage();
  await page.goto('/questionList');
  await page.locator('a.kn-card[href*="questionDetail"]').first().click();
  await page.waitForURL((u) => u.pathname === '/questionDetail');
  await nav(page).getByRole('link', { name: '返回' }).click();
  await page.waitForURL((u) => u.pathname === '/questionList');
  await context.close();
});

it('the door strip at 390 and 320 px on the pages shares open most', async () => {
  const context = await newContext(browser, 'wechat', { baseURL: server.url });
  const page = await context.newPage();
  for (const route of ['about', 'liveDetail', 'fundDetail', 'articleDetail', 'questionDetail', 'download'] as const) {
    await openSettled(page, COLD[route]!, 'u4');
    await nav(page).getByRole('link', { name: '返回' }).waitFor();
    await shotsAtPhoneWidths(page, SHOTS, `door-${route}`);
  }
  await context.close();
}, 300_000);

it('at 200% zoom on a 320 px phone (160 CSS px) no customer page is wider than the screen', async () => {
  const context = await newContext(browser, 'wechat', { baseURL: server.url, zoomed: { width: 160, height: 360 } });
  const page = await context.newPage();
  const lists: Partial<Record<RouteName, string>> = { wechatH5: '/wechatH5?share=SEEDU4AA' };
  const addresses = [
    ...(Object.keys(CUSTOMER_TAB_OF) as RouteName[]).map((r) => lists[r] ?? (r === 'home' ? '/' : `/${r}`)),
    ...(Object.values(COLD) as string[]),
  ];
  const wide: string[] = [];
  for (const address of addresses) {
    await openSettled(page, address, 'u7');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 1) wide.push(`${address}: ${overflow} px`);
  }
  await page.goto('/wechatH5?share=SEEDU4AA');
  const mine = page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '我的' });
  await mine.waitFor();
  const box = await mine.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(160);
  await page.screenshot({ path: `${SHOTS}/zoom-200-wechatH5-160.png`, fullPage: true });
  await context.close();
  expect(wide).toEqual([]);
}, 600_000);

it('a WeChat guest’s room message signs in through WeChat’s authorization, not /login, and is sent on return', async () => {
  const context = await newContext(browser, 'wechat', { baseURL: server.url });
  const page = await context.newPage();
  const paths: string[] = [];
  page.on('framenavigated', (f) => void (f === page.mainFrame() ? paths.push(new URL(f.url()).pathname) : null));
  await page.goto('/liveDetail/4');
  const box = page.getByPlaceholder(/写下您想问的问题/);
  await box.fill('请问港股科技板块的估值怎么看？');
  await page.getByRole('button', { name: '发送留言' }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/__local-auth/wechat'));
  const sent = page.waitForResponse((r) => r.url().includes('/act/leave-message') && r.request().method() === 'POST');
  await page.click('[data-user="u5"]');
  await page.waitForURL((u) => u.pathname === '/liveDetail/4');
  const answer = await sent;
  expect(answer.status()).toBe(200);
  expect(JSON.parse(answer.request().postData() ?? '{}')).toMatchObject({ content: '请问港股科技板块的估值怎么看？' });
  expect(paths.filter((p) => p === '/login')).toEqual([]);
  // Sent and settled: the box is empty again, nothing kept for a later visit.
  await page.waitForFunction(() => !localStorage.getItem('live_leave_draft'));
  expect(await box.inputValue()).toBe('');
  await context.close();
});
