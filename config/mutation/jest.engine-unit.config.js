// The card engine's rules, score and partitions and the invitation's fraud rules, with the suites that call them
// directly: no server and no seeded template, so a mutant costs seconds, not the minutes of a server on PGlite.
// Same transform and setup as the `server` project of jest.config.js.
const server = require('./jest.server.config.js');

/** @type {import('jest').Config} */
module.exports = {
  ...server,
  globalSetup: undefined,
  testMatch: [
    '<rootDir>/server/marketing/__tests__/rules.test.ts',
    '<rootDir>/server/marketing/__tests__/score.test.ts',
    '<rootDir>/server/marketing/__tests__/partitions.test.ts',
    '<rootDir>/server/plugins/services/invitation/__tests__/fraud.test.ts',
  ],
};
