import { and, eq, isNotNull } from 'drizzle-orm';

import { LiveStatus } from '../../src/api/contract/lives';
import type { Database } from '../db/client';
import { roomPresence } from '../db/schema';
import type { SharedRedis } from '../redis';
import { createRepositories, type Repositories } from '../repositories';
import { TEST_BASE_TIME } from './database';

export interface PresenceBackend {
  database: Database;
  /** Null: presence in the database alone (one server); else in Redis (several). */
  redis: SharedRedis | null;
  close(): Promise<void>;
}

/**
 * What presence means, whoever keeps it: run on PGlite alone and on PostgreSQL + Redis, so that one server and
 * several count the same viewers. Two repository sets on one backend stand for two servers.
 */
export function presenceContract(open: () => Promise<PresenceBackend>): void {
  let backend: PresenceBackend;
  let a: Repositories;
  let b: Repositories;
  beforeAll(async () => {
    backend = await open();
    a = createRepositories(backend.database.db, backend.redis);
    b = createRepositories(backend.database.db, backend.redis);
    // A fresh PostgreSQL database copied from the template takes long on a loaded machine.
  }, 120_000);
  afterAll(() => backend?.close());

  const at = (ms: number) => new Date(TEST_BASE_TIME.getTime() + ms);
  const guest = (id: string) => ({ viewerId: `anon:${id}`, userId: null });
  const count = async (repos: Repositories, room: string, now: Date) =>
    (await repos.presence.onlineCounts([room], now)).get(room);

  test('online means a last heartbeat in a whole second inside the last 60, on either server', async () => {
    const room = 'room-presence-window';
    // Half a second into the base second: still counted 59.999 s later, gone at 60 s (whole seconds).
    await a.presence.heartbeat(room, guest('w1'), at(500));
    expect(await count(b, room, at(500))).toBe(1);
    expect(await count(b, room, at(59_999))).toBe(1);
    expect(await count(b, room, at(60_000))).toBe(0);
    // A heartbeat at the second's last millisecond lives no longer than one at its first.
    await b.presence.heartbeat(room, guest('w2'), at(1_999));
    await b.presence.heartbeat(room, guest('w3'), at(1_000));
    expect(await count(a, room, at(60_999))).toBe(2);
    expect(await count(a, room, at(61_000))).toBe(0);
  });

  test('one viewer counts once; a late heartbeat never moves them back; rooms apart; nobody answers 0', async () => {
    const room = 'room-presence-once';
    await a.presence.heartbeat(room, guest('x'), at(30_000));
    await b.presence.heartbeat(room, guest('x'), at(0));
    await b.presence.heartbeat(room, guest('x'), at(10_000));
    await a.presence.heartbeat('room-presence-other', guest('x'), at(0));
    const counts = await b.presence.onlineCounts([room, 'room-presence-other', 'room-presence-none'], at(80_000));
    expect(Object.fromEntries(counts)).toEqual({ [room]: 1, 'room-presence-other': 0, 'room-presence-none': 0 });
    expect((await a.presence.onlineCounts([], at(0))).size).toBe(0);
  });

  test('counts stay exact under concurrent heartbeats on two servers: joins, retries, moves forward, late beats', async () => {
    const room = 'room-presence-conc';
    const s = (n: number) => at(n * 1000);
    await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => a.presence.heartbeat(room, guest(`v${i}`), s(0))),
      ...Array.from({ length: 10 }, (_, i) => b.presence.heartbeat(room, guest(`v${i}`), s(0))),
    ]);
    // Every third viewer beats at 20 s twice; the others at 40 s and, late, at 20 s; seven more join at 30-33 s.
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => [
        a.presence.heartbeat(room, guest(`v${i}`), s(i % 3 === 0 ? 20 : 40)),
        b.presence.heartbeat(room, guest(`v${i}`), s(20)),
        (i % 2 ? a : b).presence.heartbeat(room, guest(`w${i % 7}`), s(30 + (i % 4))),
      ]).flat(),
    );
    const seen = [];
    for (const n of [40, 85, 95, 101]) seen.push([n, await count(n % 2 ? a : b, room, s(n))]);
    expect(seen).toEqual([
      [40, 37],
      [85, 27],
      [95, 20],
      [101, 0],
    ]);
  });

  test('the live list, a live item and its state say what the room poll says', async () => {
    const now = TEST_BASE_TIME;
    const query = { categoryId: 32, employeeId: 'E0001', now, endedSince: null, page: 1, pageSize: 50 };
    const { items } = await a.lives.listByCategory(query);
    const live = items.find((i) => i.status === LiveStatus.live)!;
    const before = await count(a, live.room_id, now);
    for (const v of ['l1', 'l2', 'l3']) await b.presence.heartbeat(live.room_id, guest(v), now);
    expect(await count(a, live.room_id, now)).toBe(before! + 3);
    // Twice: the first read fills the page kept per process, the second answers from it.
    for (let i = 0; i < 2; i += 1) {
      const listed = (await a.lives.listByCategory(query)).items.find((x) => x.num_index === live.num_index);
      expect(listed?.onlines).toBe(before! + 3);
    }
    expect((await a.lives.getItem(live.num_index, 'E0001', now))?.onlines).toBe(before! + 3);
    expect((await a.lives.getState(live.num_index, now))?.onlines).toBe(before! + 3);
    // Not on: nobody is counted, whatever heartbeats say.
    const upcoming = items.find((i) => i.status === LiveStatus.upcoming)!;
    await b.presence.heartbeat(upcoming.room_id, guest('l4'), now);
    expect((await a.lives.getState(upcoming.num_index, now))?.onlines).toBe(0);
  });

  test('a signed-in viewer reaches the database with their user (sales signals); a guest never does', async () => {
    const room = 'room-presence-signals';
    const customer = await a.users.findByUuid('u4');
    await a.presence.heartbeat(room, { viewerId: customer!.employeeId, userId: customer!.id }, at(0));
    await b.presence.heartbeat(room, guest('g1'), at(0));
    await a.presence.heartbeat(room, { viewerId: customer!.employeeId, userId: customer!.id }, at(30_000));
    expect(await count(b, room, at(30_000))).toBe(2);
    const signed = await backend.database.db
      .select({ viewerId: roomPresence.viewerId, userId: roomPresence.userId, lastSeenAt: roomPresence.lastSeenAt })
      .from(roomPresence)
      .where(and(eq(roomPresence.roomId, room), isNotNull(roomPresence.userId)));
    expect(signed).toEqual([{ viewerId: customer!.employeeId, userId: customer!.id, lastSeenAt: at(30_000) }]);
    const rows = await backend.database.db.select().from(roomPresence).where(eq(roomPresence.roomId, room));
    // With Redis a guest's heartbeat writes no row at all; alone, the database keeps it without a user.
    expect(rows.length).toBe(backend.redis ? 1 : 2);
  });
}
