/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { describeOnPostgres, openFreshPostgres } from '../test-support/postgres';
import { productsContract } from '../test-support/products-contract';

describeOnPostgres('workbench product endpoints', () => {
  productsContract(() => openFreshPostgres());
});
