import { eq, sql } from 'drizzle-orm';

import { run as replayCli } from '../../scripts/replay';
import { ACTION_LOG_FORMAT, ACTION_LOG_READER_HEADER } from '../../src/api/contract/action-log-constants';
import { createRedactor } from '../../src/features/action-log/redact';
import type { Database } from '../db/client';
import { actionLogs, complianceEvents, mktProducts, presenters, storeExperts, users } from '../db/schema';
import { backfillSearch } from '../plugins/action-logs';
import type { ServiceDeps } from '../plugins/deps';
import { createActionLogsRepository } from '../repositories/action-logs';
import { keyedPlaceholder } from '../security/redaction-key';
import { createTestApp, type TestApp } from './app';
import { sessionTokenFor } from './session';
import { signRequest } from './sign';

const API = '/smart-live/smart-service/api/debug/action-logs';
const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 20, 2, 0, 0);

const entry = (seq: number, t: number, route: string, type: string, payload: unknown = {}) => ({
  seq,
  t,
  route,
  action: { type, payload },
});
const logOf = (context: { userAgentClass: string; fromApp: string | null }, entries: ReturnType<typeof entry>[]) => ({
  format: ACTION_LOG_FORMAT,
  version: 1,
  appVersion: '1.37.0',
  environment: 'local',
  context,
  recordedAt: entries.at(-1)!.t,
  limits: { maxEntries: 5000, maxBytes: 1_500_000 },
  dropped: 0,
  startState: {},
  entries,
});

/** A customer in WeChat on a live's page: the detail fails to load at step 2, the note says 白屏. */
const customerLog = logOf({ userAgentClass: 'wechat', fromApp: null }, [
  entry(0, T0, '/liveDetail?liveId=99999', 'liveRoom/opened', { liveId: 99999 }),
  entry(1, T0 + 1000, '/liveDetail?liveId=99999', 'liveRoom/detailLoadFailed', {
    error: { kind: 'network', message: '网络错误' },
  }),
  entry(2, T0 + 2000, '/liveDetail?liveId=99999', 'liveRoom/retried'),
]);
/** An adviser in WeCom on the workbench: nothing fails. */
const adviserLog = logOf({ userAgentClass: 'wecom', fromApp: null }, [
  entry(0, T0 + HOUR, '/workbench', 'staff/workbenchOpened'),
  entry(1, T0 + HOUR + 500, '/workbench?tab=todo', 'staff/tabChosen', { tab: 'todo' }),
]);
/** A guest in the mini-program's web-view: the home list fails, a percent sign in a payload. */
const guestLog = logOf({ userAgentClass: 'wechat', fromApp: 'weapp' }, [
  entry(0, T0 + 2 * HOUR, '/', 'lives/homeListOpened', { query: '100%_sure' }),
  entry(1, T0 + 2 * HOUR + 300, '/', 'lives/homeListLoadFailed', { message: 'timeout' }),
]);

interface Found {
  id: string;
  userKeys: string[];
  context: string;
  hasError: boolean;
  firstErrorStep: number | null;
  pages: string[];
}

/**
 * The developers' search over uploaded logs, on one database driver, through the real routes: each filter,
 * their combination, paging by cursor, the local page's form and JSON, and the reader named on the trail.
 */
