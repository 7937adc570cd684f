/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { eq } from 'drizzle-orm';

import { parseBusinessDate } from '../../src/api/contract/dates';
import { ErrorCode } from '../../src/api/contract/envelope';
import { type LiveItem, type LivePage, LiveStatus } from '../../src/api/contract/lives';
import { playbacks, roomPresence, sessions, subscriptions } from '../db/schema';
import { tokenHash } from '../security/token-hash';
import { createTestApp, postRaw, type TestApp } from '../test-support/app';
import { TEST_BASE_TIME } from '../test-support/database';
import { sessionTokenFor } from '../test-support/session';
import { signRequest } from '../test-support/sign';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => t.clock.set(TEST_BASE_TIME));

const LIST = '/smart-live/smart-service/api/live/getLivesByCategoryId';
const MIN = 60_000;

/** Signed in as the user the body names (E000N and C00NN are the seeded uN): the list is personalised by the token. */
async function tokenHeaders(body: unknown): Promise<Record<string, string>> {
  const id = (body as { employee_id?: unknown } | null)?.employee_id;
  if (typeof id !== 'string' || !/^[EC]\d{4}$/.test(id)) return {};
  return { authorization: `Bearer ${await sessionTokenFor(t.database, `u${Number(id.slice(1))}`, t.clock.now())}` };
}

async function listRaw(body: unknown) {
  const res = await t.app.inject(
    signRequest(
      { method: 'POST', url: LIST, body, headers: await tokenHeaders(body) },
      { scheme: 'content', now: t.clock.now() },
    ),
  );
  return {
    status: res.statusCode,
    json: res.json() as { error: { code: number; message: string }; data: LivePage | null },
  };
}

async function list(extra: Record<string, unknown> = {}): Promise<LivePage> {
  const { status, json } = await listRaw({ category_id: 32, employee_id: 'E0001', ...extra });
  expect(json.error).toEqual({ code: 0, message: 'ok' });
  expect(status).toBe(200);
  return json.data!;
}

const statuses = (items: LiveItem[]) => items.map((i) => i.status);

