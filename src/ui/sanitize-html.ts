// Article HTML is sanitized again in the browser before it is rendered (the server already
// sanitized it on write; this is defence in depth for anything cached or proxied). DOMPurify
// is loaded only when an article is shown: a dynamic import keeps it in its own lazy chunk.
import { type Purifier, sanitizeArticleWith } from '@/lib/html-policy';

let purifier: Promise<Purifier> | null = null;

function loadPurifier(): Promise<Purifier> {
  purifier ??= import(/* webpackChunkName: "sanitizer" */ 'dompurify').then((m) => m.default as unknown as Purifier);
  return purifier;
}

export async function sanitizeArticle(html: string): Promise<string> {
  return sanitizeArticleWith(await loadPurifier(), html, true);
}
