/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { Writable } from 'node:stream';
import { and, eq, gt, lte, sql } from 'drizzle-orm';

import { AuthErrorCode } from '../../src/api/contract/auth-constants';
import { InvitationErrorCode } from '../../src/api/contract/invitation-constants';
import { buildApp } from '../app';
import { lives, mgmSessions, mktBehaviours, mktCustomers, roomPresence, sessions, users } from '../db/schema';
import { loggerOptions, scrubText } from '../http/logger';
import { DEFAULT_RATES } from '../http/rate-limits';
import { trustProxyFrom } from '../http/trust-proxy';
import { createRepositories } from '../repositories';
import { encryptField } from '../security/rsa';
import { tokenHash } from '../security/token-hash';
import { createTestApp, type TestApp } from '../test-support/app';
import { openTestDatabase, TEST_BASE_TIME } from '../test-support/database';
import { freshAddress, mgmClient } from '../test-support/invitation';
import { sessionTokenFor } from '../test-support/session';
import { signRequest } from '../test-support/sign';

/**
 * Trust boundaries: presence and behaviour only from a session, passwords that cannot be guessed from many
 * addresses, personal data out of the log and hashed at rest, names masked in public lists.
 */
jest.setTimeout(180_000);

const LS = '/smart-live/smart-service';
const HEARTBEAT = '/chat-room/room/heartbeat';
const MIN = 60_000;

const beat = (t: TestApp, body: Record<string, unknown>, o: { token?: string; ip?: string } = {}) =>
  t.app.inject({
    ...signRequest(
      { method: 'POST', url: HEARTBEAT, body, headers: o.token ? { authorization: `Bearer ${o.token}` } : {} },
      { scheme: 'basic', now: t.clock.now() },
    ),
    remoteAddress: o.ip ?? '10.77.0.1',
  });

/** A live that is on at the clock and stays on for another 40 minutes. */
async function liveRoomOn(t: TestApp): Promise<{ roomId: string; id: number }> {
  const now = t.clock.now();
  const [live] = await t.database.db
    .select({ roomId: lives.roomId, id: lives.id })
    .from(lives)
    .where(and(lte(lives.startTime, now), gt(lives.endTime, new Date(now.getTime() + 40 * MIN))))
    .limit(1);
  if (!live) throw new Error('no live on at the test clock');
  return live;
}

describe('presence only from a session', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Minutes of heartbeats run in real milliseconds here: the heartbeat limit is checked on its own below.
    t = await createTestApp({
      app: { rates: { heartbeat: { perIp: { max: 10_000, windowMs: MIN }, perUser: { max: 10_000, windowMs: MIN } } } },
    });
  });
  afterAll(() => t.close());
  afterEach(() => t.clock.set(TEST_BASE_TIME));

  test('heartbeats naming a customer without a token count a guest online, and 10 minutes of them make no card', async () => {
    const live = await liveRoomOn(t);
    const repos = createRepositories(t.database.db);
    const [u4] = await t.database.db
      .select({ customerId: mktCustomers.id })
      .from(mktCustomers)
      .where(eq(mktCustomers.userId, 4));
    const watchesOf = async () =>
      (
        await t.database.db
          .select()
          .from(mktBehaviours)
          .where(and(eq(mktBehaviours.customerId, u4!.customerId), eq(mktBehaviours.kind, 'live_watch')))
      ).length;
    const before = await watchesOf();
    const start = t.clock.now().getTime();
    let onlines = 0;
    // Forged every 20 s for 11 minutes, naming u4 by employee id, as the probe did.
    for (let s = 0; s <= 11 * 60; s += 20) {
      t.clock.set(new Date(start + s * 1000));
      const res = await beat(t, { room_id: live.roomId, viewer_id: 'C0004', mode: 'live' });
      expect(res.statusCode).toBe(200);
      onlines = res.json().data.onlines;
      if (s % 60 === 0) await repos.marketing.liveScan.scan(t.clock.now());
    }
    expect(onlines).toBeGreaterThan(0);
    const [row] = await t.database.db
      .select()
      .from(roomPresence)
      .where(and(eq(roomPresence.roomId, live.roomId), eq(roomPresence.viewerId, 'anon:C0004')));
    expect(row).toMatchObject({ userId: null });
    expect(await watchesOf()).toBe(before);

    // The same 11 minutes with u4's own token (the body naming someone else is ignored): one watch signal.
    const token = await sessionTokenFor(t.database, 'u4', t.clock.now());
    const again = t.clock.now().getTime() + 5 * MIN;
    for (let s = 0; s <= 11 * 60; s += 20) {
      t.clock.set(new Date(again + s * 1000));
      expect((await beat(t, { room_id: live.roomId, viewer_id: 'C0005', mode: 'live' }, { token })).statusCode).toBe(
        200,
      );
      if (s % 60 === 0) await repos.marketing.liveScan.scan(t.clock.now());
    }
    expect(await watchesOf()).toBe(before + 1);
    const [mine] = await t.database.db
      .select()
      .from(roomPresence)
      .where(and(eq(roomPresence.roomId, live.roomId), eq(roomPresence.viewerId, 'C0004')));
    expect(mine).toMatchObject({ userId: 4 });
    const [named] = await t.database.db
      .select()
      .from(roomPresence)
      .where(and(eq(roomPresence.roomId, live.roomId), eq(roomPresence.viewerId, 'C0005')));
    expect(named).toBeUndefined();
  });

  test('a guest counts once per device id in the online number; a bad token is refused, not taken for a guest', async () => {
    const live = await liveRoomOn(t);
    const first = (await beat(t, { room_id: live.roomId, viewer_id: 'device-guest-1', mode: 'live' })).json().data
      .onlines;
    expect(
      (await beat(t, { room_id: live.roomId, viewer_id: 'device-guest-1', mode: 'live' })).json().data.onlines,
    ).toBe(first);
    expect(
      (await beat(t, { room_id: live.roomId, viewer_id: 'device-guest-2', mode: 'live' })).json().data.onlines,
    ).toBe(first + 1);
    expect(
      (await beat(t, { room_id: live.roomId, viewer_id: 'x', mode: 'live' }, { token: 'not-a-token' })).statusCode,
    ).toBe(401);
  });
});

