/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';

import { SSR_DATA_ID, type SsrData } from '../../src/store';
import {
  lives,
  mgmInvitations,
  mgmMembers,
  mktCustomers,
  mktJobState,
  mktProducts,
  storeQuestions,
  subscriptions,
} from '../db/schema';
import { createShare } from '../repositories/marketing-share';
import { SSR_ROUTES } from '../ssr/loaders';
import * as render from '../ssr/render';
import { createTestApp, type TestApp } from '../test-support/app';
import { signRequest } from '../test-support/sign';

/** The first screens rendered by the server, for whom the address may name, else public. */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-ssr-'));
// The shape of the built page (minified like html-webpack-plugin's output).
const INDEX =
  '<!doctype html><html lang=zh-CN><head><meta charset=utf-8><title>直播</title><script defer src=/js/main.1a2b3c4d.js></script></head><body><div id=root></div></body></html>';
fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
fs.writeFileSync(
  path.join(dist, 'chunk-manifest.json'),
  JSON.stringify({
    entry: ['js/main.1a2b3c4d.js'],
    groups: { 'customer-bar': ['css/16.ffffff.css', 'js/16.ffffff.js'] },
    screens: {
      'src/features/lives/screens/HomeScreen.tsx': ['css/12.bbbbbb.css', 'js/12.bbbbbb.js'],
      'src/features/lives/screens/AboutScreen.tsx': ['css/13.cccccc.css', 'js/13.cccccc.js'],
      'src/features/marketing/products/screens/RateShareDetailScreen.tsx': ['css/14.dddddd.css', 'js/14.dddddd.js'],
      'src/features/knowledge/screens/ShopIndexScreen.tsx': ['css/15.eeeeee.css', 'js/15.eeeeee.js'],
    },
  }),
);

const WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50 NetType/WIFI Language/zh_CN';
const MINI_PROGRAM = `${WECHAT} miniProgram`;

let t: TestApp;
/** The kept pages' clock: moved by hand only, and only forward (no refresher in the background). */
let pageMs = 0;
beforeAll(async () => {
  t = await createTestApp({ distDir: dist, app: { pageCache: { clock: () => pageMs, refresher: false } } });
}, 180_000);

/** Past the kept pages' freshness: the next request reads the database again. */
const pagesGoStale = () => void (pageMs += 1000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

async function page(url: string, ua: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'user-agent': ua } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-cache');
  return res.body;
}

function dataOf(html: string): SsrData {
  const m = new RegExp(`<script type="application/json" id="${SSR_DATA_ID}">([\\s\\S]*?)</script>`).exec(html);
  expect(m).not.toBeNull();
  return JSON.parse(m![1]!) as SsrData;
}

/** The status tag each card of the rendered list shows, by live id. */
function cardStatuses(html: string): Map<number, string> {
  return new Map([...html.matchAll(/data-testid="live-(\d+)" data-status="(\w+)"/g)].map((m) => [Number(m[1]), m[2]!]));
}

/** An upcoming live on the first page of the public list, subscribed by u5 (C0005) directly in the database. */
async function subscribeU5(): Promise<number> {
  const html = await page('/?from=weapp', WECHAT);
  // The public render cannot know anyone's subscription: upcoming lives carry the neutral tag.
  const upcoming = [...cardStatuses(html)].find(([, status]) => status === 'upcoming');
  expect(upcoming).toBeDefined();
  const liveId = upcoming![0];
  await t.database.db
    .insert(subscriptions)
    .values({ liveId, employeeId: 'C0005', realName: '', createdAt: t.clock.now() })
    .onConflictDoNothing();
  return liveId;
}

