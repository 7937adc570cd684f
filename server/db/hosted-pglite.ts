/** Where a test environment leaves a PGlite module loaded outside jest's sandbox (see test-support/jest-environment.ts). */
export const HOSTED_PGLITE = Symbol.for('wealth-live.hosted-pglite');
