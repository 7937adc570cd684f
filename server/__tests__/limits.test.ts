/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { eq } from 'drizzle-orm';

import { ACTION_LOG_FORMAT } from '../../src/api/contract/action-log-constants';
import { ErrorCode } from '../../src/api/contract/codes';
import { buildApp } from '../app';
import { actionLogs, analyticsEvents, errorReports, ownTrackingEvents } from '../db/schema';
import { bodyLimitFor, DEFAULT_BODY_LIMIT } from '../http/body-limits';
import { DEFAULT_RATES } from '../http/rate-limits';
import { createUsersRepository } from '../repositories/users';
import { DEFAULT_RETENTION, retentionFromEnv, sweepRetention } from '../retention';
import { isApiPath } from '../services';
import { createTestApp, type TestApp, TestClock } from '../test-support/app';
import { apiRoutes, fillParams, queryStrings, validSample } from '../test-support/arbitrary';
import { openTestDatabase } from '../test-support/database';
import { sessionTokenFor } from '../test-support/session';
import { signRequest } from '../test-support/sign';

/**
 * Body limits sized to each route's contract, rate limits per address and per
 * user on the intake that can be abused, a daily cap on stored action logs, retention of old
 * intake, and the marketing map only for a live adviser sid.
 */
jest.setTimeout(120_000);

const LS = '/smart-live/smart-service';
const ACTION_LOGS = `${LS}/api/debug/action-logs`;
const log = {
  format: ACTION_LOG_FORMAT,
  version: 1,
  appVersion: '1.37.0',
  environment: 'local',
  context: { userAgentClass: 'wechat', fromApp: null },
  recordedAt: 1_760_000_000_000,
  limits: { maxEntries: 5000, maxBytes: 1_500_000 },
  dropped: 0,
  startState: {},
  entries: [
    {
      seq: 0,
      t: 1_760_000_000_000,
      route: '/',
      action: { type: 'lives/homeListOpened', payload: { uuid: 'u4', date: null } },
    },
  ],
};

