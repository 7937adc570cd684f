import fs from 'node:fs';
import path from 'node:path';

import { flowFor } from '../../src/features/session/requirements';
import type { RuntimeContext } from '../../src/platform/context';
import { routeList, type RouteName } from '../../src/routes';
import { axeWalker, type Finding, NARROW, openSettled, WIDE } from './support/axe-walk';
import { SCREENSHOT_DIR, USER_AGENTS } from './support/chromium';
import { productSuite } from './support/suite';

/**
 * axe-core (WCAG 2.1 A and AA rules) on every route of the route table, so a new route is checked without
 * touching this file: screens that need the work-chat session open in WeCom signed in through the local
 * stand-in (advisers as 王建国, each staff desk as the person of its duty), every other screen in WeChat's
 * browser as a signed-in customer. Customer screens are checked at 390 and at 320 px (the narrow phone), the
 * work-chat screens at 390. No critical and no serious violation anywhere.
 */
// On a busy machine seeding alone can pass the usual 90 s.
const { server, browser } = productSuite({}, 300_000);

/** Addresses that show a screen's content rather than its "missing id" state; any other route opens bare. */
const SAMPLE: Partial<Record<RouteName, string>> = {
  about: '/about/1',
  liveDetail: '/liveDetail/1',
  liveH5Detail: '/LiveH5Detail/1',
  playBack: '/playBack/1',
  liveEnd: '/LiveEnd/1',
  rateDetail: '/rateDetail?product_id=3',
  wechatH5: '/wechatH5?share=SEEDU4AA',
  // Hops that leave the app (mini-program, meeting) are checked on the page they show while leaving.
  jumpToMini: '/jumpToMini?path=pages/live/index&query=id%3D7',
  jumpToMeeting: '/jumpToMeeting?id=123456789',
};

/** Who signs in to a work-chat screen: the staff desks check the session's role, the replay viewer a developer's. */
const STAFF_USER: Partial<Record<RouteName, string>> = {
  reviewDesk: 'u17',
  complianceLog: 'u16',
  replay: 'u18',
};

const WECHAT: RuntimeContext = { webChat: true, workChat: false } as RuntimeContext;
const byWeCom = (name: RouteName) =>
  flowFor(
    routeList.find((r) => r.name === name),
    WECHAT,
  ) === 'workChat';

/** While fixing screens, `AXE_ROUTES=home,about` walks only those routes; the suite itself walks them all. */
const ONLY = process.env.AXE_ROUTES?.split(',').filter(Boolean);
/** While fixing screens, `AXE_WIDTH=320` walks at that one width only. */
const AT = process.env.AXE_WIDTH ? [Number(process.env.AXE_WIDTH)] : undefined;

