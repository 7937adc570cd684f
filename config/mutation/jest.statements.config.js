// The card engine's statements (stack.ts, product-cards.ts, daily-cap.ts) against the suite written for them, on
// PostgreSQL: a copy of the seeded template and a few seconds a run, where the engine's contract and the
// two-server pass take half a minute for every mutant they reach.
const server = require('./jest.server.config.js');

/** @type {import('jest').Config} */
module.exports = {
  ...server,
  globalSetup: undefined,
  testMatch: ['<rootDir>/server/__tests__/card-stack.pg.test.ts'],
};
