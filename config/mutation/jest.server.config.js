// The server suites that exercise the server's domain core, alone: the card engine and its rules,
// suitability and the forward decision, the content policy, note redaction and the invitation
// fraud rules. Same transform and setup as the `server` project of jest.config.js.
const path = require('node:path');

const { projects } = require('../../jest.config.js');

const server = projects.find((p) => p.displayName === 'server');
// A single config, not a project: no display name.
const rest = { ...server };
delete rest.displayName;

/** @type {import('jest').Config} */
module.exports = {
  ...rest,
  rootDir: '../..',
  // A path, not <rootDir>: Stryker's environment wrapper requires it as it is.
  testEnvironment: path.join(__dirname, 'server-environment.cjs'),
  testMatch: [
    '<rootDir>/server/__tests__/marketing.pglite.test.ts',
    '<rootDir>/server/__tests__/card-pass.test.ts',
    '<rootDir>/server/__tests__/market-map.test.ts',
    '<rootDir>/server/__tests__/market-map-customer.test.ts',
    '<rootDir>/server/materials/__tests__/*.test.ts',
    '<rootDir>/server/__tests__/suitability-paths.test.ts',
    '<rootDir>/server/__tests__/content-policy.test.ts',
    '<rootDir>/server/policy/__tests__/*.test.ts',
    '<rootDir>/server/security/__tests__/*.test.ts',
    '<rootDir>/server/__tests__/invitation.pglite.test.ts',
    '<rootDir>/server/__tests__/action-logs*.test.ts',
  ],
};
