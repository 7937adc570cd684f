/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { actionLogSearchContract } from '../test-support/action-log-search-contract';
import { describeOnPostgres, openFreshPostgres } from '../test-support/postgres';

describeOnPostgres('action-log search on PostgreSQL', () => {
  actionLogSearchContract(openFreshPostgres);
});