describe('home list order and paging', () => {
  test('live (by start), then upcoming (soonest first), then ended (latest first)', async () => {
    const page = await list({ page_size: 50 });
    expect(page.total).toBe(40);
    const s = statuses(page.list);
    expect(s.slice(0, 4)).toEqual([1, 1, 1, 1]);
    expect(s.slice(4, 16).every((x) => x === LiveStatus.upcoming)).toBe(true);
    expect(s.slice(16).every((x) => x === LiveStatus.ended)).toBe(true);
    const starts = page.list.slice(0, 16).map((i) => i.start_time);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    const ends = page.list.slice(16).map((i) => i.end_time);
    expect(ends).toEqual([...ends].sort((a, b) => b - a));
  });

  test('defaults to page 1 of 20', async () => {
    const page = await list();
    expect([page.page, page.page_size, page.list.length]).toEqual([1, 20, 20]);
  });

  test('pages stitch together into the whole list, across the live/ended seam', async () => {
    const whole = (await list({ page_size: 50 })).list.map((i) => i.num_index);
    const pages: number[] = [];
    for (let p = 1; p <= 6; p++) pages.push(...(await list({ page: p, page_size: 7 })).list.map((i) => i.num_index));
    expect(pages).toEqual(whole);
    expect((await list({ page: 7, page_size: 7 })).list).toEqual([]);
  });

  test('items carry presenters, cover and room', async () => {
    const [first] = (await list({ page_size: 1 })).list;
    expect(first).toMatchObject({
      num_index: expect.any(Number),
      cover: expect.stringMatching(/^\/static\/covers\//),
      room_id: expect.stringMatching(/^room-/),
    });
    expect(first!.kol.length).toBeGreaterThan(0);
    expect(first!.kol[0]).toMatchObject({ name: expect.any(String), avatar: expect.any(String) });
  });

  test('only category 32 is asked for; other categories stay out', async () => {
    const { status, json } = await listRaw({ category_id: 33, employee_id: 'E0001' });
    expect([status, json.error.code]).toEqual([400, ErrorCode.badRequest]);
    expect(json.error.message).toMatch(/body\.category_id/);
  });
});

describe('statuses follow the clock', () => {
  test('two hours earlier the live ones were upcoming', async () => {
    t.clock.set(new Date(TEST_BASE_TIME.getTime() - 120 * MIN));
    const page = await list({ page_size: 50 });
    expect(statuses(page.list).filter((s) => s === LiveStatus.live)).toEqual([]);
    expect(page.list.slice(0, 16).every((i) => i.status === LiveStatus.upcoming)).toBe(true);
  });

  test('three hours later the live ones have ended and lead the ended part', async () => {
    const liveIds = (await list({ page_size: 4 })).list.map((i) => i.num_index);
    t.clock.advance(180 * MIN);
    const page = await list({ page_size: 50 });
    const ended = page.list.filter((i) => i.status === LiveStatus.ended).map((i) => i.num_index);
    expect(ended.slice(0, 4).sort()).toEqual([...liveIds].sort());
    expect(page.list[0]!.status).toBe(LiveStatus.upcoming);
  });

  test('getLiveState moves too', async () => {
    const url = '/live-api/cs-live-app/api/live/getLiveState/1';
    const state = async () =>
      (await t.app.inject(signRequest({ method: 'GET', url }, { scheme: 'basic', now: t.clock.now() }))).json().data;
    expect(await state()).toMatchObject({ num_index: 1, status: LiveStatus.live });
    t.clock.advance(24 * 60 * MIN);
    expect(await state()).toMatchObject({ num_index: 1, status: LiveStatus.ended, onlines: 0 });
  });
});

describe('counts come from rows', () => {
  test('subscriptions, playbacks and fresh presence each move their number', async () => {
    const before = (await list({ page_size: 50, employee_id: 'C0015' })).list;
    const live = before.find((i) => i.status === LiveStatus.live)!;
    const ended = before.find((i) => i.status === LiveStatus.ended)!;
    expect(live.is_subscribe).toBe(0);
    const now = t.clock.now();
    await t.database.db.insert(subscriptions).values({ liveId: live.num_index, employeeId: 'C0015', createdAt: now });
    await t.database.db.insert(playbacks).values({ liveId: ended.num_index, viewerId: 'C0015', watchedAt: now });
    await t.database.db.insert(roomPresence).values([
      { roomId: live.room_id, viewerId: 'fresh', lastSeenAt: new Date(now.getTime() - 59_000) },
      { roomId: live.room_id, viewerId: 'gone', lastSeenAt: new Date(now.getTime() - 61_000) },
    ]);
    const after = (await list({ page_size: 50, employee_id: 'C0015' })).list;
    const live2 = after.find((i) => i.num_index === live.num_index)!;
    expect(live2.subscribe_number).toBe(live.subscribe_number + 1);
    expect(live2.is_subscribe).toBe(1);
    expect(live2.onlines).toBe(live.onlines + 1);
    expect(after.find((i) => i.num_index === ended.num_index)!.playback_number).toBe(ended.playback_number + 1);
  });

  test('an unchanged page is sent as the same bytes; a viewer, presence or clock change is in the very next answer', async () => {
    const raw = async (employee_id: string) => {
      const body = { category_id: 32, employee_id, page_size: 20 };
      const res = await t.app.inject(
        signRequest(
          { method: 'POST', url: LIST, body, headers: await tokenHeaders(body) },
          { scheme: 'content', now: t.clock.now() },
        ),
      );
      expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'application/json; charset=utf-8']);
      return res.body;
    };
    const first = await raw('E0001');
    expect(await raw('E0001')).toBe(first);
    const mine = (JSON.parse(first) as { data: LivePage }).data.list;
    const other = (JSON.parse(await raw('C0015')) as { data: LivePage }).data.list;
    // Each viewer gets their own tags, never the kept answer of another.
    const tagsOf = async (employeeId: string) => {
      const subs = new Set(
        (await t.database.db.select().from(subscriptions).where(eq(subscriptions.employeeId, employeeId))).map(
          (r) => r.liveId,
        ),
      );
      return mine.map((i) => (subs.has(i.num_index) ? 1 : 0));
    };
    expect(mine.map((i) => i.is_subscribe)).toEqual(await tagsOf('E0001'));
    expect(other.map((i) => i.is_subscribe)).toEqual(await tagsOf('C0015'));
    expect(other.map((i) => i.is_subscribe)).not.toEqual(mine.map((i) => i.is_subscribe));
    const live = mine.find((i) => i.status === LiveStatus.live)!;
    await t.database.db
      .insert(roomPresence)
      .values({ roomId: live.room_id, viewerId: 'bytes-test', lastSeenAt: t.clock.now() });
    const moved = (JSON.parse(await raw('E0001')) as { data: LivePage }).data.list;
    expect(moved.find((i) => i.num_index === live.num_index)!.onlines).toBe(live.onlines + 1);
    t.clock.advance(3 * 60 * MIN);
    const later = (JSON.parse(await raw('E0001')) as { data: LivePage }).data.list;
    expect(later.find((i) => i.num_index === live.num_index)?.status ?? LiveStatus.ended).toBe(LiveStatus.ended);
  });

  test('online viewers drop out 60 s after their last heartbeat', async () => {
    const live = (await list({ page_size: 1 })).list[0]!;
    expect(live.onlines).toBeGreaterThan(0);
    t.clock.advance(2 * MIN);
    expect((await list({ page_size: 1 })).list[0]!.onlines).toBe(0);
  });

  test('the seeded adviser u1 follows some lives', async () => {
    const items = (await list({ page_size: 50 })).list;
    expect(items.some((i) => i.is_subscribe === 1 && i.status !== LiveStatus.ended)).toBe(true);
  });
});

