// Mutation testing of the card engine's passes against the engine's own suites (config/mutation/jest.engine.config.js):
// its contract and the scheduled pass. The statements the passes call have their own: stryker.statements.config.mjs.
import client from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...client,
  jest: { projectType: 'custom', configFile: 'config/mutation/jest.engine.config.js', enableFindRelatedTests: true },
  // One runner: the suites share one PostgreSQL server.
  concurrency: 1,
  timeoutMS: 60_000,
  // The rules, the partitions and the invitation's fraud rules are measured without a server:
  // stryker.rules.config.mjs. What is left here is only reached through the server's passes.
  mutate: ['server/marketing/engine.ts'],
  jsonReporter: { fileName: 'reports/mutation/engine.json' },
};
