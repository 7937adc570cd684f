// Stryker's per-test coverage wraps the test environment and loads it with a plain require,
// which cannot read the TypeScript of server/test-support/jest-environment.ts: tsx reads it here.
const { require: tsxRequire } = require('tsx/cjs/api');

const environment = tsxRequire('../../server/test-support/jest-environment.ts', __filename);
module.exports = environment.default ?? environment;
