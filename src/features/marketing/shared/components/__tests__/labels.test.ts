import { cardDetailHref } from '../card-href';
import { behaviourDetail, formatTime, formatYuan, idParam, moneyFlowTitle, readDetail } from '../labels';

describe('customer card words', () => {
  it('titles the money-flow detail by the direction of the money', () => {
    const r = (category_id: number, amount: number | null) => ({ category_id, amount });
    expect(moneyFlowTitle({ category_id: 2, reasons: [r(2, -9_058_100)] })).toBe('资金流出详情');
    expect(moneyFlowTitle({ category_id: 1, reasons: [r(1, 120_000)] })).toBe('资金流入详情');
    expect(moneyFlowTitle({ category_id: 7, reasons: [r(7, -5_000_000), r(1, 80_000)] })).toBe('资金流出详情');
    expect(moneyFlowTitle({ category_id: 7, reasons: [r(7, 5_000_000)] })).toBe('资金流入详情');
    // Other reasons on the card (a read, a NAV drop) do not decide the direction.
    expect(moneyFlowTitle({ category_id: 2, reasons: [r(8, -3), r(2, -60_000)] })).toBe('资金流出详情');
    expect(moneyFlowTitle({ category_id: 2, reasons: [] })).toBe('资金流出详情');
  });
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
