import { distinctRiskLevels } from '../risk-levels';

test('a material shows each risk level once, riskiest first', () => {
  const p = (risk_level: 'R1' | 'R2' | 'R3' | 'R4' | 'R5') => ({ risk_level });
  expect(distinctRiskLevels([p('R4'), p('R4')])).toEqual(['R4']);
  expect(distinctRiskLevels([p('R2'), p('R4'), p('R2'), p('R5')])).toEqual(['R5', 'R4', 'R2']);
  expect(distinctRiskLevels([])).toEqual([]);
});
