import { JSDOM } from 'jsdom';

import { findPersonalNumbers, maskPersonalNumbers } from '../../src/lib/content-policy';
import type { Masked } from './content-policy';

/**
 * Personal numbers hidden in an article's text nodes (attributes and markup untouched, so links and
 * images keep working). A number split across elements is not seen here; the caller checks the
 * article's text afterwards and refuses what is left.
 */
export function maskHtmlNumbers(html: string): { html: string; masked: Masked } {
  const { document, NodeFilter } = new JSDOM('').window;
  const body = document.createElement('body');
  body.innerHTML = html;
  const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
  const masked: Masked = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    const hits = findPersonalNumbers(text);
    if (hits.length === 0) continue;
    node.nodeValue = maskPersonalNumbers(text, hits);
    masked.push(...hits.map((h) => ({ rule: h.rule, tail: h.tail })));
  }
  return masked.length ? { html: body.innerHTML, masked } : { html, masked };
}
