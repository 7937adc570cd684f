import { and, count, eq, gt, sql } from 'drizzle-orm';

import { LiveStatus } from '../../src/api/contract/lives';
import type { Database } from '../db/client';
import {
  livePresenters,
  lives,
  playbacks,
  presenters,
  roomOnlineSeconds,
  roomPresence,
  subscriptions,
  users,
} from '../db/schema';
import { createRepositories, type Repositories } from '../repositories';
import { onlineAfterSecond } from '../repositories/presence';
import { TEST_BASE_TIME } from './database';

const MIN = 60_000;

/**
 * The repository behaviour both drivers must share: run by the PGlite suite and, when a
 * server is reachable, by the PostgreSQL suite, each on a freshly seeded database.
 */
export function repositoryContract(open: () => Promise<Database>): void {
  let database: Database;
  let repos: Repositories;
  beforeAll(async () => {
    database = await open();
    repos = createRepositories(database.db);
  });
  afterAll(() => database?.close());

  const query = (over: Partial<Parameters<Repositories['lives']['listByCategory']>[0]> = {}) => ({
    categoryId: 32,
    employeeId: 'E0001',
    now: TEST_BASE_TIME,
    endedSince: null,
    page: 1,
    pageSize: 50,
    ...over,
  });

  test('the seed is there: users, lives of category 32 in all three states', async () => {
    const [u] = await database.db.select({ n: count() }).from(users);
    // 18 seeded advisers, customers and staff, plus the customers the invitation seed registered through invitations.
    expect(u?.n).toBe(24);
    const { total, items } = await repos.lives.listByCategory(query());
    expect(total).toBe(40);
    expect(new Set(items.map((i) => i.status))).toEqual(
      new Set([LiveStatus.live, LiveStatus.upcoming, LiveStatus.ended]),
    );
  });

  test('the seed derives what the row triggers keep (they are off for its bulk insert): counts, presenters, versions, online seconds', async () => {
    const rowsOf = async (q: ReturnType<typeof sql>) => {
      const r = (await database.db.execute(q)) as unknown as { rows?: unknown[] } | unknown[];
      return (Array.isArray(r) ? r : (r.rows ?? [])) as Array<Record<string, unknown>>;
    };
    const wrong = await rowsOf(sql`select id from lives where kol <> live_kol_of(id)
      or subscriber_count <> (select count(*) from subscriptions s where s.live_id = lives.id)
      or playback_count <> (select count(*) from playbacks p where p.live_id = lives.id)`);
    expect(wrong).toEqual([]);
    const unversioned = await rowsOf(
      sql`select distinct category_id from lives where category_id not in (select category_id from live_list_versions)`,
    );
    expect(unversioned).toEqual([]);
    const seconds = await rowsOf(sql`select room_id, second, viewers from room_online_seconds
      except select room_id, floor(extract(epoch from last_seen_at))::bigint, count(*)::integer from room_presence group by 1, 2`);
    expect(seconds).toEqual([]);
    expect((await rowsOf(sql`select 1 from room_online_seconds`)).length).toBeGreaterThan(0);
    // Back on after the seed: a trigger-kept count follows a write.
    const enabled = await rowsOf(sql`select tgname from pg_trigger where not tgisinternal and tgenabled = 'D'`);
    expect(enabled).toEqual([]);
  });

  test('list order: live by start, upcoming soonest first, ended latest first', async () => {
    const { items } = await repos.lives.listByCategory(query());
    const rank = (s: number) => [0, 0, 1, 2][s]!;
    for (let i = 1; i < items.length; i++) {
      const [a, b] = [items[i - 1]!, items[i]!];
      expect(rank(a.status)).toBeLessThanOrEqual(rank(b.status));
      if (a.status === b.status && a.status !== LiveStatus.ended)
        expect(a.start_time).toBeLessThanOrEqual(b.start_time);
      if (a.status === b.status && a.status === LiveStatus.ended) expect(a.end_time).toBeGreaterThanOrEqual(b.end_time);
    }
  });

  test('paging over the seam gives the same sequence', async () => {
    const whole = (await repos.lives.listByCategory(query())).items.map((i) => i.num_index);
    const parts: number[] = [];
    for (let page = 1; page <= 4; page++) {
      parts.push(...(await repos.lives.listByCategory(query({ page, pageSize: 11 }))).items.map((i) => i.num_index));
    }
    expect(parts).toEqual(whole);
  });

  test('the 180-day cut keeps only recent ended lives', async () => {
    const since = new Date(TEST_BASE_TIME.getTime() - 180 * 24 * 60 * MIN);
    const { total, items } = await repos.lives.listByCategory(query({ endedSince: since }));
    expect(total).toBeLessThan(40);
    for (const i of items.filter((x) => x.status === LiveStatus.ended))
      expect(i.end_time * 1000).toBeGreaterThanOrEqual(since.getTime());
  });

  test('subscriptions count and mark is_subscribe', async () => {
    const [target] = await database.db.select({ id: lives.id }).from(lives).where(eq(lives.id, 5));
    const before = (await repos.lives.listByCategory(query({ employeeId: 'REPO-T' }))).items.find(
      (i) => i.num_index === target!.id,
    )!;
    await database.db
      .insert(subscriptions)
      .values({ liveId: target!.id, employeeId: 'REPO-T', createdAt: TEST_BASE_TIME });
    const after = (await repos.lives.listByCategory(query({ employeeId: 'REPO-T' }))).items.find(
      (i) => i.num_index === target!.id,
    )!;
    expect([after.subscribe_number, after.is_subscribe]).toEqual([before.subscribe_number + 1, 1]);
  });

  test('a kept list page follows every change: presenters, counts, presence, a live ending, another writer', async () => {
    const fresh = () => createRepositories(database.db).lives.listByCategory(query({ employeeId: 'KEEP-T' }));
    const kept = () => repos.lives.listByCategory(query({ employeeId: 'KEEP-T' }));
    await kept();
    expect(await kept()).toEqual(await fresh());
    // A presenter renamed: the kol of each of their lives is rebuilt in the same transaction.
    const [lp] = await database.db.select().from(livePresenters).limit(1);
    await database.db.update(presenters).set({ name: '改名后的主讲人' }).where(eq(presenters.id, lp!.presenterId));
    const renamed = (await kept()).items.find((i) => i.num_index === lp!.liveId);
    if (renamed) expect(renamed.kol.map((k) => k.name)).toContain('改名后的主讲人');
    // A playback written straight to the table (as another server would): the kept page is not reused.
    const [one] = (await kept()).items;
    await database.db
      .insert(playbacks)
      .values({ liveId: one!.num_index, viewerId: 'KEEP-P', watchedAt: TEST_BASE_TIME });
    expect((await kept()).items[0]!.playback_number).toBe(one!.playback_number + 1);
    // A viewer joins a live that is on: counted at once, without any change to the lives table.
    const on = (await kept()).items.find((i) => i.status === LiveStatus.live)!;
    const [row] = await database.db.select({ roomId: lives.roomId }).from(lives).where(eq(lives.id, on.num_index));
    await repos.presence.heartbeat(row!.roomId, { viewerId: 'KEEP-V', userId: null }, TEST_BASE_TIME);
    expect((await kept()).items.find((i) => i.num_index === on.num_index)!.onlines).toBe(on.onlines + 1);
    // Later, once the first live ahead has ended, the page is read again with it among the ended.
    const later = new Date(
      Math.min(...(await kept()).items.filter((i) => i.status !== LiveStatus.ended).map((i) => i.end_time * 1000)) +
        1000,
    );
    const keptLater = await repos.lives.listByCategory(query({ employeeId: 'KEEP-T', now: later }));
    expect(keptLater).toEqual(
      await createRepositories(database.db).lives.listByCategory(query({ employeeId: 'KEEP-T', now: later })),
    );
    expect(await kept()).toEqual(await fresh());
  });

  test("a guest's kept page (its own statement) follows the tables and shows no subscription", async () => {
    const guest = query({ employeeId: '' });
    const fresh = () => createRepositories(database.db).lives.listByCategory(guest);
    const kept = () => repos.lives.listByCategory(guest);
    // An adviser's read of the same page first: the page is kept for both, the tags are each viewer's own.
    const adviser = await repos.lives.listByCategory(query({ employeeId: 'E0001' }));
    expect(adviser.items.some((i) => i.is_subscribe === 1)).toBe(true);
    await kept();
    const first = await kept();
    expect(first).toEqual(await fresh());
    expect(first.items.every((i) => i.is_subscribe === 0)).toBe(true);
    const [one] = first.items;
    await database.db
      .insert(playbacks)
      .values({ liveId: one!.num_index, viewerId: 'KEEP-GUEST-P', watchedAt: TEST_BASE_TIME });
    expect((await kept()).items[0]!.playback_number).toBe(one!.playback_number + 1);
    const on = first.items.find((i) => i.status === LiveStatus.live)!;
    const [row] = await database.db.select({ roomId: lives.roomId }).from(lives).where(eq(lives.id, on.num_index));
    const before = (await kept()).items.find((i) => i.num_index === on.num_index)!.onlines;
    await repos.presence.heartbeat(row!.roomId, { viewerId: 'KEEP-GUEST-V', userId: null }, TEST_BASE_TIME);
    expect((await kept()).items.find((i) => i.num_index === on.num_index)!.onlines).toBe(before + 1);
    expect(await kept()).toEqual(await fresh());
  });

  test('the counts in the live row stay exact under concurrent subscribes, repeats, cancels and replay joins', async () => {
    const liveId = 6;
    const who = (i: number) => ({ employeeId: `CONC-${i}`, realName: '', unionId: null });
    const exact = async () => {
      const [row] = await database.db
        .select({ subs: lives.subscriberCount, plays: lives.playbackCount })
        .from(lives)
        .where(eq(lives.id, liveId));
      const [subs] = await database.db
        .select({ n: count() })
        .from(subscriptions)
        .where(eq(subscriptions.liveId, liveId));
      const [plays] = await database.db.select({ n: count() }).from(playbacks).where(eq(playbacks.liveId, liveId));
      return { column: [row!.subs, row!.plays], counted: [Number(subs!.n), Number(plays!.n)] };
    };
    const before = await exact();
    expect(before.column).toEqual(before.counted);
    // 40 people subscribe at once, 20 of them twice (a double tap); 10 cancel while others still subscribe.
    await Promise.all([
      ...Array.from({ length: 40 }, (_, i) => repos.liveRoom.setSubscription(liveId, who(i), true, TEST_BASE_TIME)),
      ...Array.from({ length: 20 }, (_, i) => repos.liveRoom.setSubscription(liveId, who(i), true, TEST_BASE_TIME)),
    ]);
    await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => repos.liveRoom.setSubscription(liveId, who(i), false, TEST_BASE_TIME)),
      ...Array.from({ length: 10 }, (_, i) =>
        repos.liveRoom.setSubscription(liveId, who(100 + i), true, TEST_BASE_TIME),
      ),
      ...Array.from({ length: 15 }, (_, i) =>
        repos.liveRoom.recordPlayback(liveId, `CONC-V${i % 5}-${i}`, TEST_BASE_TIME),
      ),
    ]);
    const after = await exact();
    expect(after.column).toEqual(after.counted);
    expect(after.column).toEqual([before.column[0]! + 40, before.column[1]! + 15]);
    // The list reads them from the row.
    const item = (await repos.lives.listByCategory(query())).items.find((i) => i.num_index === liveId);
    if (item) expect([item.subscribe_number, item.playback_number]).toEqual(after.column);
  });

  test('SMS sends: 12 at once for one phone send one code; 24 at once from one address stop at 20 (one locked step)', async () => {
    const now = new Date(TEST_BASE_TIME.getTime() + 3 * 60 * 60_000);
    const sent = await Promise.all(
      Array.from({ length: 12 }, (_, i) => repos.auth.sendSmsCode('86-13700009999', `10.9.0.${i}`, now)),
    );
    expect(sent.filter((o) => 'sent' in o)).toHaveLength(1);
    expect(sent.filter((o) => 'refused' in o && o.refused === 'too_soon' && o.retryAfterSeconds === 60)).toHaveLength(
      11,
    );
    // The address is limited across phones: 20 a day.
    const fromOne = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        repos.auth.sendSmsCode(`86-1370001${String(i).padStart(4, '0')}`, '10.9.9.9', now),
      ),
    );
    expect(fromOne.filter((o) => 'sent' in o)).toHaveLength(20);
    expect(
      fromOne.filter((o) => 'refused' in o && o.refused === 'ip_daily' && o.retryAfterSeconds === 24 * 3600),
    ).toHaveLength(4);
  });

  /** A code sent to the phone (its id and the code), and a code that is not it. */
  const codeSent = async (phone: string, ip: string, at: Date) => {
    const sent = await repos.auth.sendSmsCode(phone, ip, at);
    if (!('sent' in sent)) throw new Error('not sent');
    const right = sent.sent.code;
    return { id: sent.sent.id, right, wrong: right === '000000' ? '111111' : '000000' };
  };

  test('SMS codes: 100 concurrent wrong guesses compare at most 5; the code is then void, even for the right one', async () => {
    const now = new Date(TEST_BASE_TIME.getTime() + 4 * 60 * 60_000);
    const phone = '86-13700008888';
    const { right, wrong } = await codeSent(phone, '10.9.8.1', now);
    const answers = await Promise.all(Array.from({ length: 100 }, () => repos.auth.checkSmsCode(phone, wrong, now)));
    const compared = answers.filter((a) => !a.ok && a.reason === 'wrong');
    expect(compared).toHaveLength(5);
    expect(compared.map((a) => (a.ok ? -1 : a.reason === 'wrong' ? a.left : -1)).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(answers.filter((a) => !a.ok && a.reason === 'voided')).toHaveLength(95);
    expect((await repos.auth.latestSmsCode(phone))!.attempts).toBe(5);
    expect(await repos.auth.checkSmsCode(phone, right, now)).toEqual({ ok: false, reason: 'voided' });
  });

  test('SMS codes: valid for 5 minutes, not a moment longer; 4 wrong tries leave the right code working', async () => {
    const sentAt = new Date(TEST_BASE_TIME.getTime() + 5 * 60 * 60_000);
    const phone = '86-13700007777';
    const { id, right, wrong } = await codeSent(phone, '10.9.8.2', sentAt);
    for (let i = 0; i < 4; i += 1)
      expect(await repos.auth.checkSmsCode(phone, wrong, sentAt)).toEqual({ ok: false, reason: 'wrong', left: 4 - i });
    const lastMoment = new Date(sentAt.getTime() + 5 * 60_000 - 1);
    expect(await repos.auth.checkSmsCode(phone, right, lastMoment)).toEqual({
      ok: true,
      id,
      expiresAt: new Date(sentAt.getTime() + 300_000),
    });
    expect(await repos.auth.checkSmsCode(phone, right, new Date(sentAt.getTime() + 5 * 60_000))).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  test('passwords: 70 concurrent tries for one account compare 5, then it is locked for a growing time', async () => {
    const now = new Date(TEST_BASE_TIME.getTime() + 6 * 60 * 60_000);
    const phone = '86-13700006666';
    const tries = await Promise.all(Array.from({ length: 70 }, () => repos.passwordGuard.begin(phone, now)));
    expect(tries.filter((t) => t.allowed)).toHaveLength(5);
    expect(tries.filter((t) => !t.allowed && t.retryAfterSeconds === 60)).toHaveLength(65);
    // 59 s later still locked; at 60 s one more try is allowed, and its failure locks for 120 s.
    expect(await repos.passwordGuard.begin(phone, new Date(now.getTime() + 59_000))).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
    const later = new Date(now.getTime() + 60_000);
    expect(await repos.passwordGuard.begin(phone, later)).toEqual({ allowed: true, lastTry: true, lockSeconds: 120 });
    expect(await repos.passwordGuard.begin(phone, later)).toEqual({ allowed: false, retryAfterSeconds: 120 });
    // The right password clears the account's count.
    await repos.passwordGuard.succeeded(phone);
    expect(await repos.passwordGuard.begin(phone, later)).toEqual({ allowed: true, lastTry: false, lockSeconds: 0 });
  });

  test('heartbeats: one row per viewer, counted for 60 s', async () => {
    const room = 'room-repo-test';
    await repos.presence.heartbeat(room, { viewerId: 'a', userId: null }, TEST_BASE_TIME);
    await repos.presence.heartbeat(room, { viewerId: 'a', userId: null }, new Date(TEST_BASE_TIME.getTime() + 30_000));
    await repos.presence.heartbeat(room, { viewerId: 'b', userId: null }, TEST_BASE_TIME);
    expect((await repos.presence.onlineCounts([room], new Date(TEST_BASE_TIME.getTime() + 30_000))).get(room)).toBe(2);
    expect((await repos.presence.onlineCounts([room], new Date(TEST_BASE_TIME.getTime() + 75_000))).get(room)).toBe(1);
  });

  test('online counts stay exact under concurrent heartbeats: joins, repeats, moves forward, a late beat', async () => {
    const room = 'room-conc-online';
    const at = (s: number) => new Date(TEST_BASE_TIME.getTime() + s * 1000);
    // What the rows say, counted the slow way: viewers whose last heartbeat's second is inside the window.
    const counted = async (now: Date) => {
      const [row] = await database.db
        .select({ n: count() })
        .from(roomPresence)
        .where(
          and(
            eq(roomPresence.roomId, room),
            gt(sql`floor(extract(epoch from ${roomPresence.lastSeenAt}))`, onlineAfterSecond(now)),
          ),
        );
      return Number(row!.n);
    };
    // 30 viewers join in the same second, 10 of them twice at once (a retry); then all 30 beat again at two later
    // seconds concurrently, some out of order (a beat older than the one stored must not move anyone back).
    await Promise.all([
      ...Array.from({ length: 30 }, (_, i) =>
        repos.presence.heartbeat(room, { viewerId: `v${i}`, userId: null }, at(0)),
      ),
      ...Array.from({ length: 10 }, (_, i) =>
        repos.presence.heartbeat(room, { viewerId: `v${i}`, userId: null }, at(0)),
      ),
    ]);
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => [
        repos.presence.heartbeat(room, { viewerId: `v${i}`, userId: null }, at(i % 3 === 0 ? 20 : 40)),
        repos.presence.heartbeat(room, { viewerId: `v${i}`, userId: null }, at(20)),
        repos.presence.heartbeat(room, { viewerId: `w${i % 7}`, userId: null }, at(30 + (i % 4))),
      ]).flat(),
    );
    for (const now of [at(40), at(70), at(85), at(95), at(101)]) {
      expect({ now: now.toISOString(), n: (await repos.presence.onlineCounts([room], now)).get(room) }).toEqual({
        now: now.toISOString(),
        n: await counted(now),
      });
    }
    expect((await repos.presence.onlineCounts([room], at(40))).get(room)).toBe(37);
    // Emptied seconds are gone: one row per second someone was last seen in, summing to everyone present.
    const seconds = await database.db.select().from(roomOnlineSeconds).where(eq(roomOnlineSeconds.roomId, room));
    expect(seconds.every((r) => r.viewers > 0)).toBe(true);
    expect(seconds.reduce((n, r) => n + r.viewers, 0)).toBe(37);
    // A viewer removed (retention) leaves the count with them.
    await database.db.delete(roomPresence).where(and(eq(roomPresence.roomId, room), eq(roomPresence.viewerId, 'v1')));
    expect((await repos.presence.onlineCounts([room], at(40))).get(room)).toBe(36);
  });

  test('sessions: created, found with their user, expiry kept', async () => {
    const user = await repos.users.findByUuid('u2');
    const s = await repos.users.createSession(user!.id, TEST_BASE_TIME, 1000);
    const found = await repos.users.findSession(s.token);
    expect(found?.user.employeeId).toBe('E0002');
    expect(found?.session.expiresAt.getTime()).toBe(TEST_BASE_TIME.getTime() + 1000);
    expect(await repos.users.findSession('nope')).toBeNull();
  });

  test('live state of a known and an unknown id', async () => {
    expect(await repos.lives.getState(1, TEST_BASE_TIME)).toMatchObject({ num_index: 1, status: LiveStatus.live });
    expect(await repos.lives.getState(99_999, TEST_BASE_TIME)).toBeNull();
  });
}
