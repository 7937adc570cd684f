/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { openTestDatabase } from '../test-support/database';
import { repositoryContract } from '../test-support/repository-contract';

describe('repositories on PGlite', () => {
  repositoryContract(openTestDatabase);
});
