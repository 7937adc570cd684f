/**
 * The one HTML policy for article content, on the client and the server: the server runs it on write
 * (DOMPurify on a jsdom window), the browser again before rendering (defence in depth for anything cached
 * or proxied). Only the DOMPurify instance differs; what may pass is decided here once.
 */

/** The part of DOMPurify the policy uses, so the browser's and jsdom's instances both fit. */
export interface Purifier {
  sanitize(html: string, config: object): unknown;
  addHook(entryPoint: 'afterSanitizeAttributes', hook: (node: Element) => void): void;
}

// Article content: text, structure, images and links. No forms, frames, styles or media
// elements that could autoplay or phone home beyond images.
const ALLOWED_TAGS = [
  ...['p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's'],
  ...['blockquote', 'ul', 'ol', 'li', 'a', 'img', 'span', 'section', 'div', 'figure', 'figcaption'],
  ...['table', 'thead', 'tbody', 'tr', 'th', 'td', 'sup', 'sub', 'pre', 'code'],
];
// WeChat articles lazy-load images through data-src; the server promotes it to a checked src.
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'width', 'height', 'colspan', 'rowspan', 'data-src'];

export const ARTICLE_POLICY = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  // Only http(s), mailto, tel and in-page/relative links; javascript:, data: and vbscript: are dropped.
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  FORBID_TAGS: ['style', 'script', 'iframe', 'object', 'embed', 'form', 'input', 'svg', 'math'],
  // Style attributes can carry url(javascript:) and layout attacks.
  FORBID_ATTR: ['style'],
  KEEP_CONTENT: true,
} as const;

const hooked = new WeakSet<Purifier>();
let displaying = false;

/**
 * `html` made safe by the article policy. `forDisplay` (the browser, just before rendering) also makes
 * images load lazily and links open without a window.opener; stored HTML stays free of them.
 */
export function sanitizeArticleWith(purify: Purifier, html: string, forDisplay = false): string {
  if (!hooked.has(purify)) {
    purify.addHook('afterSanitizeAttributes', (node) => {
      if (!displaying) return;
      if (node.tagName === 'IMG') {
        node.setAttribute('loading', 'lazy');
        node.setAttribute('decoding', 'async');
      }
      if (node.tagName === 'A') node.setAttribute('rel', 'noopener noreferrer');
    });
    hooked.add(purify);
  }
  displaying = forDisplay;
  try {
    return String(purify.sanitize(html, ARTICLE_POLICY));
  } finally {
    displaying = false;
  }
}
