import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

import { launchBrowser, newContext } from '../__tests__/e2e/support/chromium';
import { startProductServer } from '../__tests__/e2e/support/server';
import type { ActionLog, ActionLogEntry } from '../src/api/contract/action-log';
import { FAULT_RECORDED, REQUEST_RECORDED } from '../src/api/contract/action-log-constants';
import { adviserHourLog } from './bench-replay';
import { reportFigure } from './figures';

/**
 * The replay viewer in Chromium, against the production build the product server serves: a developer signs in
 * (WeCom, u18), opens a 20,000-step adviser log (with a failed request every 250 steps and a console error every
 * 1,000) from a file, and each seek is timed from the input that asked for it to the last change it made to the page
 * (the viewer's panel and the replayed screen; the page is then quiet for QUIET_MS). Seeks: to the end (from step 1),
 * to the middle, one step back (‹), to the next error. `scripts/bench-replay.ts --seek` times the same seeks in Node
 * without React and the screen. Run: `npx tsx scripts/bench-replay-browser.ts [--rounds=5] [--steps=20000]`
 * (needs `npm run build`); prints each round and the medians, one figure per seek for `npm run bench`'s table
 * (scripts/figures.ts), and fails when a seek's median is 500 ms or more.
 */
const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const ROUNDS = arg('rounds', 5);
const STEPS = arg('steps', 20_000);
const SEEK_GOAL_MS = 500;
const QUIET_MS = 300;

/** The adviser-hour mix with errors in it, so "next error" has somewhere to go. */
export function logWithErrors(n: number): ActionLog {
  const log = adviserHourLog(n);
  const entries = log.entries.map((entry, i): ActionLogEntry => {
    if (i % 1000 === 500) {
      const fault = {
        source: 'console',
        message: 'TypeError: 测试错误',
        stack: 'TypeError: 测试错误\n    at https://localhost/js/main.js:1:100',
        eventId: null,
        trigger: { seq: i - 1, type: 'lives/homeListOpened' },
      };
      return { ...entry, action: { type: FAULT_RECORDED, payload: fault } as ActionLogEntry['action'] };
    }
    if (i % 250 !== 100) return entry;
    const request = {
      service: 'live',
      method: 'POST',
      path: '/smart-live/live/getLivesByCategoryId',
      status: 500,
      durationMs: 120,
      outcome: 'http',
      code: 100500,
      trigger: { seq: i - 1, type: 'lives/homeListOpened' },
    };
    return { ...entry, action: { type: REQUEST_RECORDED, payload: request } as ActionLogEntry['action'] };
  });
  return { ...log, entries };
}

/**
 * Watches the viewer from now: `t0` is when `act` runs (or, for an open, when the file input changes), `last` the
 * latest change to the page after it.
 */
