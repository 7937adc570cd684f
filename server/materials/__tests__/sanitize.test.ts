import { htmlToText, promoteLazyImages, sanitizeArticleHtml } from '../sanitize';

describe('sanitizeArticleHtml', () => {
  it('removes script elements and their content', () => {
    const out = sanitizeArticleHtml('<p>前言</p><script>alert(1)</script><p>正文</p>');
    expect(out).toBe('<p>前言</p><p>正文</p>');
  });
  it('removes every on* event handler', () => {
    const out = sanitizeArticleHtml(
      '<img src="https://a.example/x.png" onerror="alert(1)"><p onclick="x()" onmouseover="y()">t</p>',
    );
    expect(out).not.toMatch(/on(error|click|mouseover)/i);
    expect(out).toContain('src="https://a.example/x.png"');
  });
  it('removes javascript: URLs in any case or with whitespace tricks', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'vbscript:x',
      'data:text/html,<script>1</script>',
    ]) {
      const out = sanitizeArticleHtml(`<a href="${href}">点我</a>`);
      expect(out).toBe('<a>点我</a>');
    }
  });
  it('keeps https, mailto, tel and relative links', () => {
    const html =
      '<a href="https://mp.weixin.qq.com/s/x">a</a><a href="mailto:x@y.cn">b</a><a href="tel:95555">c</a><a href="/r/1">d</a>';
    expect(sanitizeArticleHtml(html)).toBe(html);
  });
  it('drops iframes, forms, styles, svg with scripts', () => {
    const out = sanitizeArticleHtml(
      '<iframe src="https://evil"></iframe><form action="x"><input></form><style>p{}</style><svg><script>1</script></svg><p>ok</p>',
    );
    expect(out).toBe('<p>ok</p>');
  });
  it('drops style attributes (they can carry url(javascript:) and layout attacks)', () => {
    expect(sanitizeArticleHtml('<p style="background:url(javascript:1)">x</p>')).toBe('<p>x</p>');
  });
  it('keeps Chinese text and structure', () => {
    const html = '<h2>市场观察</h2><ul><li>基金有风险，投资需谨慎</li></ul>';
    expect(sanitizeArticleHtml(html)).toBe(html);
  });
});

describe('helpers', () => {
  it('promotes an http data-src to src, and ignores javascript: ones', () => {
    expect(promoteLazyImages('<img data-src="https://mmbiz.qpic.cn/a.png" src="blank.gif">')).toBe(
      '<img src="https://mmbiz.qpic.cn/a.png">',
    );
    expect(promoteLazyImages('<img data-src="javascript:1">')).toBe('<img data-src="javascript:1">');
  });
  it('htmlToText gives the sanitized text only', () => {
    expect(htmlToText('<p>你好</p><script>bad()</script><p>世界</p>')).toBe('你好世界');
  });
});
