/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { and, desc, eq } from 'drizzle-orm';

import { StoreErrorCode } from '../../src/api/contract/store-constants';
import { complianceEvents, mktCustomers, mktProducts, storeProducts, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test-support/app';
import { sessionTokenFor } from '../test-support/session';
import { signRequest } from '../test-support/sign';

/**
 * Private funds: the qualified-investor declaration is held against the rule (financial assets >= 3,000,000
 * yuan, or three-year average income >= 500,000), recorded with time and basis; the reader's assessed risk
 * level (current) must cover the product master's level; 我不符合 is recorded; a ticked box alone opens nothing.
 */
let t: TestApp;
const S = '/smart-live/smart-service/api/store';
const DAY = 86_400_000;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test checks the fields it reads
type Answer = { error: { code: number; message: string }; data: any };
async function call(
  method: 'GET' | 'POST',
  url: string,
  as: string,
  opts: { body?: unknown; query?: Record<string, string> } = {},
) {
  const headers = { authorization: `Bearer ${await sessionTokenFor(t.database, as, t.clock.now())}` };
  const res = await t.app.inject(
    signRequest(
      { method, url: `${S}/${url}`, body: opts.body, query: opts.query, headers },
      { scheme: 'basic', now: t.clock.now() },
    ),
  );
  return { status: res.statusCode, json: res.json() as Answer };
}
const contract = (id: number, as: string) => call('GET', 'private_contract', as, { query: { product_id: String(id) } });
const confirm = (id: number, as: string, basis: 'assets' | 'income', amount: number) =>
  call('POST', 'qualified_confirm', as, { body: { product_id: id, basis, amount, risk_acknowledged: true } });

let r4Private = 0; // 星辰量化中性1号私募, R4 in the master
let r5Private = 0; // 恒信股票多头私募, R5
const userId = async (uuid: string) => (await t.database.db.select().from(users).where(eq(users.uuid, uuid)))[0]!.id;
async function assess(uuid: string, level: 'C1' | 'C2' | 'C3' | 'C4' | 'C5' | null, expiresInDays = 100) {
  const id = await userId(uuid);
  await t.database.db
    .update(mktCustomers)
    .set({
      riskLevel: level,
      riskExpiresAt: level ? new Date(t.clock.now().getTime() + expiresInDays * DAY) : null,
      qualified: false,
    })
    .where(eq(mktCustomers.userId, id));
}

beforeAll(async () => {
  t = await createTestApp();
  const byName = async (name: string) =>
    (await t.database.db.select().from(storeProducts).where(eq(storeProducts.name, name)))[0]!.id;
  r4Private = await byName('星辰量化中性1号私募');
  r5Private = await byName('恒信股票多头私募');
}, 120_000);
afterAll(() => t.close());

describe('qualified-investor confirmation by the rule', () => {
  test.each([
    ['assets', 2_999_999, false],
    ['assets', 3_000_000, true],
    ['income', 499_999, false],
    ['income', 500_000, true],
  ] as const)('%s declared at %d yuan: qualified %s', async (basis, amount, ok) => {
    await assess('u5', 'C5');
    const r = await confirm(r4Private, 'u5', basis, amount);
    if (ok) {
      expect(r.status).toBe(200);
      expect(r.json.data).toMatchObject({
        confirmed: true,
        basis,
        declared_amount: amount,
        confirmed_at: t.clock.now().getTime(),
      });
    } else {
      expect([r.status, r.json.error.code]).toEqual([400, StoreErrorCode.notQualified]);
      expect(r.json.error.message).toContain('金融资产不低于300万元，或最近三年个人年均收入不低于50万元');
    }
    const [last] = await t.database.db
      .select()
      .from(complianceEvents)
      .where(eq(complianceEvents.kind, 'qualification'))
      .orderBy(desc(complianceEvents.id))
      .limit(1);
    expect(last).toMatchObject({
      actorId: await userId('u5'),
      decision: ok ? 'confirmed' : 'refused',
      at: t.clock.now(),
    });
    expect(last!.detail).toMatchObject({
      basis,
      declared_amount: amount,
      threshold: basis === 'assets' ? 3_000_000 : 500_000,
    });
    const [master] = await t.database.db
      .select()
      .from(mktProducts)
      .where(
        eq(
          mktProducts.code,
          (await t.database.db.select().from(storeProducts).where(eq(storeProducts.id, r4Private)))[0]!.code,
        ),
      );
    expect(last!.productId).toBe(master!.id);
  });

  test('a confirmation also marks the reader qualified on their customer record (what the workbench reads)', async () => {
    await assess('u6', 'C5');
    expect((await confirm(r4Private, 'u6', 'assets', 5_000_000)).status).toBe(200);
    const [c] = await t.database.db
      .select()
      .from(mktCustomers)
      .where(eq(mktCustomers.userId, await userId('u6')));
    expect(c).toMatchObject({ qualified: true, qualifiedAt: t.clock.now() });
  });
});

describe('the server compares the assessed level with the product master level', () => {
  // A reader the fund is not for is told why at the qualified-investor step, and sent nothing naming the fund.
  test('unassessed: told why and how; nothing of the fund, its contract or performance', async () => {
    await assess('u7', null);
    await confirm(r4Private, 'u7', 'assets', 3_000_000);
    const r = await contract(r4Private, 'u7');
    expect(JSON.stringify(r.json)).not.toContain('星辰');
    expect(r.json.data.contract).toBeNull();
    expect(r.json.data.product).toMatchObject({ name: '私募基金', code: '', latest_nav: null, risk_level: 'R4' });
    expect(r.json.data.risk_match).toMatchObject({ status: 'not_assessed', customer_level: null, product_level: 'R4' });
    expect(r.json.data.risk_match.message).toContain('您尚未完成风险测评');
    expect(r.json.data.risk_match.message).toContain('联系您的专属理财师');
    const detail = await call('GET', 'product_detail', 'u7', { query: { product_id: String(r4Private) } });
    expect([detail.status, detail.json.error.message]).toEqual([404, '产品不存在']);
  });

  test('expired the moment it ends; valid just before', async () => {
    await assess('u8', 'C5', 1);
    await confirm(r4Private, 'u8', 'income', 500_000);
    t.clock.advance(DAY - 1000);
    try {
      expect((await contract(r4Private, 'u8')).json.data.risk_match.status).toBe('matched');
      t.clock.advance(1000);
      const r = (await contract(r4Private, 'u8')).json.data;
      expect([r.risk_match.status, r.contract, r.product.name]).toEqual(['expired', null, '私募基金']);
    } finally {
      t.clock.advance(-DAY);
    }
  });

  test("a C4 reader qualified by income sees the R4 fund's contract with the cooling-off period, not the R5 one", async () => {
    await assess('u9', 'C4');
    await confirm(r4Private, 'u9', 'income', 800_000);
    const four = (await contract(r4Private, 'u9')).json.data;
    expect(four.risk_match.status).toBe('matched');
    expect(four.contract.cooling_off_hours).toBe(24);
    expect(four.product.latest_nav).toEqual(expect.any(Number));
    expect(four.product.name).toBe('星辰量化中性1号私募');
    const five = (await contract(r5Private, 'u9')).json.data;
    expect(five.contract).toBeNull();
    expect(five.product).toMatchObject({ name: '私募基金', latest_nav: null });
    expect(five.risk_match).toMatchObject({ status: 'too_low', customer_level: 'C4', product_level: 'R5' });
    expect(five.risk_match.message).toContain('低于本产品风险等级 R5');
    const detail = await call('GET', 'product_detail', 'u9', { query: { product_id: String(r5Private) } });
    expect(detail.status).toBe(404);
  });

  test('我不符合 is recorded for the compliance officer', async () => {
    const r = await call('POST', 'qualified_decline', 'u10', { body: { product_id: r5Private } });
    expect(r.json.data).toEqual({ recorded: true });
    const rows = await t.database.db
      .select()
      .from(complianceEvents)
      .where(and(eq(complianceEvents.kind, 'qualification'), eq(complianceEvents.actorId, await userId('u10'))));
    expect(rows.map((e) => [e.decision, e.reason])).toEqual([['declined', 'SELF_DECLARED_NOT_QUALIFIED']]);
    expect((await call('POST', 'qualified_decline', 'u10', { body: { product_id: 1 } })).status).toBe(404);
  });
});
