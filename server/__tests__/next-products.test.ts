/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { and, eq, inArray } from 'drizzle-orm';

import { mktCards, mktCustomers, mktHoldings, mktMaterials } from '../db/schema';
import { createUsersRepository } from '../repositories/users';
import { createTestApp, type TestApp } from '../test-support/app';
import { mm } from '../test-support/market-map';

/** Every seeded open card gets up to three suitable products, each with an approved material, or one sentence why not. */
jest.setTimeout(180_000);

let t: TestApp;
const sids = new Map<number, string>();
beforeAll(async () => {
  t = await createTestApp();
  const users = createUsersRepository(t.database.db);
  for (const id of [1, 2]) sids.set(id, (await users.createSession(id, t.clock.now())).token);
});
afterAll(() => t.close());

test('every open card of the seed: ≥ 1 product with an approved material, or a reason sentence', async () => {
  const cards = await t.database.db
    .select({ id: mktCards.id, adviserId: mktCards.adviserId, customer: mktCustomers })
    .from(mktCards)
    .innerJoin(mktCustomers, eq(mktCustomers.id, mktCards.customerId))
    .where(and(inArray(mktCards.adviserId, [1, 2]), inArray(mktCards.state, ['new', 'viewed', 'handling'])));
  expect(cards.length).toBeGreaterThan(100);
  const materials = new Map((await t.database.db.select().from(mktMaterials)).map((m) => [m.id, m]));
  const why = new Map<string, number>();
  let suggested = 0;
  for (const card of cards) {
    const r = await mm(t, sids.get(card.adviserId)!, 'GET', '/chance-card/next-products', { card_id: card.id });
    expect(r.status).toBe(200);
    const d = r.body.data;
    if (d.items.length === 0) {
      expect(d.none_reason).toMatch(/^[^\n]{6,80}$/);
      why.set(d.none_reason, (why.get(d.none_reason) ?? 0) + 1);
      continue;
    }
    suggested += 1;
    expect(d.none_reason).toBeNull();
    expect(d.items.length).toBeLessThanOrEqual(3);
    const held = await t.database.db
      .select({ id: mktHoldings.productId })
      .from(mktHoldings)
      .where(eq(mktHoldings.customerId, card.customer.id));
    for (const item of d.items) {
      expect(held.map((h) => h.id)).not.toContain(item.product.product_id);
      expect(Number(item.product.risk_level[1])).toBeLessThanOrEqual(Number(card.customer.riskLevel![1]));
      if (!card.customer.qualified) expect(item.product.kind).not.toBe('private_fund');
      expect(item.reason).toMatch(/^信号：.+；匹配：.+；风险：R\d 不高于客户 C\d$/);
      const m = materials.get(item.material.material_id)!;
      expect(m.reviewNo).toBe(item.material.review_no);
      expect(m.validFrom.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
      expect(m.validUntil.getTime()).toBeGreaterThan(t.clock.now().getTime());
    }
  }
  // Most cards get a product: a reason sentence is the exception, not the rule.
  expect(suggested).toBeGreaterThan(cards.length / 2);
});
