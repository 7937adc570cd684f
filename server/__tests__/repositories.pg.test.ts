/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { describeOnPostgres, openFreshPostgres } from '../test-support/postgres';
import { repositoryContract } from '../test-support/repository-contract';

describeOnPostgres('repositories', () => {
  repositoryContract(openFreshPostgres);
});
