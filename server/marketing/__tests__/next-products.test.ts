import { DAY, LATER as later, NOW, npMaterial as material, npProduct as p } from '../../test-support/next-product';
import { nextBestProducts, type NpsInput } from '../next-products';

const P = {
  money: p(1, 'money_fund', 1),
  money2: p(2, 'money_fund', 1),
  bondR2: p(3, 'bond', 2),
  mixedR3: p(4, 'mixed', 3),
  indexR3: p(5, 'index', 3),
  equityR4: p(6, 'equity', 4),
  privateR3: p(7, 'private_fund', 3),
  noMaterialR3: p(8, 'am_plan', 3),
};
const MATERIALS = Object.values(P)
  .filter((x) => x !== P.noMaterialR3)
  .map((x) => material(100 + x.id, [x]));
const input = (over: Partial<NpsInput> = {}): NpsInput => ({
  adviserId: 1,
  customer: { id: 20, riskLevel: 'C3', riskExpiresAt: later, qualified: false },
  signal: '转入 ¥251,500',
  reasons: [{ categoryId: 1, productId: null }],
  held: [],
  products: Object.values(P),
  materials: MATERIALS,
  now: NOW,
  ...over,
});
const items = (r: ReturnType<typeof nextBestProducts>) => {
  if (r.kind !== 'suggested') throw new Error(`expected products, got: ${r.text}`);
  return r.items;
};

describe('next best products', () => {
  it('up to three suitable products not held, each with its material and a reason naming signal, fit and risk', () => {
    const got = items(nextBestProducts(input({ held: [P.bondR2] })));
    expect(got.map((i) => i.product.id)).toEqual([P.money.id, P.money2.id, P.mixedR3.id]);
    for (const i of got) {
      expect(i.material.products.map((x) => x.id)).toContain(i.product.id);
      expect(Number(i.product.riskLevel[1])).toBeLessThanOrEqual(3);
    }
    expect(got[0]!.text).toBe('信号：转入 ¥251,500；匹配：补足持仓中缺少的货币基金；风险：R1 不高于客户 C3');
  });

  it('never a private fund for an unqualified customer, never a product without an approved material', () => {
    const all = items(nextBestProducts(input({ held: [P.money, P.money2, P.bondR2, P.mixedR3] })));
    expect(all.map((i) => i.product.id)).toEqual([P.indexR3.id]);
    const unreviewed = MATERIALS.map((m) => ({ ...m, reviewNo: ' ' }));
    expect(nextBestProducts(input({ materials: unreviewed }))).toEqual({
      kind: 'none',
      text: '适合客户（C3）的 6 个未持有产品都没有审核有效的素材，可在产品页分享',
    });
  });

  it('a maturity card offers the replacement first', () => {
    const maturing = p(9, 'mixed', 3, { maturityAt: new Date(NOW.getTime() + 5 * DAY) });
    const got = items(
      nextBestProducts(input({ held: [maturing], reasons: [{ categoryId: 4, productId: maturing.id }] })),
    );
    expect(got[0]).toMatchObject({ product: { id: P.mixedR3.id }, reason: 'replaces_maturing' });
  });

  it('says in one sentence why there is none', () => {
    const c1 = { id: 20, riskLevel: 'C1' as const, riskExpiresAt: later, qualified: false };
    expect(nextBestProducts(input({ customer: c1, held: [P.money, P.money2] }))).toEqual({
      kind: 'none',
      text: '客户风险等级 C1，已持有全部适合的 R1 产品',
    });
    expect(nextBestProducts(input({ customer: { ...c1, riskExpiresAt: new Date(NOW.getTime() - DAY) } }))).toEqual({
      kind: 'none',
      text: '风险测评已过期，请先邀请客户重新测评',
    });
    expect(nextBestProducts(input({ customer: { ...c1, riskLevel: null } }))).toEqual({
      kind: 'none',
      text: '客户尚未做风险测评，请先邀请客户完成测评',
    });
  });
});
