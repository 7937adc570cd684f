/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { openRedis } from '../redis';
import { openFreshPostgres, postgresReachable, TEST_DATABASE_URL } from '../test-support/postgres';
import { presenceContract } from '../test-support/presence-contract';
import { redisReachable, TEST_REDIS_URL } from '../test-support/redis';

const pg = postgresReachable();
const redis = redisReachable();

if (pg.ok && redis.ok) {
  describe('presence in Redis (several servers, PostgreSQL + Redis)', () => {
    presenceContract(async () => {
      const database = await openFreshPostgres(TEST_DATABASE_URL, { prefix: 'presence_test' });
      const shared = await openRedis(
        TEST_REDIS_URL,
        `test-presence-${process.pid}-${Math.random().toString(36).slice(2, 8)}:`,
      );
      return {
        database,
        redis: shared,
        close: async () => {
          const keys = await shared.client.keys(`${shared.prefix}*`);
          if (keys.length) await shared.client.del(...keys);
          shared.client.disconnect();
          await database.close();
        },
      };
    });
  });
} else if (process.env.CI === 'true') {
  test('PostgreSQL and Redis are reachable (CI=true)', () => {
    throw new Error(`presence suite needs PostgreSQL (${pg.reason || 'ok'}) and Redis (${redis.reason || 'ok'})`);
  });
} else {
  console.warn(
    `presence-in-Redis suite SKIPPED: PostgreSQL ${pg.ok ? 'ok' : pg.reason}, Redis ${redis.ok ? 'ok' : redis.reason}`,
  );
  test.skip('presence in Redis: SKIPPED (PostgreSQL or Redis unreachable)', () => {});
}
