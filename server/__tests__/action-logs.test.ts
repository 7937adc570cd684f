/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';

import { ACTION_LOG_FORMAT } from '../../src/api/contract/action-log-constants';
import { ErrorCode } from '../../src/api/contract/envelope';
import { createRedactor, logFromFile } from '../../src/features/action-log';
import { complianceEvents } from '../db/schema';
import { createTestApp, type TestApp } from '../test-support/app';
import { sessionTokenFor } from '../test-support/session';
import { signRequest } from '../test-support/sign';

const API = '/smart-live/smart-service/api/debug/action-logs';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const log = {
  format: ACTION_LOG_FORMAT,
  version: 1,
  appVersion: '1.37.0',
  environment: 'local',
  context: { userAgentClass: 'wecom', fromApp: 'weapp' },
  recordedAt: 1_760_000_000_000,
  limits: { maxEntries: 5000, maxBytes: 1_500_000 },
  dropped: 0,
  startState: { lives: { ids: [] } },
  entries: [
    {
      seq: 0,
      t: 1_760_000_000_000,
      route: '/?uuid=u1&from=weapp',
      action: { type: 'lives/homeListOpened', payload: { uuid: 'u1', date: null } },
    },
  ],
};

const post = (body: unknown) =>
  t.app.inject(signRequest({ method: 'POST', url: API, body }, { scheme: 'basic', now: t.clock.now() }));
/** A GET of the read routes, as the seeded developer u18 (郑启航) unless another user (or none) is named. */
const read = async (url: string, as: string | null = 'u18', app = t) =>
  app.app.inject(
    signRequest(
      {
        method: 'GET',
        url,
        headers: as ? { authorization: `Bearer ${await sessionTokenFor(app.database, as, app.clock.now())}` } : {},
      },
      { scheme: 'basic', now: app.clock.now() },
    ),
  );

describe('action logs', () => {
  test('an unredacted log and note are redacted again on arrival (phone, ID number, token)', async () => {
    const secret = { phone: '13812345678', id: '110101199003071234', token: 'Bearer abcdefghijklmnop1234' };
    const dirty = {
      ...log,
      entries: [
        {
          ...log.entries[0]!,
          action: {
            type: 'session/signedIn',
            payload: { mobile: secret.phone, text: `call ${secret.phone}`, auth: secret.token },
          },
        },
      ],
    };
    const res = await post({ log: dirty, note: `我的手机 ${secret.phone} 身份证 ${secret.id}` });
    expect(res.statusCode).toBe(200);
    const got = await read(`${API}/${res.json().data.id}`);
    expect(got.statusCode).toBe(200);
    for (const value of Object.values(secret)) expect(got.body).not.toContain(value);
  });

  test('placeholders are keyed with the deployment secret: two deployments differ, neither is the old fixed salt', async () => {
    const phone = '13800138000';
    const dirty = {
      ...log,
      entries: [{ ...log.entries[0]!, action: { type: 'session/signedIn', payload: { text: `call ${phone}` } } }],
    };
    const placeholderOn = async (actionLogSecret: string) => {
      const app = await createTestApp({ app: { actionLogSecret } });
      try {
        const res = await app.app.inject(
          signRequest({ method: 'POST', url: API, body: { log: dirty } }, { scheme: 'basic', now: app.clock.now() }),
        );
        const got = await read(`${API}/${res.json().data.id}`, 'u18', app);
        expect(got.body).not.toContain(phone);
        return /\[phone:[0-9a-z]{7}\]/.exec(got.body)?.[0];
      } finally {
        await app.close();
      }
    };
    const a = await placeholderOn('deployment-a-secret-0123456789');
    const b = await placeholderOn('deployment-b-secret-0123456789');
    expect(a).toMatch(/^\[phone:[0-9a-z]{7}\]$/);
    expect(b).toMatch(/^\[phone:[0-9a-z]{7}\]$/);
    expect(a).not.toBe(b);
    // Before: every deployment used the salt 'server', so anyone could map [phone:0gwmokm] back to its number.
    const fixed = createRedactor('server').placeholder('phone', phone);
    expect(fixed).toBe('[phone:0gwmokm]');
    expect([a, b]).not.toContain(fixed);
    // Two apps opening private databases: slower than the file's other tests on a loaded machine.
  }, 120_000);

  test('a posted log gets a short readable id; it can be read back, listed and downloaded', async () => {
    const res = await post({ log, note: '点了忽略后列表变空白' });
    expect(res.statusCode).toBe(200);
    const { id, entries } = res.json().data;
    expect(id).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(entries).toBe(1);

    const got = await read(`${API}/${id}`);
    expect(got.json().data.log).toEqual(log);
    expect(got.json().data.summary).toMatchObject({ id, note: '点了忽略后列表变空白', environment: 'local' });

    const page = await t.app.inject({ url: '/__action-logs/' });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain(id);
    expect(page.body).toContain('点了忽略后列表变空白');
    expect(page.body).toContain(`/__replay?id=${id}`);

    const file = await t.app.inject({ url: `/__action-logs/${id}.json` });
    expect(JSON.parse(file.body)).toEqual(log);
  });

  test('older versions and broken logs are refused with a clear message; unsigned posts too', async () => {
    const old = await post({ log: { ...log, version: 0 } });
    expect([old.statusCode, old.json().error.code]).toEqual([400, ErrorCode.badRequest]);
    expect(old.json().error.message).toMatch(/版本 0 过旧/);
    const broken = await post({ log: { ...log, limits: { maxEntries: 'many' } } });
    expect(broken.json().error.message).toMatch(/操作日志格式不对：\/limits/);
    const unsigned = await t.app.inject({ method: 'POST', url: API, payload: { log } });
    expect(unsigned.statusCode).toBe(401);
  });

  test('an unknown id is a 404 in the envelope', async () => {
    const res = await read(`${API}/ZZZZ-ZZZZ`);
    expect([res.statusCode, res.json().error.code]).toEqual([404, ErrorCode.notFound]);
    expect((await t.app.inject({ url: '/__action-logs/ZZZZ-ZZZZ.json' })).statusCode).toBe(404);
  });

  test('listing and reading need the developer role: a guest 401, a customer, an adviser or a reviewer 403', async () => {
    const { id } = (await post({ log, note: '权限测试' })).json().data;
    for (const url of [API, `${API}/${id}`]) {
      expect([url, (await read(url, null)).statusCode]).toEqual([url, 401]);
      for (const who of ['u4', 'u1', 'u17'])
        expect([url, who, (await read(url, who)).statusCode]).toEqual([url, who, 403]);
      expect([url, (await read(url)).statusCode]).toEqual([url, 200]);
    }
  });

  test('each read and listing by the developer is on the compliance trail', async () => {
    const { id } = (await post({ log })).json().data;
    const before = await t.database.db
      .select()
      .from(complianceEvents)
      .where(eq(complianceEvents.kind, 'action_log_read'));
    await read(`${API}/${id}`);
    await read(API);
    await read(`${API}/${id}`, 'u4');
    const rows = (
      await t.database.db.select().from(complianceEvents).where(eq(complianceEvents.kind, 'action_log_read'))
    ).slice(before.length);
    expect(rows.map((r) => [r.actorId, r.subject, r.decision, (r.detail as { via: string }).via])).toEqual([
      [18, `action_log:${id}`, 'read', 'api'],
      [18, 'action_log:-', 'listed', 'api'],
    ]);
  });

  test('a note loses names and numbers: the span after 客户, a surname with its given name, amounts', async () => {
    const res = await post({
      log,
      note: '客户张三丰的持仓 1,234,567 元显示不对，王先生说收益50万也不对，欧阳娜娜同样',
    });
    const got = await read(`${API}/${res.json().data.id}`);
    const note = got.json().data.summary.note as string;
    for (const leaked of ['张三丰', '1,234,567', '50万', '王先生', '欧阳娜娜', '三丰'])
      expect(note).not.toContain(leaked);
    expect(note).toContain('显示不对');
  });
});

