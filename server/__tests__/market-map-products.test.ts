/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { productsContract } from '../test-support/products-contract';

describe('product endpoints on PGlite (seeded template)', () => {
  productsContract();
});