describe('with the default limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  test('every route has a body limit sized to its contract; one byte past it is 413 before any check', async () => {
    const routes = t.app.routeTable.filter(
      (r) => isApiPath(r.url) && ([] as string[]).concat(r.method).includes('POST'),
    );
    expect(routes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    let sized = 0;
    for (const r of routes) {
      const body = (r.schema as { body?: never } | undefined)?.body;
      const limit = r.bodyLimit!;
      if (r.url === ACTION_LOGS || r.url.startsWith('/error-report')) continue; // set by hand, larger than the default
      if (limit !== bodyLimitFor(body)) failures.push(`${r.url}: ${limit} vs ${bodyLimitFor(body)}`);
      if (limit !== DEFAULT_BODY_LIMIT) sized += 1;
      const payload = JSON.stringify({ x: 'a'.repeat(limit) });
      const res = await t.app.inject({
        method: 'POST',
        url: fillParams(r.url, undefined),
        payload,
        headers: { 'content-type': 'application/json' },
        remoteAddress: `10.9.${sized % 250}.${failures.length % 250}`,
      });
      if (res.statusCode !== 413)
        failures.push(`${r.url}: ${res.statusCode} for ${payload.length} bytes (limit ${limit})`);
    }
    expect(failures).toEqual([]);
    // Most contracts bound their bodies; only open-ended ones fall back to the default.
    expect(sized).toBeGreaterThan(routes.length / 2);
    const question = t.app.routeTable.find((r) => r.url === `${LS}/api/store/store_question`)!;
    expect(question.bodyLimit).toBeLessThan(16 * 1024);
  });

  test('sign-in from one address: the 61st attempt in a minute is 429 with Retry-After; another address is not held up', async () => {
    const url = '/market_map_url/auth/work-wechat-login';
    const attempt = (ip: string) =>
      t.app.inject({ method: 'POST', url, payload: { code: 'no-such-code-000' }, remoteAddress: ip });
    for (let i = 0; i < DEFAULT_RATES.signIn.perIp.max; i += 1)
      expect((await attempt('203.0.113.7')).statusCode).toBe(200);
    const refused = await attempt('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe(ErrorCode.rateLimited);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The group is counted, not the endpoint: another sign-in call from the address is refused too.
    const other = await t.app.inject(
      signRequest(
        { method: 'POST', url: `${LS}/api/id/auth/info_mobile_login`, body: { region: '86', phone: 'x', code: 'y' } },
        { scheme: 'basic', now: t.clock.now() },
      ),
    );
    expect(other.statusCode).not.toBe(429);
    const sameIp = await t.app.inject({
      ...signRequest(
        { method: 'POST', url: `${LS}/api/id/auth/info_mobile_login`, body: { region: '86', phone: 'x', code: 'y' } },
        { scheme: 'basic', now: t.clock.now() },
      ),
      remoteAddress: '203.0.113.7',
    });
    expect(sameIp.statusCode).toBe(429);
    // The password sign-in is in the same group: guessing passwords is limited like codes.
    const password = await t.app.inject({
      ...signRequest(
        {
          method: 'POST',
          url: `${LS}/api/id/auth/info_password_login`,
          body: { region: '86', phone: 'x', password: 'y' },
        },
        { scheme: 'basic', now: t.clock.now() },
      ),
      remoteAddress: '203.0.113.7',
    });
    expect(password.statusCode).toBe(429);
    expect((await attempt('203.0.113.8')).statusCode).toBe(200);
  });

  test('error reports and analytics from one address are limited', async () => {
    const envelope = '{"event_id":"0123456789abcdef0123456789abcdef"}\n{"type":"event"}\n{}';
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/error-report/api/1/envelope/',
        payload: envelope,
        headers: { 'content-type': 'application/x-sentry-envelope' },
        remoteAddress: '198.51.100.4',
      });
    const codes: number[] = [];
    for (let i = 0; i <= DEFAULT_RATES.errorReport.perIp.max; i += 1) codes.push((await post()).statusCode);
    expect(codes.slice(0, -1).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    const pixel = () => t.app.inject({ method: 'GET', url: '/sa/sa.gif?data=', remoteAddress: '198.51.100.5' });
    let last = 0;
    for (let i = 0; i <= DEFAULT_RATES.analytics.perIp.max; i += 1) last = (await pixel()).statusCode;
    expect(last).toBe(429);
  });

  test('public share pages opened by code or token: guessing from one address is held at the limit, across both kinds', async () => {
    const MM = '/market_map_url';
    const urls = [`${MM}/share/product-page?code=guess`, `${MM}/share/material?token=guess`];
    const codes: number[] = [];
    for (let i = 0; i <= DEFAULT_RATES.sharePage.perIp.max; i += 1) {
      codes.push((await t.app.inject({ method: 'GET', url: urls[i % 2], remoteAddress: '198.51.100.6' })).statusCode);
    }
    expect(codes.slice(0, -1).every((c) => c === 404 || c === 400)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    const other = await t.app.inject({ method: 'GET', url: urls[0], remoteAddress: '198.51.100.7' });
    expect(other.statusCode).not.toBe(429);
  });

  test('marketing-map calls with an expired or revoked sid are 401, a customer sid 403, on every route', async () => {
    const users = createUsersRepository(t.database.db);
    const u1 = (await users.findByUuid('u1'))!;
    const expired = (await users.createSession(u1.id, new Date(t.clock.now().getTime() - 3 * 86_400_000), 1000)).token;
    const revoked = await sessionTokenFor(t.database, 'u1', t.clock.now());
    await users.revokeSession(revoked, t.clock.now());
    const customer = await sessionTokenFor(t.database, 'u4', t.clock.now());
    const routes = apiRoutes(t.app.routeTable, isApiPath).filter((r) => r.scheme === 'marketMap');
    expect(routes.length).toBeGreaterThan(15);
    const seen: string[] = [];
    for (const r of routes) {
      const url = fillParams(r.url, r.params ? (validSample(r.params, 7) as Record<string, unknown>) : undefined);
      const body = r.method === 'POST' ? (r.body ? validSample(r.body, 7) : {}) : undefined;
      const query = queryStrings(r.querystring ? validSample(r.querystring, 7) : undefined);
      for (const [sid, want] of [
        [expired, 401],
        [revoked, 401],
        [customer, 403],
      ] as const) {
        const res = await t.app.inject(
          signRequest(
            { method: r.method, url, body, query },
            { scheme: 'marketMap', now: t.clock.now(), accountId: sid },
          ),
        );
        seen.push(`${r.method} ${r.url} ${res.statusCode === want ? 'refused' : res.statusCode}`);
      }
    }
    expect(seen.filter((s) => !s.endsWith('refused'))).toEqual([]);
  });
});

