/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { describeOnPostgres, openFreshPostgres } from '../test-support/postgres';
import { marketingContract } from '../test-support/marketing-contract';

describeOnPostgres('card engine', () => {
  marketingContract(openFreshPostgres);
});
