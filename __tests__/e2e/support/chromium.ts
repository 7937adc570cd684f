import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

import { framesPainted } from './wait';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags from ARCHITECTURE.md: without the background-networking ones the closed network floods refusals. */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Installs Debian's Chromium when it is missing and we are allowed to (root with apt-get);
 * otherwise fails with the command that fixes it. Browser suites never skip.
 */
export function ensureChromium(): string {
  if (fs.existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = fs.existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}. Install it with: sudo apt-get update && sudo apt-get install -y chromium ` +
        '(or set CHROMIUM_PATH to an existing Chromium binary).',
    );
  }
  console.info('Chromium missing: installing it with apt-get (about 30 s)…');
  execFileSync('apt-get', ['update'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`apt-get finished but ${CHROMIUM_PATH} is still missing.`);
  return CHROMIUM_PATH;
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = ensureChromium();
  // Playwright gives every launch a fresh, empty profile directory of its own.
  return chromium.launch({ executablePath, args: FLAGS, headless: true });
}

/** The user agents under test (docs/rules/roles.md#contexts). */
export const USER_AGENTS = {
  wechat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323d) NetType/WIFI Language/zh_CN',
  wecom:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36 wxwork/4.1.22 MicroMessenger/7.0.1 NetType/WIFI Language/zh ColorScheme/Light',
  app: 'Mozilla/5.0 (Linux; Android 13; SM-S9180 Build/TP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/118.0.0.0 Mobile Safari/537.36 noahwm/7.2.0',
  desktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
} as const;
export type ContextKind = keyof typeof USER_AGENTS;

export interface ContextOptions {
  baseURL: string;
  /** Extra cookies, e.g. the native app's device_agent. */
  cookies?: Array<{ name: string; value: string }>;
  /** A phone zoomed in: its CSS viewport (e.g. 160 × 360 for a 320 px phone at 200%), each pixel drawn at 4×. */
  zoomed?: { width: number; height: number };
}

/** A phone-sized context (or a desktop one) with the user agent of the context under test. */
export async function newContext(
  browser: Browser,
  kind: ContextKind,
  options: ContextOptions,
): Promise<BrowserContext> {
  const phone = kind !== 'desktop';
  const context = await browser.newContext({
    baseURL: options.baseURL,
    userAgent: USER_AGENTS[kind],
    viewport: options.zoomed ?? (phone ? { width: 390, height: 844 } : { width: 1280, height: 800 }),
    deviceScaleFactor: options.zoomed ? 4 : phone ? 2 : 1,
    isMobile: phone,
    hasTouch: phone,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  if (kind === 'app' || options.cookies) {
    const url = new URL(options.baseURL);
    const cookies = [
      ...(kind === 'app' ? [{ name: 'device_agent', value: 'noahwm' }] : []),
      ...(options.cookies ?? []),
    ];
    await context.addCookies(cookies.map((c) => ({ ...c, domain: url.hostname, path: '/' })));
  }
  return context;
}

/** Chromium's report of a blocked load or inline code: the app must run under its Content-Security-Policy. */
const CSP_VIOLATION = /Content Security Policy|Refused to (load|execute|apply|connect|frame|create)/i;

/** Page errors and failed console errors, so a test can assert a screen rendered cleanly. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (CSP_VIOLATION.test(m.text())) errors.push(`csp: ${m.text()}`);
    else if (m.type() === 'error') errors.push(`console: ${m.text()} (${m.location().url})`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`http ${r.status()}: ${r.url()}`);
  });
  return errors;
}

/**
 * Resolves once React has hydrated (or rendered) the element `selector` finds: a server-rendered page shows its HTML
 * before its scripts run, and the screen's sagas (listeners, polling) start only after this.
 */
export function hydrated(page: Page, selector: string): Promise<unknown> {
  return page.waitForFunction((sel) => {
    const el = document.querySelector(sel);
    return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
  }, selector);
}

/** CSP violations alone (console messages of any level), for tests that tolerate other console noise. */
export function watchCspViolations(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (m) => {
    if (CSP_VIOLATION.test(m.text())) found.push(`${m.text()} (${m.location().url})`);
  });
  return found;
}

export const SCREENSHOT_DIR = path.resolve(__dirname, '..', '..', '..', 'test-results', 'screenshots');

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/**
 * The first screenful at both phone widths we support (390 and 320 px) as `<dir>/<name>-<width>.png`; fails when the
 * page scrolls sideways at either width. Leaves the page at 390 px.
 */
export async function shotsAtPhoneWidths(page: Page, dir: string, name: string): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    await framesPainted(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 1) throw new Error(`${name} scrolls sideways by ${overflow} px at ${width} px`);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}
