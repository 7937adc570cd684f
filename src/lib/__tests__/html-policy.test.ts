import DOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

import { type Purifier, sanitizeArticleWith } from '../html-policy';

// The server's instance: DOMPurify on its own jsdom window, as server/materials/sanitize.ts builds it.
const serverPurify = DOMPurify(new JSDOM('').window as unknown as Parameters<typeof DOMPurify>[0]) as Purifier;
const browserPurify = DOMPurify as unknown as Purifier;

const ATTACK =
  '<p onclick="x()" style="color:red">正文</p><script>alert(1)</script><a href="javascript:alert(1)">链接</a>' +
  '<iframe src="https://e.example"></iframe><svg><script>bad()</script></svg><form><input></form>' +
  '<img src="https://a.example/i.png" onerror="y()"><a href="tel:4008">电话</a>';

describe('the one article HTML policy', () => {
  test('client and server instances keep exactly the same markup', () => {
    const stored = sanitizeArticleWith(serverPurify, ATTACK);
    expect(stored).toBe('<p>正文</p><a>链接</a><img src="https://a.example/i.png"><a href="tel:4008">电话</a>');
    expect(sanitizeArticleWith(browserPurify, ATTACK)).toBe(stored);
  });

  test('for display, images load lazily and links drop the opener; stored HTML has neither', () => {
    const html = '<p><img src="/a.png"><a href="https://b.example">b</a></p>';
    expect(sanitizeArticleWith(serverPurify, html)).toBe(html);
    expect(sanitizeArticleWith(browserPurify, html, true)).toBe(
      '<p><img src="/a.png" loading="lazy" decoding="async"><a href="https://b.example" rel="noopener noreferrer">b</a></p>',
    );
    // The display hints do not leak into the next stored sanitize on the same instance.
    expect(sanitizeArticleWith(browserPurify, html)).toBe(html);
  });

  test('keeps structure, tables and mailto / relative links', () => {
    const html =
      '<section><h2>标题</h2><table><tbody><tr><td colspan="2">1</td></tr></tbody></table><a href="mailto:a@b.cn">m</a><a href="#x">x</a></section>';
    expect(sanitizeArticleWith(serverPurify, html)).toBe(html);
  });
});
