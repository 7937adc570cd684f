import { cardDetailHref } from '../card-href';
import { behaviourDetail, formatTime, formatYuan, idParam, readDetail } from '../labels';

describe('customer card words', () => {
  it('reads an id from the address only when it is a positive 32-bit integer', () => {
    expect([
      idParam('12'),
      idParam(null),
      idParam(''),
      idParam('0'),
      idParam('-3'),
      idParam('1.5'),
      idParam('abc'),
      idParam('2147483648'),
    ]).toEqual([12, null, null, null, null, null, null, null]);
  });
  it('shows a read with its seconds and depth, a watch with its minutes', () => {
    expect(readDetail(95, 0.8)).toBe('读了 95 秒 · 看到 80%');
    expect(
      behaviourDetail({ kind: 'material_open', minutes: null, seconds: 40, scroll_depth: 0.456, text: null }),
    ).toBe('读了 40 秒 · 看到 46%');
    expect(behaviourDetail({ kind: 'live_watch', minutes: 23.4, seconds: null, text: null })).toBe('观看 23 分钟');
    expect(behaviourDetail({ kind: 'search', minutes: null, seconds: null, text: '养老' })).toBe('养老');
  });
  it('writes money with the sign before the yuan mark', () => {
    expect([formatYuan(77200), formatYuan(-77200.5)]).toEqual(['¥77,200.00', '-¥77,200.50']);
  });
  it('formats times in business time, with the year only when it is not this year', () => {
    const now = Date.parse('2026-11-25T08:00:00Z');
    expect(formatTime(Date.parse('2026-11-24T16:30:00Z') / 1000, now)).toBe('11-25 00:30');
    expect(formatTime(Date.parse('2025-03-01T02:00:00Z') / 1000, now)).toBe('2025-03-01 10:00');
  });
  it("links a card to its family's detail screen", () => {
    expect(cardDetailHref({ card_id: 3, group: 'money_flow' })).toBe('/fundInDetail?card_id=3');
    expect(cardDetailHref({ card_id: 3, group: 'behaviour_insight' })).toBe('/PerspectiveDetail?card_id=3');
    expect(cardDetailHref({ card_id: 3, group: 'intent_matching' })).toBe('/purposeDetail?card_id=3');
    expect(cardDetailHref({ card_id: 3, group: 'product_monitoring' })).toBe('/oppDetail?card_id=3');
  });
});
