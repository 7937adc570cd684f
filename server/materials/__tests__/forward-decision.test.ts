import { decideForward, summariseRefusals, type ForwardInput } from '../forward-decision';

const now = new Date('2026-06-01T02:00:00Z');
const base: ForwardInput = {
  adviserId: 7,
  customer: { id: 3, riskLevel: 'C3', riskExpiresAt: new Date('2027-01-01T00:00:00Z'), qualified: false },
  material: { id: 9, validFrom: new Date('2026-01-01T00:00:00Z'), validUntil: new Date('2026-12-31T00:00:00Z'), products: [{ riskLevel: 'R3', qualifiedOnly: false }] },
  sentAt: [],
  now,
};

describe('decideForward', () => {
  it('allows a suitable customer within budget and audits it', () => {
    const d = decideForward(base);
    expect(d).toMatchObject({ allowed: true, budget: { remaining: 1 } });
    expect(d.audit).toMatchObject({ adviserId: 7, customerId: 3, materialId: 9, result: 'allowed', reason: null, checkedAt: now });
    expect(JSON.parse(d.audit.snapshot)).toMatchObject({ riskLevel: 'C3', qualified: false });
  });
  it('refuses an expired material before anything else', () => {
    const d = decideForward({ ...base, material: { ...base.material, validUntil: now } });
    expect(d).toMatchObject({ allowed: false, reason: 'MATERIAL_EXPIRED', audit: { result: 'refused', reason: 'MATERIAL_EXPIRED' } });
  });
  it('refuses an unsuitable customer with the suitability reason, audited', () => {
    const d = decideForward({ ...base, material: { ...base.material, products: [{ riskLevel: 'R4', qualifiedOnly: false }] } });
    expect(d).toMatchObject({ allowed: false, reason: 'RISK_LEVEL_TOO_LOW', audit: { result: 'refused' } });
  });
  it('refuses when the day\'s budget is used', () => {
    const d = decideForward({ ...base, sentAt: [new Date('2026-06-01T01:00:00Z')] });
    expect(d).toMatchObject({ allowed: false, reason: 'CONTACT_BUDGET_EXHAUSTED', budget: { remaining: 0 } });
  });
  it('summarises a group forward\'s refusals by reason', () => {
    const ds = [
      decideForward(base),
      decideForward({ ...base, customer: { ...base.customer, riskLevel: null } }),
      decideForward({ ...base, customer: { ...base.customer, riskLevel: 'C1' } }),
      decideForward({ ...base, customer: { ...base.customer, riskLevel: 'C2' } }),
    ];
    expect(summariseRefusals(ds)).toEqual({ RISK_NOT_ASSESSED: 1, RISK_LEVEL_TOO_LOW: 2 });
  });
});
