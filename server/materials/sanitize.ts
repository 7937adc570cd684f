// Stored article HTML goes through DOMPurify (the field's sanitizer) running on a jsdom window:
// the same engine the client uses, so what the server stores is what the reader would keep.
// Done once on write, so a reader never receives script, on* handlers or javascript: URLs.
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

const window = new JSDOM('').window;
const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);

// Only http(s), mailto, tel and in-page/relative links; everything else (javascript:, data:,
// vbscript:) is dropped by DOMPurify's URI check.
const ALLOWED_URI = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

// Article content: text, structure, images and links. No forms, frames, styles or media
// elements that could autoplay or phone home beyond images.
const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'span',
  'section',
  'div',
  'figure',
  'figcaption',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'sup',
  'sub',
  'pre',
  'code',
];
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'width', 'height', 'colspan', 'rowspan', 'data-src'];

export function sanitizeArticleHtml(html: string): string {
  return purify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    // WeChat articles lazy-load images through data-src; keep it but as a checked URL.
    ADD_URI_SAFE_ATTR: [],
    FORBID_TAGS: ['style', 'script', 'iframe', 'object', 'embed', 'form', 'input', 'svg', 'math'],
    KEEP_CONTENT: true,
  });
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
