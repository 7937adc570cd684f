/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { desc, gt } from 'drizzle-orm';

import { mktCustomers, mktProductCards } from '../db/schema';
import { createEngine } from '../marketing/engine';
import { multiProduct } from '../repositories/marketing-customer';
import { createUsersRepository } from '../repositories/users';
import { createTestApp, type TestApp } from '../test-support/app';
import { mm } from '../test-support/market-map';

/** A product card's holders each show their position, valued as their customer card values it, largest first. */
jest.setTimeout(300_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Holder {
  customer: { customer_id: number };
  amount: number | null;
  nav_day: string | null;
}

test('each holder’s amount is the customer card’s 持仓市值 for that product, on the same NAV day', async () => {
  const db = t.database.db;
  let [card] = await db
    .select()
    .from(mktProductCards)
    .where(gt(mktProductCards.holders, 2))
    .orderBy(desc(mktProductCards.holders))
    .limit(1);
  if (!card) {
    await createEngine(db).pass(t.clock.now());
    [card] = await db
      .select()
      .from(mktProductCards)
      .where(gt(mktProductCards.holders, 2))
      .orderBy(desc(mktProductCards.holders))
      .limit(1);
  }
  expect(card).toBeDefined();
  const sid = (await createUsersRepository(db).createSession(card!.adviserId, t.clock.now())).token;
  const res = await mm(t, sid, 'GET', '/product-card/holders', { product_card_id: card!.id });
  expect(res.status).toBe(200);
  const holders = res.body.data.holders as Holder[];
  expect(holders.length).toBe(card!.holders);
  const customers = new Map((await db.select().from(mktCustomers)).map((c) => [c.id, c]));
  let compared = 0;
  for (const h of holders) {
    const shown = await multiProduct(db, customers.get(h.customer.customer_id)!, t.clock.now());
    const position = shown.list.find((p) => p.product.product_id === card!.productId);
    if (!position) {
      expect(h).toMatchObject({ amount: null, nav_day: null });
      continue;
    }
    expect([h.customer.customer_id, h.amount, h.nav_day]).toEqual([
      h.customer.customer_id,
      position.market_value,
      position.nav_day,
    ]);
    compared += 1;
  }
  expect(compared).toBeGreaterThan(2);
  // Largest position first: the adviser calls the customers with most at stake before the others.
  const amounts = holders.map((h) => h.amount ?? -1);
  expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
});
