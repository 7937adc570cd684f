import { DAY, LATER as later, NOW, npMaterial as material, npProduct as p } from '../../test-support/next-product';
import { nextBestProduct, type NpInput } from '../next-product';

const P = {
  money: p(1, 'money_fund', 1),
  bondR2: p(2, 'bond', 2),
  bondR3: p(3, 'bond', 3),
  mixedR3: p(4, 'mixed', 3),
  equityR4: p(5, 'equity', 4),
  privateR5: p(6, 'private_fund', 5, { qualifiedOnly: true }),
  /** A private fund whose master forgot the qualified-only flag: still never for an unqualified customer. */
  privateUnflagged: p(7, 'private_fund', 3),
  maturingBondR2: p(8, 'bond', 2, { maturityAt: new Date(NOW.getTime() + 5 * DAY) }),
  maturedBondR2: p(9, 'bond', 2, { maturityAt: new Date(NOW.getTime() - DAY) }),
};
const input = (over: Partial<NpInput> = {}): NpInput => ({
  adviserId: 1,
  customer: { id: 20, riskLevel: 'C3', riskExpiresAt: later, qualified: false },
  reasons: [{ categoryId: 1, productId: null }],
  held: [],
  products: Object.values(P),
  materials: [],
  now: NOW,
  ...over,
});
const suggested = (r: ReturnType<typeof nextBestProduct>) => {
  if (r.kind !== 'suggested') throw new Error(`expected a suggestion, got: ${r.text}`);
  return r;
};

describe('next best product', () => {
  it('suggests only for money-flow (1, 2, 7), maturity (4) and intent (6) cards', () => {
    for (const categoryId of [1, 2, 7, 4, 6])
      expect(nextBestProduct(input({ reasons: [{ categoryId, productId: null }] })).kind).toBe('suggested');
    for (const categoryId of [3, 5, 8])
      expect(nextBestProduct(input({ reasons: [{ categoryId, productId: null }] }))).toEqual({
        kind: 'none',
        text: '资金动向、产品到期和意向商机才推荐产品',
      });
  });

  it('never suggests above the risk level, a qualified-only or private product to an unqualified customer', () => {
    for (const level of ['C1', 'C2', 'C3', 'C4', 'C5'] as const) {
      for (const held of [[], [P.bondR2], [P.bondR2, P.money, P.mixedR3]]) {
        const r = nextBestProduct(
          input({ customer: { id: 20, riskLevel: level, riskExpiresAt: later, qualified: false }, held }),
        );
        // A C1 customer already holding the one R1 product has nothing left to be offered.
        if (r.kind === 'none') {
          expect([level, held.map((h) => h.id)]).toEqual(['C1', expect.arrayContaining([P.money.id])]);
          continue;
        }
        const s = r;
        expect(Number(s.product.riskLevel[1])).toBeLessThanOrEqual(Number(level[1]));
        expect(s.product.kind).not.toBe('private_fund');
        expect(s.product.qualifiedOnly).toBe(false);
        expect(held.map((h) => h.id)).not.toContain(s.product.id);
        expect(s.product.id).not.toBe(P.maturedBondR2.id);
      }
    }
  });

  it('a qualified C5 customer may be suggested a private fund when it fills a gap no public fund does', () => {
    const held = [P.money, P.bondR2, P.bondR3, P.mixedR3, P.equityR4];
    const products = [...held, P.privateR5];
    const q = { id: 20, riskLevel: 'C5' as const, riskExpiresAt: later, qualified: true };
    expect(suggested(nextBestProduct(input({ customer: q, held, products }))).product.id).toBe(P.privateR5.id);
    const unq = { ...q, qualified: false };
    expect(nextBestProduct(input({ customer: unq, held, products }))).toEqual({
      kind: 'none',
      text: '暂无适合该客户的产品',
    });
  });

  it('no assessment, or one that expires at this instant: no product at all', () => {
    expect(
      nextBestProduct(input({ customer: { id: 20, riskLevel: null, riskExpiresAt: null, qualified: true } })).kind,
    ).toBe('none');
    const at = (t: Date) => ({ id: 20, riskLevel: 'C5' as const, riskExpiresAt: t, qualified: true });
    expect(nextBestProduct(input({ customer: at(NOW) })).kind).toBe('none');
    expect(nextBestProduct(input({ customer: at(new Date(NOW.getTime() + 1000)) })).kind).toBe('suggested');
  });

  it('a maturity card replaces the maturing product with one of its kind, no riskier', () => {
    const r = suggested(
      nextBestProduct(
        input({
          reasons: [{ categoryId: 4, productId: P.maturingBondR2.id }],
          held: [P.maturingBondR2],
        }),
      ),
    );
    expect(r.reason).toBe('replaces_maturing');
    expect(r.product.id).toBe(P.bondR2.id);
    expect(r.text).toContain('《产品8》');
  });

  it('fills the first missing kind of the holdings, else fits the risk level', () => {
    const gap = suggested(nextBestProduct(input({ held: [P.money] })));
    expect([gap.reason, gap.product.kind, gap.product.id]).toEqual(['fills_gap', 'bond', P.bondR3.id]);
    expect(gap.text).toBe('补足持仓中缺少的债券基金');
    const all = [P.money, P.bondR2, P.mixedR3];
    const fit = suggested(nextBestProduct(input({ held: all, products: [...all, P.bondR3] })));
    expect([fit.reason, fit.product.id]).toEqual(['fits_risk', P.bondR3.id]);
  });

  it('an intent card suggests the product the customer asked about when it suits them', () => {
    const r = suggested(nextBestProduct(input({ reasons: [{ categoryId: 6, productId: P.mixedR3.id }] })));
    expect([r.reason, r.product.id]).toEqual(['fits_risk', P.mixedR3.id]);
    const tooRisky = suggested(nextBestProduct(input({ reasons: [{ categoryId: 6, productId: P.equityR4.id }] })));
    expect(tooRisky.product.id).not.toBe(P.equityR4.id);
  });

  it('the material sent with it is valid, reviewed and suitable for every product it names', () => {
    const materials = [
      material(10, [P.bondR3]),
      material(11, [P.bondR3, P.equityR4]),
      material(12, [P.bondR3], { validUntil: NOW }),
      material(13, [P.bondR3], { reviewNo: ' ' }),
      material(14, [P.mixedR3]),
    ];
    const r = suggested(nextBestProduct(input({ held: [P.money], materials })));
    expect(r.product.id).toBe(P.bondR3.id);
    expect(r.material?.id).toBe(10);
    const none = suggested(nextBestProduct(input({ held: [P.money], materials: materials.slice(1, 4) })));
    expect(none.material).toBeNull();
  });
});
