/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { cardStackContract } from '../test-support/card-stack-contract';
import { openTestDatabase } from '../test-support/database';

describe('the card engine’s statements on PGlite', () => {
  cardStackContract(openTestDatabase);
});
