/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { invitationContract } from '../test-support/invitation-contract';
import { describeOnPostgres, openFreshPostgres } from '../test-support/postgres';

describeOnPostgres('invitation rules', () => {
  invitationContract(openFreshPostgres, '137200');
});
