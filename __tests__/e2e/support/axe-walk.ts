import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';

import { USER_AGENTS } from './chromium';
import { signInThroughWechat } from './sms';

type Kind = 'wecom' | 'wechat';

export interface Finding {
  route: string;
  /** The viewport's width in CSS px the screen was checked at. */
  width: number;
  address: string;
  landed: string;
  critical: string[];
  serious: string[];
  /** Reported, not failed on: each is fixed or explained in docs/accessibility.md. */
  moderate: string[];
  /** Level-one headings on the page: every screen names itself with exactly one. */
  h1: number;
}

/**
 * Stricter than axe's default, which leaves one-character text unjudged: in Chinese one character is a word
 * (热, 温, 冷 on a card), and it must read at 4.5:1 like any other. axe.run takes per-check options
 * (`checks`), which its RunOptions type leaves out, hence the widened type.
 */
const STRICT_CONTRAST: Parameters<AxeBuilder['options']>[0] & {
  checks: Record<string, { options: Record<string, unknown> }>;
} = { checks: { 'color-contrast': { options: { ignoreLength: true } } } };

/** The common phone's width, and the narrow phone's: colours, overlaps and clipped text can differ on it. */
export const WIDE = 390;
export const NARROW = 320;
const HEIGHT = 844;

const onLocalAuth = (page: Page) => new URL(page.url()).pathname.startsWith('/__local-auth');

/**
 * Opens `address`, passes whichever local authorization stand-in it sends the person to, and waits until the
 * screen has settled: no route still loading and the first requests answered (network quiet), never a fixed time.
 */
export async function openSettled(page: Page, address: string, user: string): Promise<void> {
  await page.goto(address).catch(() => undefined);
  for (let hop = 0; hop < 3; hop++) {
    await page.waitForFunction(
      () =>
        location.pathname.startsWith('/__local-auth') || (document.getElementById('root')?.childElementCount ?? 0) > 0,
      undefined,
      { timeout: 30_000 },
    );
    if (onLocalAuth(page)) {
      await page.locator(`[data-user="${user}"]`).first().click();
      await page.waitForURL((u) => !u.pathname.startsWith('/__local-auth'), { timeout: 30_000 });
      continue;
    }
    // A screen that polls may never go fully quiet: the cap only bounds that case, it is not a wait in itself.
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    await page.waitForFunction(() => !document.querySelector('[data-route-loading]'), undefined, { timeout: 30_000 });
    if (!onLocalAuth(page)) return;
  }
}

/**
 * One browser and one page per person: the first screen a person opens signs them in (WeChat's or WeCom's
 * stand-in) and every later screen loads in the same page, its scripts already cached, as a person moving through
 * the app would. Each screen is a full load, so no screen's state carries into the next one's check.
 */
export function axeWalker(browser: () => Browser, baseURL: () => string) {
  const pages = new Map<string, Page>();

  async function pageFor(kind: Kind, user: string): Promise<Page> {
    const key = `${kind}:${user}`;
    const known = pages.get(key);
    if (known) return known;
    const context = await browser().newContext({
      baseURL: baseURL(),
      userAgent: USER_AGENTS[kind],
      viewport: { width: WIDE, height: HEIGHT },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
      // axe is injected as a script: the app's Content-Security-Policy would refuse it.
      bypassCSP: true,
    });
    const page = await context.newPage();
    if (kind === 'wechat') await signInThroughWechat(page, user, '/rules');
    pages.set(key, page);
    return page;
  }

  async function check(page: Page, route: string, address: string): Promise<Finding> {
    const result = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .options(STRICT_CONTRAST)
      .analyze();
    const list = (impact: string) =>
      result.violations
        .filter((v) => v.impact === impact)
        .map((v) => `${v.id} (${v.nodes.length}: ${v.nodes[0]?.target.join(' ')})`);
    return {
      route,
      width: page.viewportSize()?.width ?? 0,
      address,
      landed: new URL(page.url()).pathname,
      critical: list('critical'),
      serious: list('serious'),
      moderate: list('moderate'),
      h1: await page.locator('h1').count(),
    };
  }

  /**
   * Opens the screen once and checks it at each width in turn: the page is resized in place (the layout follows
   * the media queries) rather than loaded again, so a second width costs one axe run, not a second load.
   */
  async function audit(
    kind: Kind,
    route: string,
    address: string,
    user: string,
    widths: readonly number[] = [WIDE],
  ): Promise<Finding[]> {
    const page = await pageFor(kind, user);
    const findings: Finding[] = [];
    for (const [index, width] of widths.entries()) {
      if (page.viewportSize()?.width !== width) {
        await page.setViewportSize({ width, height: HEIGHT });
        if (index > 0) {
          // The page lays out at the new width (checked, so a resize that did not take fails loudly), then two
          // frames let resize handlers' re-renders commit and lay out before axe reads colours and overlaps.
          await page.waitForFunction((w) => document.documentElement.clientWidth === w, width, { timeout: 10_000 });
          await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        }
      }
      if (index === 0) await openSettled(page, address, user);
      findings.push(await check(page, route, address));
    }
    return findings;
  }

  async function close(): Promise<void> {
    for (const page of pages.values()) await page.context().close();
    pages.clear();
  }

  return { audit, close };
}
