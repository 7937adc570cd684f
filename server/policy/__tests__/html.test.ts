import { maskPersonalNumbers } from '../../../src/lib/content-policy';
import { maskHtmlNumbers } from '../html';

const PHONE = '13812345678';
const masked = maskPersonalNumbers(PHONE);

describe('maskHtmlNumbers', () => {
  test('hides the numbers of every text node and says which, leaving attributes and markup as they were', () => {
    const html = `<p>电话 ${PHONE}</p><a href="tel:${PHONE}">联系</a><p><b>再拨 ${PHONE}</b></p>`;
    const out = maskHtmlNumbers(html);
    expect(masked).not.toContain('5678');
    expect(out.html).toBe(`<p>电话 ${masked}</p><a href="tel:${PHONE}">联系</a><p><b>再拨 ${masked}</b></p>`);
    expect(out.masked).toEqual([
      { rule: 'mobile', tail: '5678' },
      { rule: 'mobile', tail: '5678' },
    ]);
  });

  test('an article without a personal number comes back as it was written, byte for byte', () => {
    // Unquoted attributes and a self-closed tag: re-serialising would have rewritten them.
    const html = '<p class=a>收益 12%</p><br/>';
    expect(maskHtmlNumbers(html)).toEqual({ html, masked: [] });
  });
});
