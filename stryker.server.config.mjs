// Mutation testing of the server's pure core against its unit suites (no server, no database):
// minutes, not hours. The card engine, its rules and the invitation's fraud rules are only reached
// through the server and PGlite: stryker.engine.config.mjs.
import client from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...client,
  jest: {
    projectType: 'custom',
    configFile: 'config/mutation/jest.server-unit.config.js',
    enableFindRelatedTests: true,
  },
  concurrency: 1,
  mutate: [
    'server/suitability/suitability.ts',
    'server/materials/forward-decision.ts',
    'server/policy/content-policy.ts',
    'server/policy/html.ts',
    'server/security/note-redaction.ts',
  ],
  jsonReporter: { fileName: 'reports/mutation/server.json' },
};
