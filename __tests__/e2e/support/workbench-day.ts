import type { Page } from 'playwright-core';

/**
 * 今日, 待处理 and the tab counts as adviser u1 reads them in WeCom: `readTheDay` is the whole check, run on
 * `npm start`'s defaults and again after the local clock moves (docs/workbench.md).
 */
const CAP = 10;

/** The numbers in a text, in order. */
const numbers = (text: string) => [...text.matchAll(/\d+/g)].map((m) => Number(m[0]));

/**
 * 今日: its count is its list, at most the cap (nothing pulled by hand yet), with 1-3 热 cards: the engine calibrates
 * each adviser's lines on the day's pushed cards, so this holds on any day, the seed's or a week later.
 */
async function readToday(page: Page): Promise<{ waiting: number }> {
  await page.getByRole('tab', { name: '今日' }).click();
  const today = page.getByTestId('today');
  await today.locator('.mk-card').first().waitFor();
  const [count, pushed, cap] = numbers(await page.getByTestId('today-count').innerText());
  expect(cap).toBe(CAP);
  expect(pushed).toBeLessThanOrEqual(CAP);
  expect(await today.locator('.mk-card').count()).toBe(count);
  expect(count).toBeLessThanOrEqual(CAP);
  const hot = await today.locator('.mk-pri--hot').count();
  expect([hot >= 1, hot <= 3]).toEqual([true, true]);
  // Each card states its tier's lines, calibrated on today's push, and its tier is its score against them.
  for (const line of await today.locator('.mk-tier').allInnerTexts()) {
    const m = line.match(
      /^评分 ([\d.]+) · (?:热：评分 ≥ ([\d.]+)（\d+月\d+日推送前 3 名）|温：评分 ([\d.]+)-([\d.]+)（\d+月\d+日推送线以上）|冷：评分 < ([\d.]+)（\d+月\d+日推送线以下）)$/,
    );
    expect([line, !!m]).toEqual([line, true]);
    const [score, hotMin, warmFrom, warmTo, coldBelow] = m!.slice(1).map(Number) as number[];
    if (m![2]) expect(score).toBeGreaterThanOrEqual(hotMin!);
    if (m![3]) expect([score! >= warmFrom!, score! < warmTo!]).toEqual([true, true]);
    if (m![5]) expect(score).toBeLessThan(coldBelow!);
  }
  const [waiting] = numbers(await page.getByTestId('waiting-link').innerText());
  return { waiting: waiting! };
}

/** 机会: every family's count is the length of its list, read to its end page by page. */
async function readChance(page: Page): Promise<void> {
  // The cards each family's list loaded, by id (a poll's first page again adds none), from the list's own answers.
  const ids = new Map<string, Set<number>>();
  const onPage = async (r: { url(): string; json(): Promise<unknown> }) => {
    if (!r.url().includes('/chance-card/list')) return;
    const family = new URL(r.url()).searchParams.get('group') ?? 'all';
    const body = (await r.json().catch(() => null)) as { data?: { list: Array<{ card_id: number }> } } | null;
    const seen = ids.get(family) ?? new Set<number>();
    for (const c of body?.data?.list ?? []) seen.add(c.card_id);
    ids.set(family, seen);
  };
  page.on('response', onPage);
  await page.getByRole('tab', { name: '机会' }).click();
  await page.locator('.mk-card').first().waitFor();
  for (const family of ['money_flow', 'product_monitoring', 'behaviour_insight', 'intent_matching', 'all']) {
    await page.click(`[data-family="${family}"]`);
    // Scroll until the last page has come (the list asks for the next page near its end).
    await page.waitForFunction(
      () => {
        window.scrollTo(0, document.body.scrollHeight);
        return (
          document.querySelector('.mk-foot')?.textContent === '没有更多了' || !!document.querySelector('.mk-empty')
        );
      },
      undefined,
      { polling: 250, timeout: 60_000 },
    );
    const shown = numbers(await page.getByTestId('card-total').innerText())[0];
    const chip = Number(await page.locator(`[data-family="${family}"] small`).innerText());
    expect([family, chip, ids.get(family)?.size ?? 0]).toEqual([family, shown, shown]);
  }
  page.off('response', onPage);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** 待处理: its own screen, the count on 今日 is its list, every waiting card reachable (加载更多 to the end). */
async function readWaiting(page: Page, waiting: number): Promise<void> {
  await page.getByRole('tab', { name: '今日' }).click();
  await page.getByTestId('waiting-link').click();
  await page.waitForURL((u) => u.pathname === '/waitingIndex');
  await page.getByTestId('waiting-card').first().waitFor();
  expect(await page.locator('.mk-wait__why').first().innerText()).toMatch(/^今日已推送 \d+ 条，/);
  for (;;) {
    const more = page.getByRole('button', { name: '加载更多' });
    if (!(await more.count())) break;
    const before = await page.getByTestId('waiting-card').count();
    await more.click();
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="waiting-card"]').length > n, before);
  }
  await page.getByText('已全部显示').waitFor();
  const total = Number(await page.getByTestId('waiting-total').innerText());
  const ids = await page
    .getByTestId('waiting-card')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-card-id')));
  expect(new Set(ids).size).toBe(ids.length);
  // The simulator may add a card between the two reads: the list is what the screen's own count says.
  expect(ids.length).toBe(total);
  expect(total).toBeGreaterThanOrEqual(Math.min(waiting, 1));
}

/** The whole day's check, re-runnable after a clock move: 今日, 机会's counts, 待处理 to its end. */
export async function readTheDay(page: Page): Promise<void> {
  const { waiting } = await readToday(page);
  await readChance(page);
  await readWaiting(page, waiting);
}
