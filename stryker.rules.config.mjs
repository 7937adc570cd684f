// Mutation testing of the card engine's rules, score and partitions and the invitation's fraud rules against suites that
// call them directly (config/mutation/jest.engine-unit.config.js): no server per mutant. The engine's passes,
// stacking and daily cap are only reached through the server: stryker.engine.config.mjs.
import client from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...client,
  jest: {
    projectType: 'custom',
    configFile: 'config/mutation/jest.engine-unit.config.js',
    enableFindRelatedTests: true,
  },
  concurrency: 1,
  mutate: [
    'server/marketing/rules.ts',
    'server/marketing/score.ts',
    'server/marketing/partitions.ts',
    'server/plugins/services/invitation/fraud.ts',
  ],
  jsonReporter: { fileName: 'reports/mutation/rules.json' },
};
