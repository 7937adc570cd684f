/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { openTestDatabase } from '../test-support/database';
import { presenceContract } from '../test-support/presence-contract';

describe('presence in the database alone (one server, PGlite)', () => {
  presenceContract(async () => {
    const database = await openTestDatabase();
    return { database, redis: null, close: () => database.close() };
  });
});
