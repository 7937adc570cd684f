/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { cardStackContract } from '../test-support/card-stack-contract';
import { describeOnPostgres, openFreshPostgres } from '../test-support/postgres';

describeOnPostgres('the card engine’s statements', () => {
  cardStackContract(openFreshPostgres);
});