async function arm(page: Page, act: string): Promise<void> {
  await page.evaluate((act) => {
    const w = window as unknown as { bench: { t0: number; last: number; observer: MutationObserver } };
    w.bench?.observer.disconnect();
    const bench = { t0: 0, last: 0, observer: new MutationObserver(() => (bench.last = performance.now())) };
    w.bench = bench;
    bench.observer.observe(document.querySelector('main.replay') as HTMLElement, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    if (act) {
      bench.t0 = performance.now();

      new Function(act)();
    } else {
      const input = document.querySelector('input[type="file"]') as HTMLInputElement;
      input.addEventListener('change', () => (bench.t0 = performance.now()), { capture: true, once: true });
    }
  }, act);
}

/** Milliseconds from `t0` to the last change, once the page shows `第 {step} /` and has been quiet for QUIET_MS. */
async function settled(page: Page, step: number): Promise<number> {
  await page.waitForFunction(
    ({ step, quiet }) => {
      const { bench } = window as unknown as { bench: { t0: number; last: number } };
      const shown = document.querySelector('[data-testid="replay-step"]')?.textContent ?? '';
      return (
        shown.includes(`第 ${step} /`) && bench.t0 > 0 && bench.last > 0 && performance.now() - bench.last >= quiet
      );
    },
    { step, quiet: QUIET_MS },
    { timeout: 60_000, polling: 20 },
  );
  return page.evaluate(() => {
    const { bench } = window as unknown as { bench: { t0: number; last: number; observer: MutationObserver } };
    bench.observer.disconnect();
    return bench.last - bench.t0;
  });
}

async function timed(page: Page, act: string, step: number): Promise<number> {
  await arm(page, act);
  return settled(page, step);
}

const setRange = (step: number) => `
  const input = document.querySelector('input[aria-label="步骤"]');
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, '${step}');
  input.dispatchEvent(new Event('input', { bubbles: true }));`;
const click = (name: string) =>
  `[...document.querySelectorAll('button')].find((b) => b.textContent.trim() === '${name}' || b.getAttribute('aria-label') === '${name}').click();`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** /__replay, signed in as the developer u18 (the viewer signs in through WeCom again on each load). */
async function openViewer(page: Page): Promise<void> {
  await page.goto('/__replay');
  const fileInput = page.getByLabel('打开日志文件');
  const developer = page.locator('[data-user="u18"]');
  await fileInput.or(developer).first().waitFor({ state: 'attached', timeout: 60_000 });
  if (await developer.count()) {
    await developer.click();
    await page.waitForURL((u) => u.pathname === '/__replay');
  }
  await fileInput.waitFor({ state: 'attached', timeout: 60_000 });
}

async function main() {
  const log = logWithErrors(STEPS);
  const file = path.join(fs.mkdtempSync('/tmp/bench-replay-'), 'log.json');
  fs.writeFileSync(file, JSON.stringify(log));
  const errorSteps = log.entries.flatMap((e, i) => (e.action.type.startsWith('@@actionLog/') ? [i + 1] : []));
  const middle = Math.floor(STEPS / 2) + 77;
  const nextErrorAfter = (s: number) => errorSteps.find((e) => e > s) as number;

  // Seeding alone can take minutes on a loaded machine.
  const server = await startProductServer({ MARKET_SIMULATOR: 'off', NODE_ENV: 'development' }, 600_000);
  const browser = await launchBrowser();
  const times: Record<'open' | 'toEnd' | 'toMiddle' | 'oneStep' | 'nextError', number[]> = {
    open: [],
    toEnd: [],
    toMiddle: [],
    oneStep: [],
    nextError: [],
  };
  try {
    const context = await newContext(browser, 'wecom', { baseURL: server.url });
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    for (let round = 0; round < ROUNDS; round += 1) {
      // Each round opens the file on a fresh viewer: the previous round left `&step=N` in the address, which a log
      // opened over it keeps (it would settle at that step, never the last one), and the previous log in memory.
      await openViewer(page);
      // Open: from the file's change event to the last step on screen (index, replay of every step, diff, screen).
      await arm(page, '');
      await page.setInputFiles('input[type="file"]', file);
      times.open.push(await settled(page, STEPS));
      await timed(page, setRange(1), 1);
      times.toEnd.push(await timed(page, setRange(STEPS), STEPS));
      times.toMiddle.push(await timed(page, setRange(middle), middle));
      times.oneStep.push(await timed(page, click('上一步'), middle - 1));
      times.nextError.push(await timed(page, click('下一个错误'), nextErrorAfter(middle - 1)));
      console.info(
        `round ${round + 1}: ${Object.entries(times)
          .map(([k, v]) => `${k} ${Math.round(v[v.length - 1] as number)}`)
          .join(', ')} ms`,
      );
    }
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
  const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, Math.round(median(v))])) as Record<
    keyof typeof times,
    number
  >;
  console.info(
    `replay viewer in Chromium, ${STEPS} steps, medians of ${ROUNDS} rounds (ms): open ${m.open}, to the end ${m.toEnd}, to the middle ${m.toMiddle}, one step ${m.oneStep}, next error ${m.nextError}; goal < ${SEEK_GOAL_MS} per seek`,
  );
  const seeks = {
    toEnd: 'jump to the end',
    toMiddle: 'jump to the middle',
    oneStep: 'one step back',
    nextError: 'next error',
  };
  for (const [key, words] of Object.entries(seeks) as Array<[keyof typeof seeks, string]>)
    reportFigure({
      figure: `replay viewer in Chromium at ${STEPS} steps: ${words}, ms (median of ${ROUNDS})`,
      now: String(m[key]),
      goal: `< ${SEEK_GOAL_MS}`,
      met: m[key] < SEEK_GOAL_MS,
      command: `npx tsx scripts/bench-replay-browser.ts --rounds=${ROUNDS} --steps=${STEPS}`,
    });
  const slowest = Math.max(...Object.keys(seeks).map((k) => m[k as keyof typeof seeks]));
  if (slowest >= SEEK_GOAL_MS) process.exitCode = 1;
}

if (require.main === module)
  void main().catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  });
