import { createRequire } from 'node:module';
import * as pglite from '@electric-sql/pglite';
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import * as cookie from 'cookie';
import NodeEnvironment from 'jest-environment-node';

import { HOSTED_PGLITE } from '../db/hosted-pglite';

/** Where this environment leaves `cookie` (see test-support/app.ts). */
export const HOSTED_COOKIE = Symbol.for('wealth-live.hosted-cookie');

/**
 * jest's node environment plus two modules loaded by Node itself, outside jest's module
 * sandbox, which on Node 20 cannot run them: PGlite starts with dynamic import() (needs
 * --experimental-vm-modules there), and cookie 2 (behind fastify's inject) is ES-module only.
 * Use with the docblock `@jest-environment ./server/test-support/jest-environment.ts`.
 */
class ServerTestEnvironment extends NodeEnvironment {
  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    const global = this.global as unknown as Record<symbol, unknown>;
    global[HOSTED_PGLITE] = pglite;
    global[HOSTED_COOKIE] = cookie;
  }
}

/**
 * A file's docblock environment wins over the config's, so under mutation testing (a Stryker worker) this one must
 * itself report which tests reach each mutant; Stryker then runs only those tests for it.
 */
const strykerMixin = (): ((env: typeof ServerTestEnvironment) => typeof ServerTestEnvironment) =>
  createRequire(__filename)('@stryker-mutator/jest-runner').mixinJestEnvironment;

export default process.env.STRYKER_MUTATOR_WORKER ? strykerMixin()(ServerTestEnvironment) : ServerTestEnvironment;
