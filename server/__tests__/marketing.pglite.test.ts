/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { openTestDatabase } from '../test-support/database';
import { marketingContract } from '../test-support/marketing-contract';

describe('card engine on PGlite', () => {
  marketingContract(openTestDatabase);
});
