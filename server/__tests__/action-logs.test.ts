/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { ErrorCode } from '../../src/api/contract/envelope';
import { ACTION_LOG_FORMAT } from '../../src/api/contract/action-log-constants';
import { createTestApp, type TestApp } from '../test-support/app';
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
  entries: [{ seq: 0, t: 1_760_000_000_000, route: '/?uuid=u1&from=weapp', action: { type: 'lives/homeListOpened', payload: { uuid: 'u1', date: null } } }],
};

const post = (body: unknown) => t.app.inject(signRequest({ method: 'POST', url: API, body }, { scheme: 'basic', now: t.clock.now() }));

describe('action logs', () => {
  test('an unredacted log and note are redacted again on arrival (phone, ID number, token)', async () => {
    const secret = { phone: '13812345678', id: '110101199003071234', token: 'Bearer abcdefghijklmnop1234' };
    const dirty = { ...log, entries: [{ ...log.entries[0]!, action: { type: 'session/signedIn', payload: { mobile: secret.phone, text: `call ${secret.phone}`, auth: secret.token } } }] };
    const res = await post({ log: dirty, note: `我的手机 ${secret.phone} 身份证 ${secret.id}` });
    expect(res.statusCode).toBe(200);
    const got = await t.app.inject(signRequest({ method: 'GET', url: `${API}/${res.json().data.id}` }, { scheme: 'basic', now: t.clock.now() }));
    for (const value of Object.values(secret)) expect(got.body).not.toContain(value);
  });

  test('a posted log gets a short readable id; it can be read back, listed and downloaded', async () => {
    const res = await post({ log, note: '点了忽略后列表变空白' });
    expect(res.statusCode).toBe(200);
    const { id, entries } = res.json().data;
    expect(id).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(entries).toBe(1);

    const got = await t.app.inject(signRequest({ method: 'GET', url: `${API}/${id}` }, { scheme: 'basic', now: t.clock.now() }));
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
    const res = await t.app.inject(signRequest({ method: 'GET', url: `${API}/ZZZZ-ZZZZ` }, { scheme: 'basic', now: t.clock.now() }));
    expect([res.statusCode, res.json().error.code]).toEqual([404, ErrorCode.notFound]);
    expect((await t.app.inject({ url: '/__action-logs/ZZZZ-ZZZZ.json' })).statusCode).toBe(404);
  });
});
