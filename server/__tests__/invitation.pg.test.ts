/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { describeOnPostgres, openFreshPostgres } from '../test-support/postgres';
import { invitationContract } from '../test-support/invitation-contract';

describeOnPostgres('invitation rules', () => {
  invitationContract(openFreshPostgres, '137200');
});
