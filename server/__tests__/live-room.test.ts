/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { and, eq } from 'drizzle-orm';

import type { LiveItem, LivePage } from '../../src/api/contract/lives';
import { complianceEvents, lives, mktCustomers, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test-support/app';
import { TEST_BASE_TIME } from '../test-support/database';
import { sessionTokenFor } from '../test-support/session';
import { signRequest } from '../test-support/sign';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => t.clock.set(TEST_BASE_TIME));

const LS = '/smart-live/smart-service';
const LA = '/live-api/cs-live-app';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response shapes vary per route; each test checks its fields
type Answer = { error: { code: number; message: string }; data: any };

/** Signed in as the user the body names (seeded customers C00NN are uNN): identity comes from the token. */
const tokens = new Map<string, string>();
async function tokenHeaders(body: unknown): Promise<Record<string, string>> {
  const id = (body as { employee_id?: unknown } | null)?.employee_id;
  if (typeof id !== 'string' || !/^C00\d\d$/.test(id)) return {};
  if (!tokens.has(id)) tokens.set(id, await sessionTokenFor(t.database, `u${Number(id.slice(1))}`, t.clock.now()));
  return { authorization: `Bearer ${tokens.get(id)}` };
}

async function post(url: string, body: unknown, scheme: 'basic' | 'content' = 'basic') {
  const res = await t.app.inject(
    signRequest({ method: 'POST', url, body, headers: await tokenHeaders(body) }, { scheme, now: t.clock.now() }),
  );
  return { status: res.statusCode, json: res.json() as Answer };
}
async function get(url: string, scheme: 'basic' | 'content' = 'content') {
  const res = await t.app.inject(signRequest({ method: 'GET', url }, { scheme, now: t.clock.now() }));
  return { status: res.statusCode, json: res.json() as Answer };
}

/** One viewer's heartbeat in a room; `join` marks the first of a viewing. */
const heartbeat = (room_id: string, viewer_id: string, mode: 'live' | 'replay', join?: true) =>
  post('/chat-room/room/heartbeat', { room_id, viewer_id, mode, ...(join && { join }) });
/** The online poll of these rooms. */
const online = (room_ids: string[]) => post('/chat-room/room/online', { room_ids });

async function allLives(): Promise<LiveItem[]> {
  const { json } = await post(
    `${LS}/api/live/getLivesByCategoryId`,
    { category_id: 32, employee_id: 'C0015', page_size: 50 },
    'content',
  );
  return (json.data as LivePage).list;
}

describe('subscriptions', () => {
  test('unique per user and live; the count follows; cancel removes it; works on every subscribe path', async () => {
    const upcoming = (await allLives()).find((l) => l.status === 2 && l.is_subscribe === 0)!;
    const body = { num_index: upcoming.num_index, real_name: '张伟', employee_id: 'C0015' };
    const first = await post(`${LA}/api/live/subscribe`, body);
    expect(first.json.data).toEqual({
      num_index: upcoming.num_index,
      is_subscribe: 1,
      subscribe_number: upcoming.subscribe_number + 1,
    });
    const again = await post(`${LS}/api/live/activity/activitySubscribe`, { ...body, union_id: 'union-x' });
    expect(again.json.data.subscribe_number).toBe(upcoming.subscribe_number + 1);
    const detail = await post(
      `${LS}/api/live/getDetail`,
      { num_index: upcoming.num_index, employee_id: 'C0015' },
      'content',
    );
    expect(detail.json.data.is_subscribe).toBe(1);
    const cancel = await post(`${LS}/api/live/wechatSubscribe`, { ...body, is_subscribe: 0 }, 'content');
    expect(cancel.json.data).toMatchObject({ is_subscribe: 0, subscribe_number: upcoming.subscribe_number });
  });

  test('an ended live cannot be subscribed, with a Chinese reason', async () => {
    const ended = (await allLives()).find((l) => l.status === 3)!;
    const res = await post(`${LA}/api/live/subscribe`, {
      num_index: ended.num_index,
      real_name: '',
      employee_id: 'C0015',
    });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe('直播已结束，无法预约');
  });

  test('a null union_id is refused by the schema (the client leaves it out)', async () => {
    const res = await post(`${LA}/api/live/subscribe`, {
      num_index: 1,
      real_name: '',
      employee_id: 'C0015',
      union_id: null,
    });
    expect(res.status).toBe(400);
  });
});

