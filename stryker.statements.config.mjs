// Mutation testing of the card engine's statements (stacking, product events, the daily cap, waking snoozes) against
// their own suite (config/mutation/jest.statements.config.js). The passes that call them: stryker.engine.config.mjs.
import engine from './stryker.engine.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...engine,
  jest: { ...engine.jest, configFile: 'config/mutation/jest.statements.config.js' },
  timeoutMS: 30_000,
  mutate: ['server/marketing/stack.ts', 'server/marketing/daily-cap.ts', 'server/marketing/product-cards.ts'],
  jsonReporter: { fileName: 'reports/mutation/statements.json' },
};