test('/ opened from the mini-program renders the list with the subscription tags of the user the address names', async () => {
  const liveId = await subscribeU5();
  const html = await page('/?uuid=u5&from=weapp', MINI_PROGRAM);
  expect(html).toContain('data-ssr="home"');
  expect(cardStatuses(html).get(liveId)).toBe('subscribed');
  const res = await t.app.inject({
    method: 'GET',
    url: '/?uuid=u5&from=weapp',
    headers: { accept: 'text/html', 'user-agent': MINI_PROGRAM, 'accept-encoding': 'gzip' },
  });
  expect(String(res.headers.vary)).toMatch(/user-agent/i);
  expect(res.headers['content-encoding']).toBe('gzip');
  expect(html).toMatch(/<title>直播<\/title>/);
  // The screen's stylesheets are in the page; its scripts are left to the app (no bandwidth taken).
  expect(html).toContain('<link rel="stylesheet" href="/css/12.bbbbbb.css">');
  expect(html).not.toContain('/js/12.bbbbbb.js');
  // The app's scripts (deferred) come after the content and the data block.
  expect(html.indexOf('<script fetchpriority=low defer src=/js/main.1a2b3c4d.js></script>')).toBeGreaterThan(
    html.indexOf(SSR_DATA_ID),
  );
  const data = dataOf(html);
  expect(data).toMatchObject({
    route: 'home',
    url: '/?uuid=u5&from=weapp',
    data: { home: { query: { uuid: 'u5', date: null }, personalFor: 'u5' } },
  });
  expect(data.data.home!.list.find((l) => l.num_index === liveId)?.is_subscribe).toBe(1);
});

