// The card engine's passes (engine.ts), with the suites written for them: the engine's contract and the
// scheduled pass's partitions, on PostgreSQL (the same contract passes on PGlite in `npm test`; PostgreSQL opens in a
// tenth of the time). No global setup: it spends half a minute checking the seeded templates, once per mutant, and
// the suites build what is missing themselves. Under per-test coverage Stryker runs only the tests that reach a mutant.
const server = require('./jest.server.config.js');

/** @type {import('jest').Config} */
module.exports = {
  ...server,
  globalSetup: undefined,
  testMatch: [
    '<rootDir>/server/__tests__/marketing.pg.test.ts',
    '<rootDir>/server/__tests__/card-pass-partitions.pg.test.ts',
  ],
};
