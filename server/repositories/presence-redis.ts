import { ONLINE_WINDOW_SECONDS } from '../../src/api/contract/chat-room';
import type { SharedRedis } from '../redis';
import { onlineAfterSecond, type PresenceStore } from './presence';

/**
 * How long a viewer stays in a room's set after their last heartbeat, and how long an idle room's key lives: two
 * windows, so a count asked by a server whose clock lags another's a little is still the database's answer.
 */
const REDIS_PRESENCE_KEEP_MS = 2 * ONLINE_WINDOW_SECONDS * 1000;

/** A room's key: one sorted set, member the viewer id, score the last heartbeat in ms. */
const presenceKey = (prefix: string, roomId: string) => `${prefix}presence:${roomId}`;

/**
 * Presence for several servers (REDIS_URL): the online count lives in Redis, one sorted set per room, so a heartbeat
 * is one round trip that writes no database row and a count is one ZCOUNT (O(log n), no row per viewer or second
 * read). What advisers' sales signals need still reaches the database: a signed-in viewer's heartbeat is written
 * there as before (the live-to-card scan reads room_presence.user_id). A guest's (`anon:`) never is, so a guest
 * can reach a card no more than before.
 * Online means what the database's count means (onlineAfterSecond): a last heartbeat in a whole second after the
 * window's start, so the first millisecond counted is the start of the next second.
 */
export function createRedisPresence(redis: SharedRedis, database: PresenceStore): PresenceStore {
  const { client, prefix } = redis;
  return {
    async heartbeat(roomId, viewer, now) {
      const key = presenceKey(prefix, roomId);
      const t = now.getTime();
      // GT: a late heartbeat never moves a viewer back (the database's greatest()); trimming rides along.
      const beat = client
        .multi()
        .zadd(key, 'GT', t, viewer.viewerId)
        .zremrangebyscore(key, '-inf', `(${t - REDIS_PRESENCE_KEEP_MS}`)
        .pexpire(key, REDIS_PRESENCE_KEEP_MS)
        .exec()
        .then((replies) => {
          const failed = replies?.find(([err]) => err)?.[0];
          if (failed) throw failed;
        });
      if (viewer.userId === null) return beat;
      await Promise.all([beat, database.heartbeat(roomId, viewer, now)]);
    },

    async onlineCounts(roomIds, now) {
      const out = new Map(roomIds.map((id) => [id, 0]));
      if (roomIds.length === 0) return out;
      const from = (onlineAfterSecond(now) + 1) * 1000;
      const pipe = client.pipeline();
      for (const id of roomIds) pipe.zcount(presenceKey(prefix, id), from, '+inf');
      const replies = (await pipe.exec()) ?? [];
      replies.forEach(([err, n], i) => {
        if (err) throw err;
        out.set(roomIds[i]!, Number(n));
      });
      return out;
    },
  };
}