describe('date filter', () => {
  test('ended lives that ended more than 180 days before the date are left out', async () => {
    const all = await list({ page_size: 50 });
    const recent = await list({ page_size: 50, date: '2025-06-15' });
    const cutoff = parseBusinessDate('2025-06-15')!.getTime() / 1000 - 180 * 86400;
    expect(recent.total).toBeLessThan(all.total);
    expect(recent.list.filter((i) => i.status === LiveStatus.ended).every((i) => i.end_time >= cutoff)).toBe(true);
    expect(all.list.filter((i) => i.status === LiveStatus.ended && i.end_time < cutoff).length).toBe(
      all.total - recent.total,
    );
  });

  test.each(['2026-02-30', '2025-13-01', '2025-00-10'])('%s has the right shape but is no date: 400', async (date) => {
    const { status, json } = await listRaw({ category_id: 32, employee_id: 'E0001', date });
    expect([status, json.error.code, json.data]).toEqual([400, ErrorCode.badRequest, null]);
    expect(json.error.message).toBe(`body.date: ${date} is not a calendar date`);
  });
});

describe("the app's list (interact/getLivesByCategoryId) reads the home address's date the same way", () => {
  const INTERACT = '/live-api/cs-live-app/api/live/interact/getLivesByCategoryId';
  async function interact(body: Record<string, unknown>) {
    const res = await t.app.inject(
      signRequest({ method: 'POST', url: INTERACT, body }, { scheme: 'basic', now: t.clock.now() }),
    );
    return { status: res.statusCode, json: res.json() as { error: { code: number }; data: LivePage | null } };
  }

  test('an ended live 180 days before the date is listed, one ended a day earlier is not', async () => {
    const everything = (await interact({ category_id: 32, employee_id: 'd-visitor', page_size: 50 })).json.data!;
    const ended = everything.list.filter((i) => i.status === LiveStatus.ended).sort((a, b) => a.end_time - b.end_time);
    const oldest = ended[0]!;
    // The date whose 180-day window starts on the oldest live's end day keeps it; one day later drops it.
    const day = (offsetDays: number) => {
      const at = new Date((oldest.end_time + 180 * 86400 + offsetDays * 86400) * 1000 + 8 * 3600_000);
      return at.toISOString().slice(0, 10);
    };
    const keep = (await interact({ category_id: 32, employee_id: 'd-visitor', page_size: 50, date: day(0) })).json;
    const drop = (await interact({ category_id: 32, employee_id: 'd-visitor', page_size: 50, date: day(1) })).json;
    expect(keep.data!.list.map((i) => i.num_index)).toContain(oldest.num_index);
    expect(drop.data!.list.map((i) => i.num_index)).not.toContain(oldest.num_index);
    expect(drop.data!.total).toBeLessThan(everything.total);
  });

  test('a date of the right shape that is no calendar day is refused with 400', async () => {
    const { status, json } = await interact({ category_id: 32, employee_id: 'd-visitor', date: '2026-02-30' });
    expect([status, json.error.code, json.data]).toEqual([400, ErrorCode.badRequest, null]);
  });
});

