// The server's pure core (suitability, the forward decision, the content policy, article and note
// redaction) with the unit suites that call it directly: no server, no database, so a mutant costs
// a second or two. Same transform and setup as the `server` project of jest.config.js.
const server = require('./jest.server.config.js');

/** @type {import('jest').Config} */
module.exports = {
  ...server,
  // No database here: the seeded templates' global setup would cost each mutant's run a minute.
  globalSetup: undefined,
  testMatch: [
    '<rootDir>/server/materials/__tests__/suitability.test.ts',
    '<rootDir>/server/materials/__tests__/forward-decision.test.ts',
    '<rootDir>/server/policy/__tests__/*.test.ts',
    '<rootDir>/server/security/__tests__/*.test.ts',
  ],
};