describe('with small limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      app: {
        rates: {
          question: { perIp: { max: 100, windowMs: 60_000 }, perUser: { max: 3, windowMs: 60_000 } },
          actionLog: { perIp: { max: 100, windowMs: 60_000 }, perUser: { max: 100, windowMs: 60_000 } },
        },
        caps: { actionLogsPerDay: 3 },
      },
    });
  });
  afterAll(() => t.close());

  test('store questions are counted per user (from the token), whatever address they come from', async () => {
    const u4 = await sessionTokenFor(t.database, 'u4', t.clock.now());
    const u5 = await sessionTokenFor(t.database, 'u5', t.clock.now());
    const ask = (token: string, ip: string) =>
      t.app.inject({
        ...signRequest(
          {
            method: 'POST',
            url: `${LS}/api/store/store_question`,
            body: { content: `请问这只基金最近的回撤情况怎么样？${ip}` },
            headers: { authorization: `Bearer ${token}` },
          },
          { scheme: 'basic', now: t.clock.now() },
        ),
        remoteAddress: ip,
      });
    for (let i = 0; i < 3; i += 1) expect((await ask(u4, `192.0.2.${i + 1}`)).statusCode).toBe(200);
    const refused = await ask(u4, '192.0.2.50');
    expect([refused.statusCode, refused.json().error.code]).toEqual([429, ErrorCode.rateLimited]);
    expect((await ask(u5, '192.0.2.50')).statusCode).toBe(200);
  });

  test('stored action logs are capped per user per day (a guest per address); the next day they are taken again', async () => {
    const u6 = await sessionTokenFor(t.database, 'u6', t.clock.now());
    const upload = (headers: Record<string, string>, ip: string) =>
      t.app.inject({
        ...signRequest(
          { method: 'POST', url: ACTION_LOGS, body: { log, note: 'x' }, headers },
          { scheme: 'basic', now: t.clock.now() },
        ),
        remoteAddress: ip,
      });
    for (let i = 0; i < 3; i += 1)
      expect((await upload({ authorization: `Bearer ${u6}` }, `192.0.2.${100 + i}`)).statusCode).toBe(200);
    const over = await upload({ authorization: `Bearer ${u6}` }, '192.0.2.120');
    expect([over.statusCode, over.json().error.code]).toEqual([429, ErrorCode.rateLimited]);
    // A guest is counted by address, apart from the signed-in user.
    for (let i = 0; i < 3; i += 1) expect((await upload({}, '192.0.2.200')).statusCode).toBe(200);
    expect((await upload({}, '192.0.2.200')).statusCode).toBe(429);
    expect((await upload({}, '192.0.2.201')).statusCode).toBe(200);
    t.clock.advance(24 * 3_600_000 + 1000);
    const fresh = await sessionTokenFor(t.database, 'u6', t.clock.now());
    expect((await upload({ authorization: `Bearer ${fresh}` }, '192.0.2.120')).statusCode).toBe(200);
  });

  test('retention deletes analytics, own tracking, error reports and action logs past their age, and keeps the rest', async () => {
    const now = t.clock.now();
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
    const db = t.database.db;
    await db.insert(analyticsEvents).values(
      [daysAgo(31), daysAgo(29)].map((receivedAt) => ({
        project: 'p',
        event: 'e',
        distinctId: 'd',
        payload: {},
        receivedAt,
      })),
    );
    await db.insert(ownTrackingEvents).values(
      [daysAgo(31), daysAgo(1)].map((receivedAt) => ({
        variant: 'customer',
        kind: 'event',
        name: 'n',
        userid: 'u',
        payload: {},
        receivedAt,
      })),
    );
    await db
      .insert(errorReports)
      .values([daysAgo(40), daysAgo(2)].map((receivedAt) => ({ projectId: '1', payload: '{}', receivedAt })));
    await db.insert(actionLogs).values([
      {
        id: 'OLD2-OLD2',
        appVersion: '1',
        environment: 'local',
        entries: 0,
        bytes: 2,
        log: {},
        receivedAt: daysAgo(15),
      },
      {
        id: 'NEW2-NEW2',
        appVersion: '1',
        environment: 'local',
        entries: 0,
        bytes: 2,
        log: {},
        receivedAt: daysAgo(13),
      },
    ]);
    const swept = await sweepRetention(db, now, DEFAULT_RETENTION);
    expect(swept).toEqual({ analytics: 1, ownTracking: 1, errorReports: 1, actionLogs: 1 });
    const ids = (await db.select({ id: actionLogs.id }).from(actionLogs)).map((r) => r.id);
    expect(ids).toContain('NEW2-NEW2');
    expect(ids).not.toContain('OLD2-OLD2');
    expect(await sweepRetention(db, now, DEFAULT_RETENTION)).toEqual({
      analytics: 0,
      ownTracking: 0,
      errorReports: 0,
      actionLogs: 0,
    });
    // Shorter settings reach further.
    expect((await sweepRetention(db, now, { ...DEFAULT_RETENTION, actionLogDays: 1 })).actionLogs).toBeGreaterThan(0);
  });

  test('retention settings come from the environment and refuse nonsense', () => {
    expect(retentionFromEnv({})).toEqual(DEFAULT_RETENTION);
    expect(
      retentionFromEnv({
        RETENTION_ANALYTICS_DAYS: '7',
        RETENTION_ERROR_REPORT_DAYS: '3',
        RETENTION_ACTION_LOG_DAYS: '2',
        RETENTION_INTERVAL_MINUTES: '5',
      }),
    ).toEqual({
      analyticsDays: 7,
      errorReportDays: 3,
      actionLogDays: 2,
      intervalMs: 300_000,
    });
    expect(() => retentionFromEnv({ RETENTION_ACTION_LOG_DAYS: '0' })).toThrow(/RETENTION_ACTION_LOG_DAYS/);
  });
});

test('a running app sweeps at start and then on its interval', async () => {
  const database = await openTestDatabase();
  const clock = new TestClock();
  const old = (event: string) => ({
    project: 'p',
    event,
    distinctId: 'd',
    payload: {},
    receivedAt: new Date(clock.now().getTime() - 5 * 86_400_000),
  });
  const left = async (event: string) =>
    (await database.db.select({ id: analyticsEvents.id }).from(analyticsEvents).where(eq(analyticsEvents.event, event)))
      .length;
  const until = async (ok: () => Promise<boolean>) => {
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50)))
      if (await ok()) return true;
    return false;
  };
  await database.db.insert(analyticsEvents).values(old('before-start'));
  const app = await buildApp({
    database,
    now: clock.now,
    distDir: '/nonexistent',
    retention: { ...DEFAULT_RETENTION, analyticsDays: 1, intervalMs: 200 },
  });
  try {
    expect(await until(async () => (await left('before-start')) === 0)).toBe(true);
    await database.db.insert(analyticsEvents).values(old('while-running'));
    expect(await until(async () => (await left('while-running')) === 0)).toBe(true);
  } finally {
    await app.close();
    await database.close();
  }
});
