import { namedProducts } from '../../repositories/marketing-transform';
import { riskMatch } from '../private-access';

const now = new Date('2026-06-01T02:00:00Z');
const later = new Date('2027-01-01T00:00:00Z');

describe("a reader's assessed level against a private fund's", () => {
  it('matched at the same level or higher; too low below it', () => {
    expect(riskMatch({ riskLevel: 'C4', riskExpiresAt: later }, 'R4', now)).toMatchObject({
      status: 'matched',
      message: '',
    });
    expect(riskMatch({ riskLevel: 'C5', riskExpiresAt: later }, 'R4', now).status).toBe('matched');
    expect(riskMatch({ riskLevel: 'C3', riskExpiresAt: later }, 'R4', now)).toMatchObject({
      status: 'too_low',
      customerLevel: 'C3',
      productLevel: 'R4',
    });
  });
  it('not a customer, or no assessment: told how to assess', () => {
    expect(riskMatch(null, 'R4', now)).toMatchObject({ status: 'not_assessed', customerLevel: null });
    expect(riskMatch({ riskLevel: null, riskExpiresAt: null }, 'R4', now).message).toContain('风险测评');
  });
  it('expired at its end, valid a millisecond before', () => {
    expect(riskMatch({ riskLevel: 'C5', riskExpiresAt: now }, 'R4', now).status).toBe('expired');
    expect(riskMatch({ riskLevel: 'C5', riskExpiresAt: new Date(now.getTime() + 1) }, 'R4', now).status).toBe(
      'matched',
    );
  });
});

describe('which master products an article names', () => {
  const master = [
    { id: 1, code: '000961', name: '沪深300指数增强C' },
    { id: 2, code: 'SX1288', name: '星辰量化中性1号私募' },
  ];
  it('by full name (spaces and full-width forms ignored) or by a code standing alone', () => {
    expect(namedProducts('推荐 沪深300 指数增强C', master)).toEqual([1]);
    expect(namedProducts('星辰量化中性１号私募，本金有保障', master)).toEqual([2]);
    expect(namedProducts('代码：SX1288。', master)).toEqual([2]);
    expect(namedProducts('000961', master)).toEqual([1]);
  });
  it('not a code inside a longer number or word, nor a part of a name', () => {
    expect(namedProducts('订单 2024000961', master)).toEqual([]);
    expect(namedProducts('SX12889', master)).toEqual([]);
    expect(namedProducts('沪深300指数', master)).toEqual([]);
  });
});
