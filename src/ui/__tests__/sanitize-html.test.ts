import { sanitizeArticle } from '../sanitize-html';

describe('sanitizeArticle (client, lazy DOMPurify)', () => {
  it('removes script, on* handlers and javascript: URLs', async () => {
    const out = await sanitizeArticle(
      '<p onclick="x()">正文</p><script>alert(1)</script><a href="javascript:alert(1)">链接</a><img src="https://a.example/i.png" onerror="y()">',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(out).toContain('<p>正文</p>');
    // The display hints of the one policy: links open without an opener, images load lazily.
    expect(out).toContain('<a rel="noopener noreferrer">链接</a>');
    expect(out).toContain('loading="lazy"');
    expect(out).toContain('src="https://a.example/i.png"');
  });
  it('drops style attributes and iframes', async () => {
    expect(await sanitizeArticle('<p style="color:red">x</p><iframe src="https://e"></iframe>')).toBe('<p>x</p>');
  });
});