describe('bad bodies get a clear 400 in the envelope', () => {
  test.each([
    [{ category_id: 32 }, /body\.employee_id/],
    [{ category_id: 32, employee_id: 'E0001', date: '2025-6-1' }, /body\.date/],
    [{ category_id: 32, employee_id: 'E0001', page: 0 }, /body\.page/],
    [{ category_id: 32, employee_id: 'E0001', page_size: 51 }, /body\.page_size/],
    [{ category_id: 32, employee_id: 'E0001', page: '2' }, /body\.page/],
    [{ category_id: 32, employee_id: 'E0001', sort: 'x' }, /body\.sort/],
    [[1, 2], /^body: /],
  ])('%j', async (body, message) => {
    const { status, json } = await listRaw(body);
    expect([status, json.error.code, json.data]).toEqual([400, ErrorCode.badRequest, null]);
    expect(json.error.message).toMatch(message);
  });

  test('broken JSON', async () => {
    const res = await postRaw(t, LIST, 'application/json', '{"category_id":');
    expect([res.statusCode, res.json().error.code]).toEqual([400, ErrorCode.badRequest]);
  });
});

describe('GET getLiveState/:id', () => {
  const state = (id: string) =>
    t.app.inject(
      signRequest(
        { method: 'GET', url: `/live-api/cs-live-app/api/live/getLiveState/${id}` },
        { scheme: 'basic', now: t.clock.now() },
      ),
    );

  test('answers status and online count', async () => {
    const res = await state('1');
    expect(res.json()).toEqual({
      error: { code: 0, message: 'ok' },
      data: { num_index: 1, status: 1, onlines: expect.any(Number) },
    });
    expect(res.json().data.onlines).toBeGreaterThan(0);
  });

  test('an unknown id is a 404 envelope (100405)', async () => {
    const res = await state('999999');
    expect([res.statusCode, res.json().error.code]).toEqual([404, ErrorCode.notFound]);
  });

  test.each(['abc', '0', '1.5'])('id %s is a 400', async (id) => {
    const res = await state(id);
    expect([res.statusCode, res.json().error.code]).toEqual([400, ErrorCode.badRequest]);
    expect(res.json().error.message).toMatch(/params\.id/);
  });
});

describe('POST /chat-room/room/online', () => {
  test('counts viewers per room; unknown rooms answer 0', async () => {
    const body = { room_ids: ['room-000001', 'room-999999'] };
    const res = await t.app.inject(
      signRequest({ method: 'POST', url: '/chat-room/room/online', body }, { scheme: 'basic', now: t.clock.now() }),
    );
    const items = res.json().data.items as Array<{ room_id: string; num: number }>;
    expect(items.find((i) => i.room_id === 'room-000001')!.num).toBeGreaterThan(0);
    expect(items.find((i) => i.room_id === 'room-999999')!.num).toBe(0);
  });
});