export function actionLogSearchContract(open: () => Promise<Database>): void {
  let t: TestApp;
  const ids: Record<'customer' | 'adviser' | 'guest', string> = { customer: '', adviser: '', guest: '' };
  let customerPhone = '';

  const token = (uuid: string) => sessionTokenFor(t.database, uuid, t.clock.now());
  const post = async (body: unknown, as: string | null) =>
    t.app.inject(
      signRequest(
        { method: 'POST', url: API, body, headers: as ? { authorization: `Bearer ${await token(as)}` } : {} },
        { scheme: 'basic', now: t.clock.now() },
      ),
    );
  const find = async (query: Record<string, string>) => {
    const res = await t.app.inject(
      signRequest(
        {
          method: 'GET',
          url: `${API}?${new URLSearchParams(query).toString()}`,
          headers: { authorization: `Bearer ${await token('u18')}` },
        },
        { scheme: 'basic', now: t.clock.now() },
      ),
    );
    return res;
  };
  const idsOf = async (query: Record<string, string>) => {
    const res = await find(query);
    expect([query, res.statusCode]).toEqual([query, 200]);
    return (res.json().data.items as Found[]).map((f) => f.id);
  };

  beforeAll(async () => {
    t = await createTestApp({ open });
    // The seeded customer u4 gets a phone of its own here, so the test does not depend on the seed's.
    customerPhone = '13912340004';
    await t.database.db.update(users).set({ phone: customerPhone }).where(eq(users.uuid, 'u4'));
    ids.customer = (await post({ log: customerLog, note: '直播页白屏' }, 'u4')).json().data.id;
    t.clock.advance(1000);
    ids.adviser = (await post({ log: adviserLog }, 'u1')).json().data.id;
    t.clock.advance(1000);
    ids.guest = (await post({ log: guestLog }, null)).json().data.id;
  }, 600_000);
  afterAll(() => t?.close());

  test('each log is indexed on upload: context, pages, first error step, sender keys', async () => {
    const res = await find({});
    const items = res.json().data.items as Found[];
    const byId = Object.fromEntries(items.map((i) => [i.id, i]));
    expect(byId[ids.customer]).toMatchObject({
      context: 'wechat',
      hasError: true,
      firstErrorStep: 2,
      pages: ['/liveDetail'],
    });
    expect(byId[ids.customer]!.userKeys).toEqual([
      expect.stringMatching(/^\[user:[0-9a-z]{7}\]$/),
      expect.stringMatching(/^\[phone:[0-9a-z]{7}\]$/),
    ]);
    expect(byId[ids.adviser]).toMatchObject({ context: 'wecom', hasError: false, firstErrorStep: null });
    expect(byId[ids.guest]).toMatchObject({ context: 'miniprogram', hasError: true, firstErrorStep: 2, userKeys: [] });
    // Newest first.
    expect(items.map((i) => i.id)).toEqual([ids.guest, ids.adviser, ids.customer]);
  });

  test('has-error, page, context and action type filter alone and together', async () => {
    expect(await idsOf({ hasError: '1' })).toEqual([ids.guest, ids.customer]);
    expect(await idsOf({ hasError: '0' })).toEqual([ids.adviser]);
    expect(await idsOf({ hasError: '1', page: '/liveDetail' })).toEqual([ids.customer]);
    expect(await idsOf({ page: '/workbench' })).toEqual([ids.adviser]);
    expect(await idsOf({ page: '/live' })).toEqual([]);
    expect(await idsOf({ context: 'wecom' })).toEqual([ids.adviser]);
    expect(await idsOf({ context: 'miniprogram' })).toEqual([ids.guest]);
    expect(await idsOf({ context: 'wechat' })).toEqual([ids.customer]);
    expect(await idsOf({ type: 'staff/tabChosen' })).toEqual([ids.adviser]);
  });

  test('by user: a typed phone hashed as the redactor hashes it, a uuid, or a label copied from a result', async () => {
    expect(await idsOf({ user: customerPhone })).toEqual([ids.customer]);
    expect(await idsOf({ user: `+86 ${customerPhone}` })).toEqual([ids.customer]);
    expect(await idsOf({ user: '13900000000' })).toEqual([]);
    expect(await idsOf({ user: 'u1' })).toEqual([ids.adviser]);
    const label = ((await find({ user: 'u4' })).json().data.items as Found[])[0]!.userKeys[0]!;
    expect(await idsOf({ user: label })).toEqual([ids.customer]);
    // The stored row holds labels only: no phone.
    const raw = await t.database.db.execute(sql`select user_keys::text as k from action_logs`);
    expect(JSON.stringify(raw)).not.toContain(customerPhone);
  });

  test('payload and note text, case-insensitive; % and _ are searched for, not wildcards', async () => {
    expect(await idsOf({ q: '白屏' })).toEqual([ids.customer]);
    expect(await idsOf({ q: 'TIMEOUT' })).toEqual([ids.guest]);
    expect(await idsOf({ q: '100%_' })).toEqual([ids.guest]);
    expect(await idsOf({ q: '0%s' })).toEqual([]);
  });

  test('time range: logs whose recording overlaps it, on both sides of each bound', async () => {
    const iso = (ms: number) => new Date(ms).toISOString();
    // The adviser's log runs from T0+1h to T0+1h+0.5s.
    expect(await idsOf({ from: iso(T0 + HOUR + 500), to: iso(T0 + HOUR + 500) })).toEqual([ids.adviser]);
    expect(await idsOf({ from: iso(T0 + HOUR + 501), to: iso(T0 + 2 * HOUR - 1) })).toEqual([]);
    expect(await idsOf({ from: iso(T0 + 2001) })).toEqual([ids.guest, ids.adviser]);
    expect(await idsOf({ to: iso(T0 + HOUR - 1) })).toEqual([ids.customer]);
    const bad = await find({ from: 'yesterday' });
    expect([bad.statusCode, bad.json().error.message]).toEqual([400, expect.stringContaining('开始时间格式不对')]);
    const reversed = await find({ from: iso(T0 + HOUR), to: iso(T0) });
    expect(reversed.json().error.message).toBe('开始时间晚于结束时间');
  });

  test('paged by cursor: every log once, then no cursor; a forged cursor is refused', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 5; i += 1) {
      const res = await find({ limit: '1', ...(cursor ? { cursor } : {}) });
      const data = res.json().data as { items: Found[]; nextCursor: string | null };
      seen.push(...data.items.map((f) => f.id));
      cursor = data.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual([ids.guest, ids.adviser, ids.customer]);
    const bad = await find({ cursor: 'bm9wZQ' });
    expect([bad.statusCode, bad.json().error.message]).toEqual([400, '翻页参数 cursor 无效，请从第一页重新查询']);
  });

  test('the local page: search form, results with a jump to the first error, JSON for the CLI; reader on the trail', async () => {
    const page = await t.app.inject({ url: '/__action-logs/?hasError=1&page=%2FliveDetail&context=' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('role="search"');
    expect(page.body).toContain(ids.customer);
    expect(page.body).not.toContain(ids.adviser);
    expect(page.body).toContain(`/__replay?id=${ids.customer}&amp;step=2`);
    expect(page.body).toContain('value="/liveDetail"');
    const none = await t.app.inject({ url: '/__action-logs/?q=nothing-like-this' });
    expect(none.body).toContain('没有符合条件的日志');
    const wrong = await t.app.inject({ url: '/__action-logs/?context=fax' });
    expect(wrong.body).toContain('查询条件不对');

    const before = (
      await t.database.db.select().from(complianceEvents).where(eq(complianceEvents.kind, 'action_log_read'))
    ).length;
    const json = await t.app.inject({
      url: '/__action-logs/search.json?hasError=1&page=/liveDetail',
      headers: { [ACTION_LOG_READER_HEADER]: 'dev@laptop (replay CLI)' },
    });
    expect((json.json() as { items: Found[] }).items.map((f) => f.id)).toEqual([ids.customer]);
    await t.app.inject({
      url: `/__action-logs/${ids.customer}.json`,
      headers: { [ACTION_LOG_READER_HEADER]: 'dev@laptop (replay CLI)' },
    });
    await t.app.inject({ url: `/__action-logs/${ids.customer}.json`, headers: { 'user-agent': 'Chromium test' } });
    await find({ q: '白屏' });
    const rows = (
      await t.database.db.select().from(complianceEvents).where(eq(complianceEvents.kind, 'action_log_read'))
    ).slice(before);
    expect(rows.map((r) => [r.subject, r.decision, (r.detail as { reader: string }).reader])).toEqual([
      ['action_log:-', 'listed', 'dev@laptop (replay CLI)'],
      [`action_log:${ids.customer}`, 'read', 'dev@laptop (replay CLI)'],
      [`action_log:${ids.customer}`, 'read', expect.stringMatching(/^本机浏览器 .* Chromium test$/)],
      ['action_log:-', 'listed', 'user:18'],
    ]);
    expect((rows[3]!.detail as { filters: unknown }).filters).toEqual({ q: '白屏' });
  });

  test('the CLI: --find prints the matches with a link to the first error; reading by id names its reader', async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    process.env.ACTION_LOG_READER = 'dev-cli';
    try {
      const found = await replayCli(['--find', '--has-error', '--page', '/liveDetail', '--server', url]);
      expect(found.code).toBe(0);
      expect(found.out).toContain(ids.customer);
      expect(found.out).toContain(`/__replay?id=${ids.customer}&step=2`);
      expect(found.out).not.toContain(ids.guest);
      const none = await replayCli(['--find', '--context', 'wecom', '--has-error', '--server', url]);
      expect(none.out).toBe('没有符合条件的日志');
      expect((await replayCli([ids.customer, '--to', '1', '--server', url])).code).toBe(0);
      const [last] = await t.database.db
        .select()
        .from(complianceEvents)
        .where(eq(complianceEvents.subject, `action_log:${ids.customer}`))
        .orderBy(sql`${complianceEvents.id} desc`)
        .limit(1);
      expect((last!.detail as { reader: string }).reader).toBe('dev-cli (npm run replay)');
    } finally {
      delete process.env.ACTION_LOG_READER;
    }
  });

  test('a log stored before the search columns existed is filled by the backfill as an upload fills them', async () => {
    const { db } = t.database;
    const { log: _log, ...columns } = (await db.select().from(actionLogs).where(eq(actionLogs.id, ids.customer)))[0]!;
    // As migration 0037 left a row stored before it: its defaults.
    await db
      .update(actionLogs)
      .set({
        userKeys: [],
        context: null,
        startedAt: null,
        endedAt: null,
        pages: [],
        actionTypes: [],
        hasError: false,
        firstErrorStep: null,
        searchText: '',
      })
      .where(eq(actionLogs.id, ids.customer));
    expect(await idsOf({ hasError: '1' })).toEqual([ids.guest]);

    const deps = { repos: { actionLogs: createActionLogsRepository(db) } } as unknown as ServiceDeps;
    const redactor = createRedactor(keyedPlaceholder('backfill-test-secret'));
    expect(await backfillSearch(deps, redactor)).toBe(1);
    // Once: nothing is left for a second start.
    expect(await backfillSearch(deps, redactor)).toBe(0);
    const { log: _again, ...filled } = (await db.select().from(actionLogs).where(eq(actionLogs.id, ids.customer)))[0]!;
    // The sender's labels are keyed with this test's secret, not the app's: their shape is compared.
    expect({ ...filled, userKeys: filled.userKeys.length }).toEqual({ ...columns, userKeys: 2 });
    expect(filled.userKeys).toEqual([redactor.placeholder('user', 'u4'), redactor.placeholder('phone', customerPhone)]);
    expect(await idsOf({ hasError: '1', page: '/liveDetail' })).toEqual([ids.customer]);
    expect(await idsOf({ q: '白屏' })).toEqual([ids.customer]);
  });

  test("the redactor's public catalogue is read from the database: products, fund codes, presenters, experts", async () => {
    const { db } = t.database;
    const terms = await createActionLogsRepository(db).publicTerms();
    const [presenter] = await db.select({ name: presenters.name }).from(presenters).limit(1);
    const [product] = await db.select({ name: mktProducts.name, code: mktProducts.code }).from(mktProducts).limit(1);
    const [expert] = await db.select({ name: storeExperts.name }).from(storeExperts).limit(1);
    for (const term of [presenter?.name, product?.name, product?.code, expert?.name])
      expect([term, terms.has(term!)]).toEqual([term, true]);
    // People are not in it.
    const [customer] = await db.select({ name: users.realName }).from(users).where(eq(users.uuid, 'u4'));
    expect(terms.has(customer!.name)).toBe(false);
  });
}
