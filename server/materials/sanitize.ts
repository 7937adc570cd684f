// Stored article HTML goes through the one article policy (src/lib/html-policy.ts) with DOMPurify on a
// jsdom window: the same engine and rules the client uses, so what the server stores is what a reader keeps.
// Done once on write, so a reader never receives script, on* handlers or javascript: URLs.
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

import { type Purifier, sanitizeArticleWith } from '../../src/lib/html-policy';

const window = new JSDOM('').window;
const purify: Purifier = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);

export function sanitizeArticleHtml(html: string): string {
  return sanitizeArticleWith(purify, html);
}

/** Public-account articles put the real image URL in data-src; promote it when it is http(s). */
export function promoteLazyImages(html: string): string {
  return html.replace(
    /<img([^>]*?)\sdata-src="(https?:\/\/[^"]+)"([^>]*)>/gi,
    (_m, a: string, url: string, b: string) => {
      const rest = `${a}${b}`.replace(/\ssrc="[^"]*"/i, '');
      return `<img${rest} src="${url}">`;
    },
  );
}

/** Plain text of sanitized HTML, for titles, summaries and search. */
export function htmlToText(html: string): string {
  const dom = new JSDOM(`<body>${sanitizeArticleHtml(html)}</body>`);
  return (dom.window.document.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