describe('accessibility of every route (axe-core, WCAG 2.1 AA)', () => {
  it('has no critical or serious violation on any screen, customer, adviser or staff', async () => {
    const { audit, close } = axeWalker(
      () => browser,
      () => server.url,
    );
    const findings: Finding[] = [];
    for (const route of routeList.filter((r) => !ONLY || ONLY.includes(r.name))) {
      const address = SAMPLE[route.name] ?? route.path.replace(/\/:\w+\?$/, '');
      const wecom = byWeCom(route.name);
      findings.push(
        ...(await audit(
          wecom ? 'wecom' : 'wechat',
          route.name,
          address,
          wecom ? (STAFF_USER[route.name] ?? 'u1') : 'u4',
          AT ?? (wecom ? [WIDE] : [WIDE, NARROW]),
        )),
      );
    }
    // The page an unknown address shows is no route of the table, and a mistyped link reaches it all the same.
    if (!ONLY) findings.push(...(await audit('wechat', 'notFound', '/no-such-page', 'u4', AT ?? [WIDE, NARROW])));
    await close();
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    fs.writeFileSync(path.join(SCREENSHOT_DIR, 'axe-routes.json'), JSON.stringify(findings, null, 2));
    console.info(
      findings
        .map(
          (f) =>
            `${f.route.padEnd(22)} ${f.width} critical ${f.critical.length} serious ${f.serious.length} moderate ${f.moderate.length} h1 ${f.h1}  ${[...f.critical, ...f.serious, ...f.moderate].join('; ')}`,
        )
        .join('\n'),
    );
    expect(routeList.length).toBeGreaterThan(60);
    expect(findings.filter((f) => f.critical.length + f.serious.length > 0)).toEqual([]);
    expect(findings.filter((f) => f.h1 !== 1).map((f) => `${f.route} at ${f.width}: ${f.h1} h1`)).toEqual([]);
  }, 2_400_000);

  it('shows where the keyboard is: every control reached by Tab draws a focus indicator', async () => {
    // A visitor's pages, where people type (the question box, /login's phone and code) and the bar's tabs.
    const context = await browser.newContext({
      baseURL: server.url,
      userAgent: USER_AGENTS.wechat,
      viewport: { width: 390, height: 844 },
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
    });
    const unseen: string[] = [];
    try {
      const page = await context.newPage();
      // The live room too: its question box and 发送留言 are where a keyboard user types and sends.
      for (const address of [
        '/',
        '/liveDetail/4',
        '/about/5',
        '/fundDetail?id=2',
        '/shopIndex',
        '/questionList',
        '/login',
        '/mine',
        '/record',
        '/download',
      ]) {
        await openSettled(page, address, 'u4');
        const seen = new Set<string>();
        // Up to 40 stops a page: enough to pass the bar at the bottom of each of these pages.
        for (let stop = 0; stop < 40; stop++) {
          await page.keyboard.press('Tab');
          const focus = await page.evaluate(() => {
            const el = document.activeElement as HTMLElement | null;
            if (!el || el === document.body) return null;
            const style = getComputedStyle(el);
            // The one ring of the app: 2 px, drawn inside the control's edge so no clipping parent hides part of it.
            const drawn =
              style.outlineStyle !== 'none' &&
              parseFloat(style.outlineWidth) >= 2 &&
              parseFloat(style.outlineOffset) <= 0 &&
              style.outlineColor === 'rgb(36, 91, 219)';
            const name = `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 12)}"`;
            return { name, drawn, visible: el.matches(':focus-visible') };
          });
          if (!focus || seen.has(focus.name)) continue;
          seen.add(focus.name);
          if (!focus.drawn || !focus.visible) unseen.push(`${address}: ${focus.name}`);
        }
        expect({ address, reached: seen.size > 0 }).toEqual({ address, reached: true });
      }
    } finally {
      await context.close();
    }
    expect(unseen).toEqual([]);
  }, 300_000);

  it('lets a person zoom: no page forbids it, and a page at 200% still reads without sideways scrolling', async () => {
    for (const address of ['/', '/about/1', '/shopIndex', '/wechatH5?share=SEEDU4AA', '/marketMapIndex']) {
      const html = await (
        await fetch(server.url + address, { headers: { accept: 'text/html', 'user-agent': USER_AGENTS.wechat } })
      ).text();
      const viewport = /<meta name="viewport" content="([^"]*)"/.exec(html)?.[1] ?? '';
      expect({ address, viewport }).toEqual({
        address,
        viewport: expect.not.stringMatching(/user-scalable\s*=\s*(no|0)|maximum-scale\s*=\s*1(\.0*)?(\s|,|$)/),
      });
    }
    // 200% zoom of a 390 px phone: half the CSS pixels, each drawn twice as large.
    const context = await browser.newContext({
      baseURL: server.url,
      userAgent: USER_AGENTS.wechat,
      viewport: { width: 195, height: 422 },
      deviceScaleFactor: 4,
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
    });
    try {
      const page = await context.newPage();
      await openSettled(page, '/', 'u4');
      await page.locator('h1').first().waitFor();
      fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'zoom-200-home.png') });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(1);
      // 200% of a 320 px phone: every tab of the bar still on screen, the last one included.
      await page.setViewportSize({ width: 160, height: 320 });
      const last = page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '我的' });
      await last.waitFor();
      const box = await last.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(160);
    } finally {
      await context.close();
    }
  }, 300_000);
});
