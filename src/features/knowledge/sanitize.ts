// The sanitizer chunk: DOMPurify loads only with the store's rich-text screens.
import DOMPurify from 'dompurify';

import { sanitizeArticleWith } from '@/lib/html-policy';

/** Article HTML made safe by the one article policy; images load lazily, links without an opener. */
export function sanitizeHtml(html: string): string {
  return sanitizeArticleWith(DOMPurify, html, true);
}