describe('heartbeat limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  test('per session: the 11th beat in a minute is 429 with Retry-After, even from new addresses', async () => {
    const live = await liveRoomOn(t);
    const token = await sessionTokenFor(t.database, 'u6', t.clock.now());
    const max = DEFAULT_RATES.heartbeat.perUser!.max;
    expect(max).toBe(10);
    for (let i = 0; i < max; i += 1)
      expect(
        (await beat(t, { room_id: live.roomId, viewer_id: 'v', mode: 'live' }, { token, ip: freshAddress() }))
          .statusCode,
      ).toBe(200);
    const over = await beat(t, { room_id: live.roomId, viewer_id: 'v', mode: 'live' }, { token, ip: freshAddress() });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  test('per address: the 121st beat in a minute is 429, however many device ids it names', async () => {
    const live = await liveRoomOn(t);
    const max = DEFAULT_RATES.heartbeat.perIp.max;
    expect(max).toBe(120);
    for (let i = 0; i < max; i += 1)
      expect(
        (await beat(t, { room_id: live.roomId, viewer_id: `fake-${i}`, mode: 'live' }, { ip: '10.77.9.9' })).statusCode,
      ).toBe(200);
    const over = await beat(t, { room_id: live.roomId, viewer_id: 'fake-x', mode: 'live' }, { ip: '10.77.9.9' });
    expect([over.statusCode, Number(over.headers['retry-after']) > 0]).toEqual([429, true]);
  });
});

