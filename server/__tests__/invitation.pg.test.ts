/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { openFreshPostgres, postgresReachable, TEST_DATABASE_URL } from '../test-support/postgres';
import { invitationContract } from '../test-support/invitation-contract';

const where = new URL(TEST_DATABASE_URL);
const label = `${where.host}${where.pathname}`;
const reachable = postgresReachable();

if (reachable.ok) {
  describe(`invitation rules on PostgreSQL (${label})`, () => {
    invitationContract(openFreshPostgres, '137200');
  });
} else if (process.env.CI === 'true') {
  // In CI the PostgreSQL suite is part of the contract: an unreachable server fails the run.
  test(`PostgreSQL at ${label} is reachable (CI=true)`, () => {
    throw new Error(`PostgreSQL at ${label} is unreachable: ${reachable.reason}. Set TEST_DATABASE_URL or start the server.`);
  });
} else {
  console.warn(
    `\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n` +
      `!! PostgreSQL at ${label} is unreachable (${reachable.reason}).\n` +
      `!! The PostgreSQL invitation suite is SKIPPED. Set TEST_DATABASE_URL to run it.\n` +
      `!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n`,
  );
  test.skip(`PostgreSQL invitation suite: SKIPPED, server at ${label} unreachable`, () => {});
}
