import { decideForward, decideShare, type ForwardInput, summariseRefusals } from '../forward-decision';

const now = new Date('2026-06-01T02:00:00Z');
const base: ForwardInput = {
  adviserId: 7,
  customer: { id: 3, riskLevel: 'C3', riskExpiresAt: new Date('2027-01-01T00:00:00Z'), qualified: false },
  material: {
    id: 9,
    validFrom: new Date('2026-01-01T00:00:00Z'),
    validUntil: new Date('2026-12-31T00:00:00Z'),
    review: { state: 'approved', expiresAt: new Date('2026-09-01T00:00:00Z') },
    products: [{ riskLevel: 'R3', qualifiedOnly: false }],
    describesPrivateFund: false,
  },
  sentAt: [],
  now,
};

describe('decideForward: the material’s review', () => {
  const review = (r: ForwardInput['material']['review'], at = now) =>
    decideForward({ ...base, material: { ...base.material, review: r }, now: at });
  it('refuses a material not (yet) approved, pending or returned, whatever else holds', () => {
    for (const state of ['pending', 'returned'] as const)
      expect(review({ state, expiresAt: null })).toMatchObject({
        allowed: false,
        reason: 'REVIEW_PENDING',
        message: '素材尚未通过合规审核，不能发送',
        audit: { result: 'refused', reason: 'REVIEW_PENDING' },
      });
  });
  it('takes an approved review up to the last millisecond before its expiry, and refuses it from that instant', () => {
    const expiresAt = new Date('2026-06-01T16:00:00Z');
    expect(review({ state: 'approved', expiresAt }, new Date(expiresAt.getTime() - 1)).allowed).toBe(true);
    expect(review({ state: 'approved', expiresAt }, new Date(expiresAt.getTime() - 86_400_000)).allowed).toBe(true);
    for (const at of [expiresAt, new Date(expiresAt.getTime() + 86_400_000)])
      expect(review({ state: 'approved', expiresAt }, at)).toMatchObject({
        allowed: false,
        reason: 'REVIEW_EXPIRED',
        message: '素材审核已过期，请重新提交审核',
      });
    expect(review({ state: 'approved', expiresAt: null })).toMatchObject({ reason: 'REVIEW_EXPIRED' });
  });
});

describe('decideForward', () => {
  it('allows a suitable customer within budget and audits it', () => {
    const d = decideForward(base);
    expect(d).toMatchObject({ allowed: true, budget: { remaining: 1 } });
    expect(d.audit).toMatchObject({
      adviserId: 7,
      customerId: 3,
      materialId: 9,
      result: 'allowed',
      reason: null,
      checkedAt: now,
    });
    expect(JSON.parse(d.audit.snapshot)).toMatchObject({ riskLevel: 'C3', qualified: false });
  });
  it('refuses an expired material before anything else', () => {
    const d = decideForward({ ...base, material: { ...base.material, validUntil: now } });
    expect(d).toMatchObject({
      allowed: false,
      reason: 'MATERIAL_EXPIRED',
      audit: { result: 'refused', reason: 'MATERIAL_EXPIRED' },
    });
  });
  it('refuses a material before its first valid moment and takes it from that moment, with the words the adviser reads', () => {
    const early = decideForward({ ...base, material: { ...base.material, validFrom: new Date(now.getTime() + 1) } });
    expect(early).toMatchObject({
      allowed: false,
      reason: 'MATERIAL_EXPIRED',
      message: '素材不在合规有效期内，不能发送',
      budget: { remaining: 1 },
    });
    expect(decideForward({ ...base, material: { ...base.material, validFrom: now } })).toMatchObject({ allowed: true });
    expect(
      decideForward({ ...base, material: { ...base.material, validUntil: new Date(now.getTime() + 1) } }),
    ).toMatchObject({ allowed: true });
  });
  it('the audit snapshot holds what the decision read: assessment, products and the budget used', () => {
    const products = [{ riskLevel: 'R3', qualifiedOnly: false }];
    expect(JSON.parse(decideForward(base).audit.snapshot)).toEqual({
      riskLevel: 'C3',
      riskExpiresAt: '2027-01-01T00:00:00.000Z',
      qualified: false,
      products,
      budgetUsed: 0,
    });
    const unassessed = decideForward({
      ...base,
      customer: { ...base.customer, riskLevel: null, riskExpiresAt: null },
      sentAt: [new Date('2026-06-01T01:00:00Z')],
    });
    expect(JSON.parse(unassessed.audit.snapshot)).toEqual({
      riskLevel: null,
      riskExpiresAt: null,
      qualified: false,
      products,
      budgetUsed: 1,
    });
    expect(unassessed.audit).toMatchObject({ result: 'refused', reason: 'RISK_NOT_ASSESSED', checkedAt: now });
  });
  it('refuses an unsuitable customer with the suitability reason, audited', () => {
    const d = decideForward({
      ...base,
      material: { ...base.material, products: [{ riskLevel: 'R4', qualifiedOnly: false }] },
    });
    expect(d).toMatchObject({ allowed: false, reason: 'RISK_LEVEL_TOO_LOW', audit: { result: 'refused' } });
  });
  it("refuses when the day's budget is used", () => {
    const d = decideForward({ ...base, sentAt: [new Date('2026-06-01T01:00:00Z')] });
    expect(d).toMatchObject({ allowed: false, reason: 'CONTACT_BUDGET_EXHAUSTED', budget: { remaining: 0 } });
  });
  it("summarises a group forward's refusals by reason", () => {
    const ds = [
      decideForward(base),
      decideForward({ ...base, customer: { ...base.customer, riskLevel: null } }),
      decideForward({ ...base, customer: { ...base.customer, riskLevel: 'C1' } }),
      decideForward({ ...base, customer: { ...base.customer, riskLevel: 'C2' } }),
    ];
    expect(summariseRefusals(ds)).toEqual({ RISK_NOT_ASSESSED: 1, RISK_LEVEL_TOO_LOW: 2 });
  });
});

