import { Redis } from 'ioredis';

/**
 * The Redis that several servers behind one address share (REDIS_URL): signature nonces and
 * rate-limit counters live there, under one key prefix per deployment (REDIS_PREFIX), so
 * staging and production, or two test runs, can share a Redis without meeting.
 */
export interface SharedRedis {
  client: Redis;
  prefix: string;
}

export const DEFAULT_REDIS_PREFIX = 'wealth-live:';

/** Connects and pings: an unreachable Redis fails the start, not the first request. */
export async function openRedis(url: string, prefix = DEFAULT_REDIS_PREFIX): Promise<SharedRedis> {
  // Auto-pipelining: the commands of concurrent requests (nonce claims, heartbeats, counts) made in one tick leave
  // in one write; on a busy server the socket writes, not Redis, were the cost.
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    enableAutoPipelining: true,
  });
  try {
    await client.connect();
    await client.ping();
  } catch (err) {
    client.disconnect();
    throw new Error(`REDIS_URL ${redactUrl(url)} is unreachable: ${err instanceof Error ? err.message : String(err)}`);
  }
  return { client, prefix };
}

/** For messages: the address without its password. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'redis://…';
  }
}