describe('TRUST_PROXY as a count of proxies', () => {
  test('TRUST_PROXY=1 reads the address the one balancer appended: a rotated X-Forwarded-For still counts as one address', async () => {
    expect([
      trustProxyFrom('1'),
      trustProxyFrom('true'),
      trustProxyFrom('10.0.0.0/8'),
      trustProxyFrom(''),
      trustProxyFrom('0'),
    ]).toEqual([1, true, '10.0.0.0/8', undefined, undefined]);
    const t = await createTestApp({ app: { trustProxy: 1 } });
    try {
      const live = await liveRoomOn(t);
      const max = DEFAULT_RATES.heartbeat.perIp.max;
      const viaBalancer = (i: number) =>
        t.app.inject({
          ...signRequest(
            {
              method: 'POST',
              url: HEARTBEAT,
              body: { room_id: live.roomId, viewer_id: `rot-${i}`, mode: 'live' },
              headers: { 'x-forwarded-for': `198.51.100.${i % 250}, 203.0.113.5` },
            },
            { scheme: 'basic', now: t.clock.now() },
          ),
          remoteAddress: '10.0.0.250',
        });
      for (let i = 0; i < max; i += 1) expect((await viaBalancer(i)).statusCode).toBe(200);
      expect((await viaBalancer(max)).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe('passwords behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ app: { trustProxy: true } });
  });
  afterAll(() => t.close());

  test('70 guesses from 70 forwarded addresses: 5 are compared, the rest 429 with Retry-After and a Chinese lockout message', async () => {
    const mgm = mgmClient(t.app, t.database, () => t.clock.now());
    expect((await mgm.register('13655551234', { password: 'river2026' })).status).toBe(200);
    const pubKey = (await mgm.call<{ pubKey: string }>('/invite/getRSA')).data!.pubKey;
    const attempt = (password: string, i: number) =>
      t.app.inject({
        ...signRequest(
          {
            method: 'POST',
            url: `${LS}/api/id/auth/info_password_login`,
            body: {
              region: '86',
              phone: encryptField('13655551234', pubKey),
              password: encryptField(password, pubKey),
            },
            headers: { 'x-forwarded-for': `198.51.${Math.floor(i / 250)}.${i % 250}` },
          },
          { scheme: 'basic', now: t.clock.now() },
        ),
        remoteAddress: '10.0.0.250',
      });
    const answers = await Promise.all(Array.from({ length: 70 }, (_, i) => attempt(`guess${i}`, i)));
    const wrong = answers.filter((a) => a.statusCode === 400);
    const locked = answers.filter((a) => a.statusCode === 429);
    expect(wrong).toHaveLength(4);
    expect(locked).toHaveLength(66);
    for (const a of locked) {
      expect(a.json().error.code).toBe(AuthErrorCode.passwordLocked);
      expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(locked[0]!.json().error.message).toBe('密码错误次数过多，该账号已锁定，请1分钟后再试，或使用验证码登录');
    // The right password waits out the lock too; after it, it signs in and the count starts again.
    expect((await attempt('river2026', 1)).statusCode).toBe(429);
    t.clock.advance(MIN);
    expect((await attempt('river2026', 2)).statusCode).toBe(200);
    expect((await attempt('wrong-again', 3)).statusCode).toBe(400);
  });

  test('a second lock doubles: the 6th wrong try after the first minute locks for 2 minutes', async () => {
    const mgm = mgmClient(t.app, t.database, () => t.clock.now());
    await mgm.register('13655551235', { password: 'river2026' });
    const pubKey = (await mgm.call<{ pubKey: string }>('/invite/getRSA')).data!.pubKey;
    const attempt = (password: string) =>
      t.app.inject(
        signRequest(
          {
            method: 'POST',
            url: `${LS}/api/id/auth/info_password_login`,
            body: {
              region: '86',
              phone: encryptField('13655551235', pubKey),
              password: encryptField(password, pubKey),
            },
          },
          { scheme: 'basic', now: t.clock.now() },
        ),
      );
    for (let i = 0; i < 5; i += 1) await attempt('nope');
    t.clock.advance(MIN);
    const sixth = await attempt('nope');
    expect([sixth.statusCode, sixth.headers['retry-after'], sixth.json().error.message]).toEqual([
      429,
      '120',
      '密码错误次数过多，该账号已锁定，请2分钟后再试，或使用验证码登录',
    ]);
  });
});

describe('SMS limits answer with Retry-After on every service', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  test('invitation sendCode: the second send within 60 s is 429 with the seconds left', async () => {
    const mgm = mgmClient(t.app, t.database, () => t.clock.now());
    const send = () =>
      t.app.inject({
        ...signRequest(
          { method: 'POST', url: '/mgm-service/invite/sendCode', body: { region: '86', phone: '13722223333' } },
          { scheme: 'basic', now: t.clock.now() },
        ),
        remoteAddress: freshAddress(),
      });
    expect((await send()).statusCode).toBe(200);
    t.clock.advance(15_000);
    const soon = await send();
    expect([soon.statusCode, soon.headers['retry-after'], soon.json().error]).toEqual([
      429,
      '45',
      { code: InvitationErrorCode.smsTooSoon, message: '请45秒后再获取验证码' },
    ]);
    expect(mgm).toBeDefined();
  });
});

describe('personal data at rest and in lists', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  test('tokens, sids and mgmtokens are stored as their SHA-256 and found by it', async () => {
    const token = await sessionTokenFor(t.database, 'u4', t.clock.now());
    expect(await t.database.db.select().from(sessions).where(eq(sessions.token, token))).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.token, tokenHash(token))),
    ).toHaveLength(1);
    const mgm = mgmClient(t.app, t.database, () => t.clock.now());
    const member = await mgm.register('13655559876');
    const mgmtoken = member.data!.mgmtoken;
    expect(await t.database.db.select().from(mgmSessions).where(eq(mgmSessions.token, mgmtoken))).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(mgmSessions)
        .where(eq(mgmSessions.token, tokenHash(mgmtoken))),
    ).toHaveLength(1);
    // The token still works (looked up by its hash).
    const who = await t.app.inject(
      signRequest(
        {
          method: 'GET',
          url: `${LS}/api/id/getToken`,
          query: { user_id: 'u4' },
          headers: { authorization: `Bearer ${token}` },
        },
        { scheme: 'content', now: t.clock.now() },
      ),
    );
    expect(who.statusCode).toBe(200);
  });

  test("the migration hashed existing rows the way tokenHash does (the database's own sha256, no pgcrypto)", async () => {
    const result = await t.database.db.execute<{ h: string }>(
      sql`select encode(sha256(convert_to(${'issued-before-0021'}, 'UTF8')), 'hex') as h`,
    );
    const rows =
      (result as unknown as { rows?: Array<{ h: string }> }).rows ?? (result as unknown as Array<{ h: string }>);
    expect(rows[0]!.h).toBe(tokenHash('issued-before-0021'));
  });

  test("the public leave-message list and the room's messages show names masked (张*明), never in full", async () => {
    const [live] = await t.database.db.select({ id: lives.id, roomId: lives.roomId }).from(lives).limit(1);
    await t.database.db.update(users).set({ realName: '张三丰' }).where(eq(users.id, 7));
    const token = await sessionTokenFor(t.database, 'u7', t.clock.now());
    const left = await t.app.inject(
      signRequest(
        {
          method: 'POST',
          url: '/chat-group/act/leave-message',
          body: { num_index: live!.id, employee_id: 'C0007', real_name: '', content: '请问何时开放申购？' },
          headers: { authorization: `Bearer ${token}` },
        },
        { scheme: 'basic', now: t.clock.now() },
      ),
    );
    expect(left.statusCode).toBe(200);
    const list = await t.app.inject(
      signRequest(
        { method: 'POST', url: '/chat-group/act/leave-message/list', body: { num_index: live!.id } },
        { scheme: 'basic', now: t.clock.now() },
      ),
    );
    expect(list.body).not.toContain('张三丰');
    expect(list.json().data.list[0].real_name).toBe('张*丰');
    const room = await t.app.inject(
      signRequest(
        { method: 'POST', url: '/chat-room/room/message', body: { room_id: live!.roomId } },
        { scheme: 'basic', now: t.clock.now() },
      ),
    );
    expect(room.body).not.toContain('张三丰');
    expect(room.body).toContain('张*丰');
  });
});

