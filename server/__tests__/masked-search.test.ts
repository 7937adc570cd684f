/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { and, eq, isNull, sql } from 'drizzle-orm';

import { maskName } from '../../src/api/contract/mask';
import { mktCustomers, mktMaterials, mktProducts } from '../db/schema';
import { createUsersRepository } from '../repositories/users';
import { createTestApp, type TestApp } from '../test-support/app';
import { mm } from '../test-support/market-map';

// An adviser types a name as the lists show it (胡*秀): every customer search finds that customer.
let t: TestApp;
let sid: string;
let customer: { id: number; name: string };
beforeAll(async () => {
  t = await createTestApp();
  sid = (await createUsersRepository(t.database.db).createSession(1, t.clock.now())).token;
  [customer] = (await t.database.db
    .select({ id: mktCustomers.id, name: mktCustomers.name })
    .from(mktCustomers)
    .where(and(eq(mktCustomers.adviserId, 1), sql`char_length(${mktCustomers.name}) = 3`))
    .orderBy(mktCustomers.id)
    .limit(1)) as [{ id: number; name: string }];
});
afterAll(() => t.close());

const ids = (rows: Array<{ customer: { customer_id: number } }>) => rows.map((r) => r.customer.customer_id);

test('the workbench search, the material recipients and the share recipients all find 胡*秀 as shown', async () => {
  const masked = maskName(customer.name);
  expect(masked).toMatch(/^.\*.$/);
  const found = await mm(t, sid, 'POST', '/search/keyword', { keyword: masked, kinds: ['customer'] });
  expect(found.status).toBe(200);
  expect(found.body.data.customers.map((c: { customer: { customer_id: number } }) => c.customer.customer_id)).toContain(
    customer.id,
  );
  const [material] = await t.database.db
    .select({ id: mktMaterials.id })
    .from(mktMaterials)
    .where(isNull(mktMaterials.ownerAdviserId))
    .limit(1);
  for (const keyword of [masked, customer.name.slice(0, 2)]) {
    const recipients = await mm(t, sid, 'GET', '/chance/file/recipients', { fileId: material!.id, keyword });
    expect([keyword, recipients.status]).toEqual([keyword, 200]);
    expect(ids(recipients.body.data.list)).toContain(customer.id);
  }
  const [product] = await t.database.db
    .select({ id: mktProducts.id })
    .from(mktProducts)
    .where(eq(mktProducts.qualifiedOnly, false))
    .limit(1);
  const share = await mm(t, sid, 'GET', '/share/product/recipients', { product_id: product!.id, keyword: masked });
  expect(share.status).toBe(200);
  expect(ids(share.body.data.list)).toContain(customer.id);
  // A star is one character, not any number: a wrong length finds nobody by that name.
  const wrong = await mm(t, sid, 'GET', '/chance/file/recipients', {
    fileId: material!.id,
    keyword: `${customer.name[0]}**${customer.name[2]}`,
  });
  expect(ids(wrong.body.data.list)).not.toContain(customer.id);
});
