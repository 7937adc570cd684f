/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { mktCustomers } from '../db/schema';
import { totalAssets } from '../marketing/valuation';
import { customerAum } from '../repositories/marketing-customer';
import { createTestApp, type TestApp } from '../test-support/app';

/** 总资产 and 持仓市值 come from one valuation date, and the total is never below the holdings. */
jest.setTimeout(300_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('total assets = holdings at market + what of the recorded AUM is not in a holding, never below the holdings', () => {
  expect(totalAssets(1_000_000, 900_000, 950_000)).toBe(1_050_000);
  // Holdings grown past the recorded (cost) AUM: the total follows them.
  expect(totalAssets(28_881_800, 28_881_800, 28_900_000)).toBe(28_900_000);
  expect(totalAssets(0, 0, 0)).toBe(0);
});

test('every seeded customer: 总资产 ≥ 持仓市值, both as of the same valuation date', async () => {
  const customers = await t.database.db.select().from(mktCustomers);
  expect(customers.length).toBeGreaterThan(400);
  const below: number[] = [];
  for (const c of customers) {
    const a = await customerAum(t.database.db, c, t.clock.now());
    if (a.aum < a.holdings_value) below.push(c.id);
    if (a.holdings_value > 0) expect(a.as_of).not.toBeNull();
  }
  expect(below).toEqual([]);
});
