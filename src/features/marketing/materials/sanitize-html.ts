// Article HTML is sanitized again in the browser before it is rendered (the server already
// sanitized it on write; this is defence in depth for anything cached or proxied). DOMPurify
// is loaded only when an article is shown: a dynamic import keeps it in its own lazy chunk.

type Purifier = { sanitize: (html: string, config: object) => string };

let purifier: Promise<Purifier> | null = null;

function loadPurifier(): Promise<Purifier> {
  purifier ??= import(/* webpackChunkName: "sanitizer" */ 'dompurify').then((m) => m.default as unknown as Purifier);
  return purifier;
}

const CONFIG = {
  FORBID_TAGS: ['style', 'script', 'iframe', 'object', 'embed', 'form', 'input', 'svg', 'math'],
  FORBID_ATTR: ['style'],
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
};

export async function sanitizeArticle(html: string): Promise<string> {
  const p = await loadPurifier();
  return p.sanitize(html, CONFIG);
}
