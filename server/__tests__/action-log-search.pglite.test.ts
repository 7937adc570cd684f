/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { actionLogSearchContract } from '../test-support/action-log-search-contract';
import { openTestDatabase } from '../test-support/database';

describe('action-log search on PGlite', () => {
  actionLogSearchContract(openTestDatabase);
});
