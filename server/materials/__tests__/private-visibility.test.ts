import {
  keepVisible,
  maySeePrivateFund,
  type PrivateViewer,
  visiblePrivateLevels,
  VISITOR,
} from '../private-visibility';

const now = new Date('2026-06-01T02:00:00Z');
const later = new Date(now.getTime() + 86_400_000);
const customer = (over: Partial<PrivateViewer>): PrivateViewer => ({
  staff: false,
  qualified: true,
  riskLevel: 'C5',
  riskExpiresAt: later,
  ...over,
});

describe('who may be shown a private fund', () => {
  test('a visitor, never', () => {
    expect(visiblePrivateLevels(VISITOR, now)).toEqual([]);
  });
  test('a declared customer whose current level covers the fund, and only up to that level', () => {
    expect(visiblePrivateLevels(customer({ riskLevel: 'C4' }), now)).toEqual(['R1', 'R2', 'R3', 'R4']);
    expect(maySeePrivateFund(customer({ riskLevel: 'C4' }), 'R5', now)).toBe(false);
    expect(visiblePrivateLevels(customer({ riskLevel: 'C1' }), now)).toEqual(['R1']);
  });
  test('no declaration, no assessment, or an assessment expiring at this instant: none', () => {
    expect(visiblePrivateLevels(customer({ qualified: false }), now)).toEqual([]);
    expect(visiblePrivateLevels(customer({ riskLevel: null }), now)).toEqual([]);
    expect(visiblePrivateLevels(customer({ riskExpiresAt: null }), now)).toEqual([]);
    expect(visiblePrivateLevels(customer({ riskExpiresAt: now }), now)).toEqual([]);
    expect(visiblePrivateLevels(customer({ riskExpiresAt: new Date(now.getTime() + 1) }), now)).toHaveLength(5);
  });
  test('staff see every private fund (they work with them; what they send passes suitability on its own)', () => {
    expect(visiblePrivateLevels({ ...VISITOR, staff: true }, now)).toHaveLength(5);
  });
  test('a list keeps what is not private, and a private fund of unknown level only for staff', () => {
    const items = [
      { n: 'public', level: null },
      { n: 'r4', level: 'R4' },
      { n: 'r5', level: 'R5' },
      { n: 'lost', level: 'unknown' },
    ] as const;
    const names = (viewer: PrivateViewer) => keepVisible(items, (i) => i.level, viewer, now).map((i) => i.n);
    expect(names(VISITOR)).toEqual(['public']);
    expect(names(customer({ riskLevel: 'C4' }))).toEqual(['public', 'r4']);
    expect(names(customer({}))).toEqual(['public', 'r4', 'r5']);
    expect(names({ ...VISITOR, staff: true })).toEqual(['public', 'r4', 'r5', 'lost']);
  });
});
