// The sanitizer chunk: DOMPurify loads only with the store's rich-text screens.
import DOMPurify from 'dompurify';

let hooked = false;

/** Article HTML made safe: no scripts, no on* handlers, no javascript: links; images load lazily. */
export function sanitizeHtml(html: string): string {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'IMG') {
        node.setAttribute('loading', 'lazy');
        node.setAttribute('decoding', 'async');
      }
      if (node.tagName === 'A') node.setAttribute('rel', 'noopener noreferrer');
    });
    hooked = true;
  }
  return DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'iframe', 'form', 'input'], FORBID_ATTR: ['style'] });
}
