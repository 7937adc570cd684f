// Mutation testing of the card engine, its rules and the invitation's fraud rules. Their suites start
// the server on PGlite, so a mutant costs seconds, not milliseconds: run one file (or a line range,
// `--mutate server/marketing/engine.ts:248-262`) at a time while working.
import client from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...client,
  jest: { projectType: 'custom', configFile: 'config/mutation/jest.server.config.js', enableFindRelatedTests: true },
  // One runner: each one holds a PGlite database and a server.
  concurrency: 1,
  timeoutMS: 60_000,
  mutate: [
    'server/marketing/engine.ts',
    // The engine's set-based stacking and daily cap, and the partitions of a shared pass.
    'server/marketing/stack.ts',
    'server/marketing/daily-cap.ts',
    'server/marketing/partitions.ts',
    'server/marketing/rules.ts',
    // The invitation's fraud rules (self-referral, registrations per address and per inviter)
    // live in its registration route.
    'server/plugins/services/invitation.ts',
  ],
  jsonReporter: { fileName: 'reports/mutation/engine.json' },
};