describe('live room', () => {
  test('detail carries presenters with bios, the video and counts', async () => {
    const live = (await allLives())[0]!;
    const { json } = await post(`${LA}/api/live/interact/getDetail`, {
      num_index: live.num_index,
      employee_id: 'C0015',
    });
    expect(json.data.live.presenters[0]).toEqual(
      expect.objectContaining({ name: expect.any(String), bio: expect.any(String) }),
    );
    expect(json.data.live.hls_url).toBe('/static/video/sample.m3u8');
    expect(json.data.live.message_count).toBeGreaterThan(0);
    expect(json.data.auth).toEqual(expect.objectContaining({ passed: expect.any(Boolean) }));
  });

  test('heartbeats raise the online count, which the online poll reports with the status', async () => {
    const live = (await allLives()).find((l) => l.status === 1)!;
    const before = await online([live.room_id, 'no-such-room']);
    const item = before.json.data.items.find((i: { room_id: string }) => i.room_id === live.room_id);
    expect(item).toEqual({ room_id: live.room_id, num: live.onlines, num_index: live.num_index, status: 1 });
    expect(before.json.data.items).toContainEqual({ room_id: 'no-such-room', num: 0 });
    const beat = await heartbeat(live.room_id, 'viewer-new', 'live', true);
    expect(beat.json.data.onlines).toBe(live.onlines + 1);
    t.clock.advance(61_000);
    const later = await online([live.room_id]);
    expect(later.json.data.items[0].num).toBeLessThan(live.onlines + 1);
  });

  test('a heartbeat for a room no live owns is a 404 and counts no one', async () => {
    const beat = await heartbeat('no-such-room', 'v-x', 'live');
    expect(beat.status).toBe(404);
    const poll = await online(['no-such-room']);
    expect(poll.json.data.items).toEqual([{ room_id: 'no-such-room', num: 0 }]);
  });

  test('the online poll moves a live from upcoming to live to ended as time passes', async () => {
    const upcoming = (await allLives()).find((l) => l.status === 2)!;
    const at = async () => (await online([upcoming.room_id])).json.data.items[0].status;
    expect(await at()).toBe(2);
    t.clock.set(new Date(upcoming.start_time * 1000));
    expect(await at()).toBe(1);
    t.clock.set(new Date(upcoming.end_time * 1000));
    expect(await at()).toBe(3);
  });

  test("another server's change to a live's times reaches this server's polls and heartbeats within 1,000 ms", async () => {
    const live = (await allLives()).find((l) => l.status === 1)!;
    const poll = async () => (await online([live.room_id])).json.data.items[0];
    const status = async () => (await poll()).status;
    const start = t.clock.now().getTime();
    expect(await status()).toBe(1);
    // Ended early, written straight to the table as another server would.
    await t.database.db
      .update(lives)
      .set({ endTime: new Date(start - 60_000) })
      .where(eq(lives.id, live.num_index));
    t.clock.set(new Date(start + 999));
    expect(await status()).toBe(1);
    t.clock.set(new Date(start + 1_000));
    expect(await status()).toBe(3);
    // A heartbeat now adds nobody: the live is over.
    const { num } = await poll();
    const beat = await heartbeat(live.room_id, 'v-late', 'live');
    expect(beat.json.data.onlines).toBe(num);
    await t.database.db
      .update(lives)
      .set({ endTime: new Date(live.end_time * 1000) })
      .where(eq(lives.id, live.num_index));
  });

  test('a replay join counts one playback; a live heartbeat does not', async () => {
    const ended = (await allLives()).find((l) => l.status === 3)!;
    const join = await heartbeat(ended.room_id, 'v1', 'replay', true);
    expect(join.json.data.playback_number).toBe(ended.playback_number + 1);
    const beat = await heartbeat(ended.room_id, 'v1', 'replay');
    expect(beat.json.data.playback_number).toBe(ended.playback_number + 1);
    const stats = await get(`${LS}/api/live/statistics/data/${ended.num_index}`);
    expect(stats.json.data).toMatchObject({ status: 3, playback_number: ended.playback_number + 1, onlines: 0 });
  });

  test('a replay is counted once per viewing: a remount or a retried join within 30 minutes is the same viewing', async () => {
    const ended = (await allLives()).filter((l) => l.status === 3)[1]!;
    const join = (viewer: string) => heartbeat(ended.room_id, viewer, 'replay', true);
    const start = t.clock.now();
    expect((await join('v-remount')).json.data.playback_number).toBe(ended.playback_number + 1);
    // Remounted twice at once (back and forth) and once more later in the same viewing.
    await Promise.all([join('v-remount'), join('v-remount')]);
    t.clock.set(new Date(start.getTime() + 29 * 60_000));
    expect((await join('v-remount')).json.data.playback_number).toBe(ended.playback_number + 1);
    // Another person is another viewing; the same person much later is a new one.
    expect((await join('v-other')).json.data.playback_number).toBe(ended.playback_number + 2);
    t.clock.set(new Date(start.getTime() + 61 * 60_000));
    expect((await join('v-remount')).json.data.playback_number).toBe(ended.playback_number + 3);
    t.clock.set(start);
  });

  test('a left message is stored, listed, and appears in the room as text; limits are checked', async () => {
    const live = (await allLives())[0]!;
    const content = '<b>请问</b>定投适合我吗？';
    const left = await post('/chat-group/act/leave-message', {
      num_index: live.num_index,
      employee_id: 'C0015',
      real_name: '张伟',
      content,
    });
    // Stored under the session's name (u15 梁雪), not the body's real_name.
    expect(left.json.data).toMatchObject({ content, real_name: '梁雪' });
    const list = await post('/chat-group/act/leave-message/list', { num_index: live.num_index });
    expect(list.json.data.list[0].content).toBe(content);
    const room = await post('/chat-room/room/message', { room_id: live.room_id });
    // Other viewers read it: the name is masked like every public list's.
    expect(room.json.data.list.at(-1)).toMatchObject({ kind: 'leave', content, sender_name: '梁*' });
    const short = await post('/chat-group/act/leave-message', {
      num_index: live.num_index,
      employee_id: 'C0015',
      real_name: '',
      content: ' 好 ',
    });
    expect([short.status, short.json.error.message]).toEqual([400, '留言需为 2-200 个字']);
    const long = await post('/chat-group/act/leave-message', {
      num_index: live.num_index,
      employee_id: 'C0015',
      real_name: '',
      content: '长'.repeat(201),
    });
    expect(long.status).toBe(400);
  });

  test('preview (platform 106), user detail for a guest, products, banners and minutes', async () => {
    const live = (await allLives())[0]!;
    const preview = await post('/chat-room/room/preview', { room_id: live.room_id, platform_id: 106 });
    expect(preview.json.data).toMatchObject({ num_index: live.num_index, title: live.title });
    expect((await post('/chat-room/room/preview', { room_id: live.room_id, platform_id: 1 })).status).toBe(400);
    const guest = await post('/chat-room/room/user_detail', { room_id: live.room_id, token: 'nope' });
    expect(guest.json.data).toMatchObject({ role: 'guest', nickname: '游客' });
    const products = await post(`${LA}/api/live/interact/getProductLiveInfo`, { num_index: live.num_index });
    expect(products.json.data.list).toHaveLength(2);
    const banners = await post(`${LA}/api/live/interact/getMarketingPosition`, { num_index: live.num_index });
    expect(banners.json.data.list[0].kind).toBe('activity');
    // A banner opens the store page of the fund it promotes, with that fund's risk level from the master.
    for (const banner of banners.json.data.list) {
      expect(banner.detail_id).toEqual(expect.any(Number));
      expect(banner.risk_level).toMatch(/^R[1-5]$/);
    }
    const minutes = await post(`${LA}/api/live/interact/getLiveMinutes`, { num_index: live.num_index });
    expect(minutes.json.data.list.map((m: { offset_seconds: number }) => m.offset_seconds)).toEqual([0, 4, 9, 14]);
  });

  test('a private-fund live asks for qualified-investor confirmation once per viewer', async () => {
    const gated = await gatedLive();
    const { json } = await post(`${LA}/api/live/interact/getDetail`, { num_index: gated, employee_id: 'C0014' });
    expect(json.data.auth).toMatchObject({ required: 'qualified_investor', passed: false, refusal: 'not_qualified' });
  });
});

