// Mutation testing of the client's domain core (validators, the content policy, action-log
// redaction, the session flow and share sagas). The server's core has its own config
// (stryker.server.config.mjs) because its tests need the server's jest environment.
// `npm run mutation` runs both; `--mutate <path>` narrows a run while working.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'jest',
  jest: { projectType: 'custom', configFile: 'config/mutation/jest.client.config.js', enableFindRelatedTests: true },
  coverageAnalysis: 'perTest',
  // babel-jest checks no types, and the header Stryker would add changes the generated t2s.ts that a
  // test compares byte for byte with what its generator writes.
  disableTypeChecks: false,
  // The machine is shared: one or two jest workers, never more.
  concurrency: 2,
  mutate: [
    'src/lib/validators.ts',
    'src/lib/content-policy/index.ts',
    'src/lib/content-policy/match.ts',
    'src/lib/content-policy/numbers.ts',
    'src/features/action-log/redact.ts',
    'src/features/session/store/flow-sagas.ts',
    'src/features/session/store/share-saga.ts',
  ],
  ignorePatterns: ['dist', 'coverage', '.data', 'test-results', 'reports', '__tests__/e2e', 'public'],
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/client.json' },
  thresholds: { high: 90, low: 80, break: 80 },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