test('/ opened in a plain browser with the same address renders the public list: none of that user’s tags', async () => {
  const liveId = await subscribeU5().catch(() => 0);
  const subscribed =
    liveId ||
    (await t.database.db.select().from(subscriptions).where(eq(subscriptions.employeeId, 'C0005')))[0]!.liveId;
  for (const ua of [WECHAT, 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36']) {
    const html = await page('/?uuid=u5&from=weapp', ua);
    expect(html).toContain('data-ssr="home"');
    // Neutral (即将开播), neither this user's 已预约 nor a 未预约 that would turn into it after hydration.
    expect(cardStatuses(html).get(subscribed)).toBe('upcoming');
    expect([...cardStatuses(html).values()]).not.toContain('subscribed');
    expect([...cardStatuses(html).values()]).not.toContain('unsubscribed');
    expect(dataOf(html).data.home!.personalFor).toBeNull();
  }
});

test('a mini-program address naming nobody known renders the public list', async () => {
  const html = await page('/?uuid=nobody-here&from=weapp', MINI_PROGRAM);
  expect(dataOf(html).data.home!.personalFor).toBeNull();
  expect([...cardStatuses(html).values()]).not.toContain('subscribed');
});

test('text from the database cannot close the data block or inject markup', async () => {
  const first = { id: [...cardStatuses(await page('/?from=weapp', WECHAT)).keys()][0]! };
  const title = '</script><script>alert(1)</script>&<b>';
  await t.database.db.update(lives).set({ title }).where(eq(lives.id, first!.id));
  pagesGoStale();
  const html = await page('/?from=weapp', WECHAT);
  expect(html).not.toContain('<script>alert(1)');
  expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;&lt;b&gt;');
  expect(dataOf(html).data.home!.list.some((l) => l.title === title)).toBe(true);
});

test('a render error or a failed load falls back to the plain app shell', async () => {
  // An address of its own: identical data would reuse an earlier render without rendering.
  const spy = jest.spyOn(render, 'renderAppHtml').mockRejectedValueOnce(new Error('screen threw'));
  expect(await page('/?from=weapp&case=render-error', WECHAT)).toBe(INDEX);
  spy.mockRestore();
  const load = jest.spyOn(SSR_ROUTES.home!, 'load').mockRejectedValueOnce(new Error('database away'));
  pagesGoStale();
  expect(await page('/?from=weapp', WECHAT)).toBe(INDEX);
  load.mockRestore();
  // And it recovers: the next page is rendered again.
  expect(await page('/?from=weapp', WECHAT)).toContain('data-ssr="home"');
});

test('routes without a server render, and API paths, are untouched', async () => {
  expect(await page('/marketMapIndex', WECHAT)).toBe(INDEX);
  const api = await t.app.inject({
    method: 'GET',
    url: '/smart-live/smart-service/api/nothing',
    headers: { accept: 'text/html' },
  });
  expect(api.statusCode).toBe(404);
});

describe('pages customers open from a link', () => {
  test('about/{liveid} and LiveEnd/{liveid} arrive with the live in the HTML (public detail, no viewer)', async () => {
    const home = dataOf(await page('/?from=weapp', WECHAT)).data.home!.list;
    const upcoming = home.find((l) => l.status === 2)!;
    const about = await page(`/about/${upcoming.num_index}?from=weapp`, MINI_PROGRAM);
    expect(about).toContain('data-ssr="about"');
    expect(about).toContain('<link rel="stylesheet" href="/css/13.cccccc.css">');
    expect(about).toContain(upcoming.title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
    const data = dataOf(about).data.liveScreen!;
    expect(data).toMatchObject({ liveId: upcoming.num_index, screen: 'about' });
    // No clock in the page: the countdown is the browser's, in a line kept for it.
    expect(data).not.toHaveProperty('nowMs');
    expect(about).toContain('<p class="live-head__countdown" data-testid="countdown-line"></p>');
    expect(data.detail.is_subscribe).toBe(0);

    const [ended] = await t.database.db
      .select()
      .from(lives)
      .where(eq(lives.categoryId, 32))
      .orderBy(lives.endTime)
      .limit(1);
    const end = await page(`/LiveEnd/${ended!.id}`, WECHAT);
    expect(end).toContain('data-ssr="liveEnd"');
    expect(dataOf(end).data.liveScreen).toMatchObject({ liveId: ended!.id, screen: 'end' });
  });

  test('a page that shows a bar links the bars’ stylesheet with its own, so the bar paints in its place', async () => {
    const home = dataOf(await page('/?from=weapp', WECHAT)).data.home!.list;
    for (const [url, bar] of [
      [`/about/${home[0]!.num_index}?from=weapp`, '<nav class="door-bar"'],
      ['/shopIndex', '<nav class="bottom-bar"'],
    ] as const) {
      const html = await page(url, WECHAT);
      expect([url, html.includes(bar)]).toEqual([url, true]);
      const head = html.slice(0, html.indexOf('</head>'));
      expect([url, head.split('<link rel="stylesheet" href="/css/16.ffffff.css">').length - 1]).toEqual([url, 1]);
      expect(html).not.toContain('16.ffffff.js');
    }
  });

  test('a bad or unknown live id gets the app shell, whose own page says what is wrong', async () => {
    expect(await page('/about/abc', WECHAT)).toBe(INDEX);
    expect(await page('/about/99999999', WECHAT)).toBe(INDEX);
    expect(await page('/LiveEnd/', WECHAT)).toBe(INDEX);
  });

  test('wechatH5 renders the inviter and the form, and records no open (the client’s own call does)', async () => {
    const [member] = await t.database.db.select().from(mgmMembers).limit(1);
    const opensBefore = (await t.database.db.select().from(mgmInvitations)).length;
    const html = await page(`/wechatH5?share=${member!.shareCode}`, WECHAT);
    expect(html).toContain('data-ssr="wechatH5"');
    expect(html).toContain('邀请你加入财富会员');
    expect(dataOf(html).data.invitationLanding).toMatchObject({
      shareCode: member!.shareCode,
      info: { isSelf: false },
    });
    expect((await t.database.db.select().from(mgmInvitations)).length).toBe(opensBefore);
  });

  test('wechatH5 with a cut or missing code renders its dead end; a well-formed code no one holds gets the shell', async () => {
    for (const url of ['/wechatH5?share=bad', '/wechatH5']) {
      const html = await page(url, WECHAT);
      expect(html).toContain('data-ssr="wechatH5"');
      expect(html).toContain('邀请链接不完整，请向邀请人重新索取');
      expect(dataOf(html).data).toEqual({});
    }
    const [member] = await t.database.db.select().from(mgmMembers).limit(1);
    const unknown = `${member!.shareCode.slice(0, -2)}${member!.shareCode.endsWith('ZZ') ? 'YY' : 'ZZ'}`;
    expect(await page(`/wechatH5?share=${unknown}`, WECHAT)).toBe(INDEX);
  });

  /** A genuine code for adviser 1 and a product that may be promoted in public, each for another suitable customer (one contact a day). */
  let nextCustomer = 0;
  async function shareCode(page: 'rate' | 'public') {
    const [product] = await t.database.db
      .select()
      .from(mktProducts)
      .where(eq(mktProducts.qualifiedOnly, false))
      .orderBy(mktProducts.id)
      .limit(1);
    const now = t.clock.now();
    // A customer whose current assessment covers the product (the link is checked for them when made).
    const [customer] = await t.database.db
      .select()
      .from(mktCustomers)
      .where(and(eq(mktCustomers.adviserId, 1), isNotNull(mktCustomers.riskLevel), gt(mktCustomers.riskExpiresAt, now)))
      .orderBy(mktCustomers.id)
      .offset(nextCustomer++)
      .limit(1);
    const made = await createShare(t.database.db, 1, { product_id: product!.id, page, customer_id: customer!.id }, now);
    if (!('code' in made)) throw new Error(made.kind);
    return { code: made.code, product: product! };
  }
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

  test('RateShareDetail and publicShareDetail arrive with the product, its disclosures and the adviser in the HTML', async () => {
    const { code, product } = await shareCode('rate');
    const html = await page(`/RateShareDetail?share_code=${encodeURIComponent(code)}`, WECHAT);
    expect(html).toContain('data-ssr="rateShareDetail"');
    expect(html).toMatch(/<title>收益分享<\/title>/);
    expect(html).toContain('<link rel="stylesheet" href="/css/14.dddddd.css">');
    expect(html).toContain(esc(product.name));
    expect(html).toContain('基金有风险，投资需谨慎');
    expect(html).toContain('从业资格编号');
    const data = dataOf(html).data.sharePage!;
    // The same answer the public endpoint gives for the code.
    const api = await t.app.inject({ method: 'GET', url: '/market_map_url/share/product-page', query: { code } });
    expect(data).toEqual({ code, data: api.json().data });

    const pub = await shareCode('public');
    const dividends = await page(`/publicShareDetail?share_code=${encodeURIComponent(pub.code)}`, WECHAT);
    expect(dividends).toContain('data-ssr="publicShareDetail"');
    // The server renders for nobody in particular: the public view (facts and disclosures); the customer's
    // own performance view comes from the endpoint once their sign-in is known.
    expect(dividends).toContain('data-view="public"');
    expect(dividends).toContain('过往业绩不代表未来表现');
    expect(dividends).not.toContain('近一年分红记录');
  });

  test('a forged, cut, missing or expired share code gets the app shell, whose own page says what is wrong', async () => {
    const { code } = await shareCode('rate');
    const [payload, mac] = code.split('.');
    const forged = Buffer.from(Buffer.from(payload!, 'base64url').toString().replace(/^1~/, '2~')).toString(
      'base64url',
    );
    for (const bad of [`${forged}.${mac}`, code.slice(0, -3), 'guess', '', 'x'.repeat(500)]) {
      expect(await page(`/RateShareDetail?share_code=${encodeURIComponent(bad)}`, WECHAT)).toBe(INDEX);
    }
    expect(await page('/publicShareDetail', WECHAT)).toBe(INDEX);
    t.clock.advance(8 * 86_400_000);
    try {
      expect(await page(`/RateShareDetail?share_code=${encodeURIComponent(code)}`, WECHAT)).toBe(INDEX);
    } finally {
      t.clock.advance(-8 * 86_400_000);
    }
    // The signing key stays the server's: nothing of it is in any page.
    const [key] = await t.database.db.select().from(mktJobState).where(eq(mktJobState.name, 'share_code_key'));
    expect(await page(`/RateShareDetail?share_code=${encodeURIComponent(code)}`, WECHAT)).not.toContain(key!.value);
  });
});

test('no private fund in a server-rendered page: the store home and the pages of private-fund lives', async () => {
  for (const url of ['/shopIndex', '/about/7', '/LiveEnd/7', '/about/18', '/LiveEnd/13']) {
    const html = await page(url, WECHAT);
    for (const word of [
      '星辰量化中性1号私募',
      '远望CTA趋势私募',
      '恒信股票多头私募',
      '仅限合格投资者',
      'SX1288',
      'SY2031',
    ])
      expect([url, word, html.includes(word)]).toEqual([url, word, false]);
  }
});

describe('the store a customer opens from a link', () => {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  /** What the store endpoint answers a reader with no token. */
  async function storeApi(url: string, query?: Record<string, string>) {
    const res = await t.app.inject(
      signRequest(
        { method: 'GET', url: `/smart-live/smart-service/api/store/${url}`, query },
        { scheme: 'basic', now: t.clock.now() },
      ),
    );
    expect(res.statusCode).toBe(200);
    return res.json().data as unknown;
  }

  test('shopIndex arrives with every section in the HTML, rendered from what the index endpoint answers', async () => {
    const html = await page('/shopIndex', WECHAT);
    expect(html).toContain('data-ssr="shopIndex"');
    expect(html).toMatch(/<title>知识商城<\/title>/);
    expect(html).toContain('<link rel="stylesheet" href="/css/15.eeeeee.css">');
    const data = dataOf(html).data.store!;
    expect(data.index).toEqual(await storeApi('index'));
    const index = data.index!;
    for (const text of [
      '头条精选',
      '专家说',
      '精选产品',
      index.top[0]!.title,
      index.experts[0]!.name,
      index.news[0]!.title,
      index.products[0]!.name,
      index.questions[0]!.content,
    ])
      expect(html).toContain(esc(text));
    // Rendered for nobody: no skeleton where the content goes.
    expect(html).not.toContain('aria-busy="true"');
  });

  test('questionDetail arrives with the question and its published answers; a bad or unpublished id gets the shell', async () => {
    const [answered] = await t.database.db
      .select()
      .from(storeQuestions)
      .where(isNotNull(storeQuestions.answeredAt))
      .orderBy(storeQuestions.id)
      .limit(1);
    const html = await page(`/questionDetail?id=${answered!.id}`, WECHAT);
    expect(html).toContain('data-ssr="questionDetail"');
    const data = dataOf(html).data.store!;
    expect(data.qa).toEqual({
      id: answered!.id,
      detail: await storeApi('qa_detail', { question_id: String(answered!.id) }),
    });
    expect(data.qa!.detail.answers.length).toBeGreaterThan(0);
    expect(html).toContain(esc(data.qa!.detail.question.content));
    expect(html).toContain(esc(data.qa!.detail.answers[0]!.content));
    expect(html).toContain('从业资格编号');

    const [unanswered] = await t.database.db
      .select()
      .from(storeQuestions)
      .where(isNull(storeQuestions.answeredAt))
      .limit(1);
    expect(unanswered).toBeDefined();
    for (const bad of [String(unanswered!.id), '0', 'abc', '', '999999999'])
      expect(await page(`/questionDetail?id=${bad}`, WECHAT)).toBe(INDEX);
    expect(await page('/questionDetail', WECHAT)).toBe(INDEX);
  });
});

describe('public pages kept in memory, per address and data version', () => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'user-agent': WECHAT, ...headers } });

  test('every viewer gets the same bytes from memory: no read, no session, no header of theirs in them', async () => {
    pagesGoStale();
    const first = await get('/?from=weapp&case=kept');
    const load = jest.spyOn(SSR_ROUTES.home!, 'load');
    try {
      const token = 'tok-3f9a1c-viewer-secret';
      const other = await get('/?from=weapp&case=kept', {
        authorization: `Bearer ${token}`,
        cookie: 'sid=sid-77c1-private',
        'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36',
      });
      expect(load).not.toHaveBeenCalled();
      expect(other.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(other.headers.etag).toBe(first.headers.etag);
      for (const secret of [token, 'sid-77c1-private', 'Android 14']) expect(other.body).not.toContain(secret);
    } finally {
      load.mockRestore();
    }
  });

  test('brotli, gzip or none by Accept-Encoding, each with its own tag; a tag the client holds gets 304', async () => {
    pagesGoStale();
    const raw = await get('/about/5?case=enc');
    expect(raw.headers['content-encoding']).toBeUndefined();
    const br = await get('/about/5?case=enc', { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await get('/about/5?case=enc', { 'accept-encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(raw.rawPayload)).toBe(true);
    expect(zlib.gunzipSync(gz.rawPayload).equals(raw.rawPayload)).toBe(true);
    for (const res of [raw, br, gz]) {
      expect(String(res.headers.vary)).toMatch(/user-agent/i);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect(new Set([raw.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
    const again = await get('/about/5?case=enc', {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another encoding's tag is another representation: the page itself.
    const other = await get('/about/5?case=enc', { 'accept-encoding': 'br', 'if-none-match': String(gz.headers.etag) });
    expect(other.statusCode).toBe(200);
  });

  test('a rendered page opts out of the opener policy that starts a new renderer; the shell keeps same-origin', async () => {
    const rendered = await get('/about/5?case=coop');
    expect(rendered.body).toContain('data-ssr="about"');
    expect(rendered.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    const shell = await get('/marketMapIndex');
    expect(shell.body).not.toContain('data-ssr=');
    expect(shell.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  test('a change to a live shows within 1,000 ms: kept at 999 ms, read again at 1,000 ms', async () => {
    pagesGoStale();
    const url = '/?from=weapp&case=change';
    const before = (await get(url)).body;
    const target = dataOf(before).data.home!.list[0]!;
    await t.database.db.update(lives).set({ title: '标题已改' }).where(eq(lives.id, target.num_index));
    pageMs += 999;
    expect((await get(url)).body).toBe(before);
    pageMs += 1;
    const after = (await get(url)).body;
    expect(after).toContain('标题已改');
    expect(dataOf(after).data.home!.list[0]!.title).toBe('标题已改');
  });

  test('an upcoming live’s page is not rendered again as the seconds pass: only its data makes a new page', async () => {
    pagesGoStale();
    const home = dataOf((await get('/?from=weapp&case=clock')).body).data.home!.list;
    const upcoming = home.find((l) => l.status === 2)!;
    const url = `/about/${upcoming.num_index}?case=clock`;
    const first = await get(url);
    const rendered = jest.spyOn(render, 'renderAppHtml');
    const load = jest.spyOn(SSR_ROUTES.about!, 'load');
    try {
      for (const step of [1_000, 59_000]) {
        t.clock.advance(step);
        pagesGoStale();
        const again = await get(url);
        expect(again.headers.etag).toBe(first.headers.etag);
      }
      // Read again each time it went stale, found unchanged, and not rendered.
      expect(load).toHaveBeenCalledTimes(2);
      expect(rendered).not.toHaveBeenCalled();
    } finally {
      t.clock.advance(-60_000);
      load.mockRestore();
      rendered.mockRestore();
    }
  });

  test('its times and its counts too: a live moved into the past, a new subscription', async () => {
    pagesGoStale();
    const url = '/?from=weapp&case=times';
    const html = (await get(url)).body;
    const list = dataOf(html).data.home!.list;
    const upcoming = list.find((l) => l.status === 2)!;
    const other = list.find((l) => l.status === 2 && l.num_index !== upcoming.num_index)!;
    const now = t.clock.now().getTime();
    await t.database.db
      .update(lives)
      .set({ startTime: new Date(now - 7_200_000), endTime: new Date(now - 3_600_000) })
      .where(eq(lives.id, upcoming.num_index));
    await t.database.db
      .insert(subscriptions)
      .values({ liveId: other.num_index, employeeId: 'page-cache-test', realName: '', createdAt: t.clock.now() })
      .onConflictDoNothing();
    pageMs += 999;
    expect((await get(url)).body).toBe(html);
    pageMs += 1;
    const after = dataOf((await get(url)).body).data.home!.list;
    expect(after.find((l) => l.num_index === upcoming.num_index)?.status ?? 3).toBe(3);
    expect(after.find((l) => l.num_index === other.num_index)!.subscribe_number).toBe(other.subscribe_number + 1);
  });

  test('one user’s list (the mini-program’s own) is never kept or sent to anyone else', async () => {
    const liveId = await subscribeU5().catch(() => 0);
    const subscribed =
      liveId ||
      (await t.database.db.select().from(subscriptions).where(eq(subscriptions.employeeId, 'C0005')))[0]!.liveId;
    const url = '/?uuid=u5&from=weapp&case=personal';
    const mine = await get(url, { 'user-agent': MINI_PROGRAM });
    expect(cardStatuses(mine.body).get(subscribed)).toBe('subscribed');
    // Same address, a plain browser, no time passed: the public list, not u5's.
    const theirs = await get(url);
    expect([...cardStatuses(theirs.body).values()]).not.toContain('subscribed');
    expect(dataOf(theirs.body).data.home!.personalFor).toBeNull();
    // Nor is u5's page kept for the next mini-program request: its own tags are read again.
    await t.database.db.delete(subscriptions).where(eq(subscriptions.employeeId, 'C0005'));
    const again = await get(url, { 'user-agent': MINI_PROGRAM });
    expect(cardStatuses(again.body).get(subscribed)).not.toBe('subscribed');
  });
});