describe('my bookings (我的预约)', () => {
  const MINE = '/smart-live/smart-service/api/live/mySubscriptions';
  async function mine(uuid: string | null, body: Record<string, unknown> = {}) {
    const headers: Record<string, string> = uuid
      ? { authorization: `Bearer ${await sessionTokenFor(t.database, uuid, t.clock.now())}` }
      : {};
    const res = await t.app.inject(
      signRequest({ method: 'POST', url: MINE, body, headers }, { scheme: 'content', now: t.clock.now() }),
    );
    return { status: res.statusCode, json: res.json() as { error: { code: number }; data: LivePage | null } };
  }

  test('the signed-in person’s booked lives only: ahead first, soonest first, then ended; total counts all', async () => {
    const booked = await t.database.db.select().from(subscriptions).where(eq(subscriptions.employeeId, 'C0015'));
    expect(booked.length).toBeGreaterThan(1);
    const { status, json } = await mine('u15', { page_size: 50 });
    expect(status).toBe(200);
    const page = json.data!;
    expect(page.total).toBe(booked.length);
    expect(new Set(page.list.map((l) => l.num_index))).toEqual(new Set(booked.map((b) => b.liveId)));
    expect(page.list.every((l) => l.is_subscribe === 1)).toBe(true);
    const ahead = page.list.filter((l) => l.status !== LiveStatus.ended);
    expect(page.list.slice(0, ahead.length)).toEqual(ahead);
    expect(ahead.map((l) => l.start_time)).toEqual([...ahead.map((l) => l.start_time)].sort((a, b) => a - b));
    const ended = page.list.slice(ahead.length);
    expect(ended.map((l) => l.end_time)).toEqual([...ended.map((l) => l.end_time)].sort((a, b) => b - a));
    // The page size cuts the list, not the total.
    const one = (await mine('u15', { page_size: 1 })).json.data!;
    expect([one.list.length, one.total]).toEqual([1, booked.length]);
  });

  test('nobody’s bookings without a sign-in, and the body cannot name another person', async () => {
    expect((await mine(null)).status).toBe(401);
    expect((await mine('u15', { employee_id: 'C0016' })).status).toBe(400);
  });
});

describe('a signed-in reader: the session read with the kept page, in its one statement', () => {
  async function asToken(token: string) {
    const res = await t.app.inject(
      signRequest(
        { method: 'POST', url: LIST, body: { category_id: 32, employee_id: 'E0001' }, headers: { token } },
        { scheme: 'content', now: t.clock.now() },
      ),
    );
    return { status: res.statusCode, json: res.json() as { error: { code: number }; data: LivePage | null } };
  }

  test('the session’s own tags on a kept page, and the same session rules as every guarded read', async () => {
    const token = await sessionTokenFor(t.database, 'u5', t.clock.now());
    // A guest's read keeps the page; the token's reads then find it kept.
    await listRaw({ category_id: 32, employee_id: 'visitor' });
    const first = await asToken(token);
    expect(first.status).toBe(200);
    const upcoming = first.json.data!.list.find((l) => l.status === LiveStatus.upcoming && l.is_subscribe === 0)!;
    await t.database.db
      .insert(subscriptions)
      .values({ liveId: upcoming.num_index, employeeId: 'C0005', realName: '', createdAt: t.clock.now() });
    const mine = await asToken(token);
    expect(mine.json.data!.list.find((l) => l.num_index === upcoming.num_index)!.is_subscribe).toBe(1);
    // Nobody else's read shows it as theirs.
    const other = await asToken(await sessionTokenFor(t.database, 'u6', t.clock.now()));
    expect(other.json.data!.list.find((l) => l.num_index === upcoming.num_index)!.is_subscribe).toBe(0);
    expect(
      (await listRaw({ category_id: 32, employee_id: 'visitor' })).json.data!.list.every((l) => l.is_subscribe === 0),
    ).toBe(true);

    // Expired: refused at the expiry instant, not a millisecond before.
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.token, tokenHash(token)));
    t.clock.set(new Date(row!.expiresAt.getTime() - 1));
    expect((await asToken(token)).status).toBe(200);
    t.clock.set(row!.expiresAt);
    const expired = await asToken(token);
    expect([expired.status, expired.json.error.code]).toEqual([401, ErrorCode.sessionExpired]);
    t.clock.set(TEST_BASE_TIME);

    // Ended elsewhere, and a token no one holds: refused whether or not the page is kept.
    await t.database.db
      .update(sessions)
      .set({ revokedAt: t.clock.now() })
      .where(eq(sessions.token, tokenHash(token)));
    const kicked = await asToken(token);
    expect([kicked.status, kicked.json.error.code]).toEqual([401, ErrorCode.sessionKicked]);
    const unknown = await asToken('no-such-token');
    expect([unknown.status, unknown.json.error.code]).toEqual([401, ErrorCode.sessionInvalid]);
    t.clock.advance(24 * 60 * MIN);
    const unkept = await asToken('no-such-token');
    expect([unkept.status, unkept.json.error.code]).toEqual([401, ErrorCode.sessionInvalid]);
  });
});
