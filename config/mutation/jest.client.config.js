// The unit tests that exercise the client's domain core, alone, so each mutant runs in seconds.
// Same transform, environment and setup as the `unit` project of jest.config.js.
const { projects } = require('../../jest.config.js');

const unit = projects.find((p) => p.displayName === 'unit');
// A single config, not a project: no display name.
const rest = { ...unit };
delete rest.displayName;

/** @type {import('jest').Config} */
module.exports = {
  ...rest,
  rootDir: '../..',
  testMatch: [
    '<rootDir>/src/lib/__tests__/validators.test.ts',
    '<rootDir>/src/lib/content-policy/__tests__/*.test.ts',
    '<rootDir>/src/features/action-log/__tests__/*.test.ts',
    '<rootDir>/src/app/__tests__/spec-numbers.test.ts',
    '<rootDir>/src/features/session/__tests__/*.test.ts',
  ],
};