describe('the logger keeps no personal data', () => {
  test('scrubText takes phones, codes, tokens, ID and card numbers out of prose', () => {
    const text = scrubText(
      'SMS code 123456 to 86-13912345678 / 13812345678, id 11010119900307123X card 6222020200112233445 token=abcDEF123 Bearer eyJhbGciOi.x.y sid AbCdEfGhIjKlMnOpQrStUvWx12',
    );
    for (const leaked of [
      '123456',
      '13912345678',
      '13812345678',
      '11010119900307123X',
      '6222020200112233445',
      'abcDEF123',
      'eyJhbGciOi',
      'AbCdEfGhIjKlMnOpQrStUvWx12',
    ])
      expect(text).not.toContain(leaked);
    expect(scrubText('listed 40 lives in 12 ms')).toBe('listed 40 lives in 12 ms');
  });

  test('at LOG_LEVEL=info, an SMS send, a sign-in and a share page leave no phone, code, token or sid in the log', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const database = await openTestDatabase();
    const app = await buildApp({
      database,
      distDir: '/nonexistent/dist',
      logger: { ...loggerOptions('info'), stream } as never,
    });
    try {
      const rsa = await app.inject(
        signRequest(
          { method: 'POST', url: '/live-api/cs-live-app/api/common/get_rsa', body: {} },
          { scheme: 'basic', now: new Date() },
        ),
      );
      const pubKey = rsa.json().data.pubKey as string;
      const phone = '13912340000';
      const send = await app.inject(
        signRequest(
          {
            method: 'POST',
            url: `${LS}/api/common/send_phone_code`,
            body: { region: '86', phone: encryptField(phone, pubKey) },
          },
          { scheme: 'basic', now: new Date() },
        ),
      );
      expect(send.statusCode).toBe(200);
      const code = (await createRepositories(database.db).auth.latestSmsCode(`86-${phone}`))!.code;
      const login = await app.inject(
        signRequest(
          {
            method: 'POST',
            url: `${LS}/api/id/auth/info_mobile_login`,
            body: { region: '86', phone: encryptField(phone, pubKey), code: encryptField(code, pubKey) },
          },
          { scheme: 'basic', now: new Date() },
        ),
      );
      const token = login.json().data.token as string;
      const sid = await sessionTokenFor(database, 'u1', new Date());
      await app.inject({
        method: 'GET',
        url: `/market_map_url/share/page?token=${token}&sid=${sid}`,
        headers: { authorization: `Bearer ${token}`, accountid: sid },
      });
      const text = lines.join('');
      expect(text).toContain('SMS code (local: not sent)');
      for (const leaked of [phone, code, token, sid]) expect([leaked, text.includes(leaked)]).toEqual([leaked, false]);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