/** The first seeded live whose room shows a private fund (its gate is on). */
async function gatedLive(): Promise<number> {
  for (const l of await allLives()) {
    const { json } = await post(`${LA}/api/live/interact/getDetail`, { num_index: l.num_index, employee_id: 'C0014' });
    if (json.data.auth.required) return l.num_index;
  }
  throw new Error('no gated live in the seed');
}
const DAY = 86_400_000;
async function assess(uuid: string, riskLevel: 'C1' | 'C5' | null, expiresAt: Date | null) {
  const [u] = await t.database.db.select().from(users).where(eq(users.uuid, uuid));
  await t.database.db
    .update(mktCustomers)
    .set({ riskLevel, riskExpiresAt: expiresAt })
    .where(eq(mktCustomers.userId, u!.id));
  return u!.id;
}
const auth = (num_index: number, employee_id: string, extra: Record<string, unknown> = {}) =>
  post(`${LA}/api/live/interact/authentication`, { num_index, employee_id, confirmed: true, ...extra });

describe('the live room private-fund gate: the store rule, checked by the server', () => {
  test('a guest is told to sign in and cannot pass', async () => {
    const live = await gatedLive();
    const detail = await post(`${LA}/api/live/interact/getDetail`, { num_index: live, employee_id: 'guest-1' });
    expect(detail.json.data.auth).toMatchObject({ passed: false, refusal: 'not_signed_in' });
    expect(detail.json.data.auth.message).toContain('请先登录');
    expect((await auth(live, 'guest-1')).status).toBe(401);
  });

  test('a self-ticked confirmation unlocks nothing; the amount is held against 3,000,000 yuan of assets', async () => {
    const live = await gatedLive();
    const userId = await assess('u14', 'C5', new Date(t.clock.now().getTime() + 100 * DAY));
    const tapped = await auth(live, 'C0014');
    expect(tapped.json.data).toMatchObject({ passed: false, refusal: 'not_qualified' });
    const below = await auth(live, 'C0014', { basis: 'assets', amount: 2_999_999 });
    expect(below.status).toBe(400);
    expect(below.json.error.message).toContain('暂不符合合格投资者条件');
    expect((await auth(live, 'C0014')).json.data.refusal).toBe('not_qualified');
    const at = await auth(live, 'C0014', { basis: 'assets', amount: 3_000_000 });
    expect(at.json.data).toMatchObject({ required: 'qualified_investor', passed: true, refusal: null });
    const detail = await post(`${LA}/api/live/interact/getDetail`, { num_index: live, employee_id: 'C0014' });
    expect(detail.json.data.auth.passed).toBe(true);
    // Both attempts are on the compliance trail with their time, basis and amount.
    const trail = await t.database.db
      .select()
      .from(complianceEvents)
      .where(
        and(
          eq(complianceEvents.kind, 'qualification'),
          eq(complianceEvents.subject, `live:${live}`),
          eq(complianceEvents.actorId, userId),
        ),
      );
    expect(trail.map((e) => [e.decision, (e.detail as { declared_amount: number }).declared_amount])).toEqual([
      ['refused', 2_999_999],
      ['confirmed', 3_000_000],
    ]);
    expect(trail[1]!.at.getTime()).toBe(t.clock.now().getTime());
  });

  test('the income basis: 499,999 refused, 500,000 met', async () => {
    const live = await gatedLive();
    await assess('u15', 'C5', new Date(t.clock.now().getTime() + 100 * DAY));
    expect((await auth(live, 'C0015', { basis: 'income', amount: 499_999 })).status).toBe(400);
    expect((await auth(live, 'C0015', { basis: 'income', amount: 500_000 })).json.data.passed).toBe(true);
  });

  test('qualified but unassessed, expired at its end instant, or too low: refused with the reason and how to assess', async () => {
    const live = await gatedLive();
    await assess('u13', null, null);
    const unassessed = await auth(live, 'C0013', { basis: 'assets', amount: 5_000_000 });
    expect(unassessed.json.data).toMatchObject({ passed: false, refusal: 'not_assessed' });
    expect(unassessed.json.data.message).toContain('风险测评');
    const level = unassessed.json.data.product_level as string;
    expect(level).toMatch(/^R[2-5]$/);
    const now = t.clock.now().getTime();
    await assess('u13', 'C5', new Date(now));
    expect((await auth(live, 'C0013')).json.data).toMatchObject({ passed: false, refusal: 'expired' });
    await assess('u13', 'C5', new Date(now + 1));
    expect((await auth(live, 'C0013')).json.data).toMatchObject({ passed: true, refusal: null });
    // Passing once is no pass for later: the gate is decided on every read.
    await assess('u13', 'C1', new Date(now + 100 * DAY));
    const low = await post(`${LA}/api/live/interact/getDetail`, { num_index: live, employee_id: 'C0013' });
    expect(low.json.data.auth).toMatchObject({ passed: false, refusal: 'too_low', product_level: level });
    expect(low.json.data.auth.message).toContain(`低于本产品风险等级 ${level}`);
  });

  test('我不符合 is recorded and leaves the gate shut', async () => {
    const live = await gatedLive();
    expect(
      (await post(`${LA}/api/live/interact/decline`, { num_index: live, employee_id: 'C0012' })).json.data,
    ).toEqual({ recorded: true });
    const rows = await t.database.db
      .select()
      .from(complianceEvents)
      .where(and(eq(complianceEvents.subject, `live:${live}`), eq(complianceEvents.decision, 'declined')));
    expect(rows).toHaveLength(1);
    expect((await post(`${LA}/api/live/interact/decline`, { num_index: live, employee_id: 'guest-2' })).status).toBe(
      401,
    );
  });
});

describe('sample video', () => {
  test('HLS playlist and segments, MP4 with byte ranges', async () => {
    const playlist = await t.app.inject({ method: 'GET', url: '/static/video/sample.m3u8' });
    expect(playlist.headers['content-type']).toContain('mpegurl');
    expect(playlist.body).toContain('sample0.m2ts');
    const seg = await t.app.inject({ method: 'GET', url: '/static/video/sample0.m2ts' });
    expect(seg.rawPayload[0]).toBe(0x47);
    const part = await t.app.inject({
      method: 'GET',
      url: '/static/video/sample.mp4',
      headers: { range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);
    expect(part.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    expect((await t.app.inject({ method: 'GET', url: '/static/video/other.mp4' })).statusCode).toBe(400);
  });
});