describe('the viewer saves a regression case into the replay folder', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replay-cases-'));
  beforeAll(() => (process.env.REPLAY_FIXTURE_DIR = dir));
  afterAll(() => {
    delete process.env.REPLAY_FIXTURE_DIR;
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const fixture = { description: '首页', route: '/', log, expect: { 'lives.homeList.status': 'idle' } };
  const save = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/__action-logs/regression-tests', payload: body });

  test('writes {description, route, log, expect} once; the viewer opens it as a log', async () => {
    const res = await save({ name: 'home-case', fixture });
    expect(res.statusCode).toBe(200);
    const text = fs.readFileSync(path.join(dir, 'home-case.json'), 'utf8');
    expect(JSON.parse(text)).toEqual(fixture);
    expect(logFromFile(text)).toEqual(log);
    const again = await save({ name: 'home-case', fixture });
    expect([again.statusCode, again.json().error.message]).toEqual([409, 'home-case.json 已存在：换一个名称']);
  });

  test('a bad name, a broken log or no expected value is refused', async () => {
    expect((await save({ name: '../x', fixture })).statusCode).toBe(400);
    expect(
      (await save({ name: 'broken', fixture: { ...fixture, log: { ...log, version: 0 } } })).json().error.message,
    ).toMatch(/过旧/);
    expect((await save({ name: 'empty', fixture: { ...fixture, expect: {} } })).json().error.message).toBe(
      '回归测试需要 description 和至少一个 expect 状态值',
    );
    expect(fs.readdirSync(dir)).toEqual(['home-case.json']);
  });
});

describe('action-log reads in production', () => {
  const secrets = { signing: 'prod-signing-secret', marketMap: 'prod-map-secret' };
  const actionLogSecret = 'prod-action-log-secret';
  const prodRead = async (app: TestApp, as: string) =>
    app.app.inject(
      signRequest(
        {
          method: 'GET',
          url: API,
          headers: { authorization: `Bearer ${await sessionTokenFor(app.database, as, app.clock.now())}` },
        },
        { scheme: 'basic', now: app.clock.now(), secret: secrets.signing },
      ),
    );

  // Three apps, each opening a private database: slow on a loaded machine.
  test('off unless ACTION_LOGS=on; upload stays open', async () => {
    const off = await createTestApp({ app: { production: true, secrets, actionLogSecret, actionLogReads: undefined } });
    try {
      expect((await prodRead(off, 'u18')).statusCode).toBe(404);
      const upload = await off.app.inject(
        signRequest(
          { method: 'POST', url: API, body: { log } },
          { scheme: 'basic', now: off.clock.now(), secret: secrets.signing },
        ),
      );
      expect(upload.statusCode).toBe(200);
    } finally {
      await off.close();
    }
    process.env.ACTION_LOGS = 'on';
    const on = await createTestApp({ app: { production: true, secrets, actionLogSecret } });
    try {
      expect((await prodRead(on, 'u18')).statusCode).toBe(200);
      expect((await prodRead(on, 'u4')).statusCode).toBe(403);
    } finally {
      delete process.env.ACTION_LOGS;
      await on.close();
    }
  }, 120_000);
});
