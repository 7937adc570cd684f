import {
  checkMaterialSuitability,
  checkSuitability,
  CUSTOMER_RISKS,
  PRODUCT_RISKS,
  REASON_TEXT,
  type SuitabilityCustomer,
} from '../suitability';

const now = new Date('2026-06-01T02:00:00Z');
const valid = new Date('2027-01-01T00:00:00Z');
const customer = (riskLevel: SuitabilityCustomer['riskLevel'], extra: Partial<SuitabilityCustomer> = {}) => ({
  riskLevel,
  riskExpiresAt: valid,
  qualified: false,
  ...extra,
});

describe('every customer level against every product level', () => {
  for (const [ci, c] of CUSTOMER_RISKS.entries()) {
    for (const [pi, p] of PRODUCT_RISKS.entries()) {
      const expected = ci >= pi;
      it(`${c} × ${p} → ${expected ? 'suitable' : 'RISK_LEVEL_TOO_LOW'}`, () => {
        const verdict = checkSuitability(customer(c), { riskLevel: p, qualifiedOnly: false }, now);
        if (expected) expect(verdict).toEqual({ suitable: true });
        else
          expect(verdict).toEqual({
            suitable: false,
            reason: 'RISK_LEVEL_TOO_LOW',
            message: REASON_TEXT.RISK_LEVEL_TOO_LOW,
          });
      });
    }
  }
});

describe('qualified-investor products', () => {
  it('refuse a C5 customer without the flag', () => {
    const v = checkSuitability(customer('C5'), { riskLevel: 'R3', qualifiedOnly: true }, now);
    expect(v).toMatchObject({ suitable: false, reason: 'NOT_QUALIFIED_INVESTOR' });
  });
  it('allow a qualified customer of a high enough level', () => {
    const v = checkSuitability(customer('C4', { qualified: true }), { riskLevel: 'R4', qualifiedOnly: true }, now);
    expect(v).toEqual({ suitable: true });
  });
  it('still refuse a qualified customer whose level is too low (the level is checked first)', () => {
    const v = checkSuitability(customer('C2', { qualified: true }), { riskLevel: 'R4', qualifiedOnly: true }, now);
    expect(v).toMatchObject({ suitable: false, reason: 'RISK_LEVEL_TOO_LOW' });
  });
});

describe('assessment state', () => {
  it('refuses an unassessed customer even for R1', () => {
    const v = checkSuitability(customer(null), { riskLevel: 'R1', qualifiedOnly: false }, now);
    expect(v).toMatchObject({ suitable: false, reason: 'RISK_NOT_ASSESSED' });
  });
  it('refuses an expired assessment, including one that expires exactly now', () => {
    for (const riskExpiresAt of [new Date('2026-05-31T00:00:00Z'), now]) {
      const v = checkSuitability(customer('C5', { riskExpiresAt }), { riskLevel: 'R1', qualifiedOnly: false }, now);
      expect(v).toMatchObject({ suitable: false, reason: 'RISK_ASSESSMENT_EXPIRED' });
    }
  });
  it('treats a missing expiry as expired', () => {
    const v = checkSuitability(customer('C3', { riskExpiresAt: null }), { riskLevel: 'R1', qualifiedOnly: false }, now);
    expect(v).toMatchObject({ suitable: false, reason: 'RISK_ASSESSMENT_EXPIRED' });
  });
  it('accepts an assessment valid one millisecond longer', () => {
    const v = checkSuitability(
      customer('C1', { riskExpiresAt: new Date(now.getTime() + 1) }),
      { riskLevel: 'R1', qualifiedOnly: false },
      now,
    );
    expect(v).toEqual({ suitable: true });
  });
});

describe('materials linking several products', () => {
  it('needs no check without products', () => {
    expect(checkMaterialSuitability(customer(null), [], now)).toEqual({ suitable: true });
  });
  it('is refused for the first unsuitable product', () => {
    const v = checkMaterialSuitability(
      customer('C3'),
      [
        { riskLevel: 'R2', qualifiedOnly: false },
        { riskLevel: 'R4', qualifiedOnly: false },
      ],
      now,
    );
    expect(v).toMatchObject({ suitable: false, reason: 'RISK_LEVEL_TOO_LOW' });
  });
});

describe('what the adviser reads for each refusal (the audit keys on the reason, people read the message)', () => {
  const product = { riskLevel: 'R3', qualifiedOnly: true } as const;
  it.each([
    ['客户未做风险测评', customer(null)],
    ['客户风险测评已过期', customer('C5', { riskExpiresAt: null })],
    ['客户风险等级低于产品风险等级', customer('C2')],
    ['产品仅限合格投资者，客户未认定为合格投资者', customer('C5')],
  ])('%s', (message, who) => {
    expect(checkSuitability(who, product, now)).toMatchObject({ suitable: false, message });
  });
  it('the levels in order, C1-C5 and R1-R5', () => {
    expect(CUSTOMER_RISKS).toEqual(['C1', 'C2', 'C3', 'C4', 'C5']);
    expect(PRODUCT_RISKS).toEqual(['R1', 'R2', 'R3', 'R4', 'R5']);
  });
});
