/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { openTestDatabase } from '../test-support/database';
import { invitationContract } from '../test-support/invitation-contract';

describe('invitation rules on PGlite', () => {
  invitationContract(openTestDatabase, '137100');
});