describe('a private-fund pitch must name its private fund', () => {
  const pitch = { ...base.material, describesPrivateFund: true, reviewNo: '合规审核 2026-119' };
  it('refused with the reason while it links no private fund (none, or only public ones), before suitability', () => {
    for (const products of [[], [{ riskLevel: 'R3' as const, qualifiedOnly: false }]]) {
      expect(decideForward({ ...base, material: { ...pitch, products } })).toMatchObject({
        allowed: false,
        reason: 'PRIVATE_FUND_UNNAMED',
        message: '该内容涉及私募产品宣传，须关联具体产品并通过合规审核后才能发送',
        audit: { result: 'refused', reason: 'PRIVATE_FUND_UNNAMED' },
      });
    }
  });
  it('once it links one, the review number and suitability decide as for any material', () => {
    const linked = { ...pitch, products: [{ riskLevel: 'R5' as const, qualifiedOnly: true }] };
    expect(decideForward({ ...base, material: { ...linked, reviewNo: '' } })).toMatchObject({
      reason: 'REVIEW_NO_MISSING',
    });
    expect(decideForward({ ...base, material: linked })).toMatchObject({ reason: 'RISK_LEVEL_TOO_LOW' });
    const qualifiedC5 = { ...base.customer, riskLevel: 'C5' as const, qualified: true };
    expect(decideForward({ ...base, customer: qualifiedC5, material: linked })).toMatchObject({ allowed: true });
  });
});

describe('a material naming a product needs a review number', () => {
  it('refused without one (after validity, before suitability); a general article needs none', () => {
    expect(decideForward({ ...base, material: { ...base.material, reviewNo: '' } })).toMatchObject({
      allowed: false,
      reason: 'REVIEW_NO_MISSING',
      message: '素材提及产品，须取得合规审核编号后才能发送',
    });
    expect(decideForward({ ...base, material: { ...base.material, reviewNo: ' ' } })).toMatchObject({
      allowed: false,
      reason: 'REVIEW_NO_MISSING',
    });
    expect(decideForward({ ...base, material: { ...base.material, reviewNo: '合规审核 2026-118' } })).toMatchObject({
      allowed: true,
    });
    expect(decideForward({ ...base, material: { ...base.material, reviewNo: '', products: [] } })).toMatchObject({
      allowed: true,
    });
  });
  it('a share link goes through the same decision for its one product', () => {
    const d = decideShare({
      adviserId: 7,
      customer: { ...base.customer, riskLevel: 'C1' },
      product: { id: 5, riskLevel: 'R4', qualifiedOnly: false },
      sentAt: [],
      now,
    });
    expect(d).toMatchObject({ allowed: false, reason: 'RISK_LEVEL_TOO_LOW', audit: { materialId: 5, customerId: 3 } });
    expect(
      decideShare({
        adviserId: 7,
        customer: { ...base.customer, riskLevel: 'C4' },
        product: { id: 5, riskLevel: 'R4', qualifiedOnly: false },
        sentAt: [],
        now,
      }),
    ).toMatchObject({ allowed: true });
  });
});
