/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { marketingContract } from '../test-support/marketing-contract';
import { describeOnPostgres, openFreshPostgres } from '../test-support/postgres';

describeOnPostgres('card engine', () => {
  marketingContract(openFreshPostgres);
});
