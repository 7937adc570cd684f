import type { HrefQuery } from './types';

/**
 * Fills a route pattern and appends a query. Path values are URI-encoded so an id can never
 * inject extra segments; a missing optional segment is dropped, a missing required one throws
 * (a broken link is a bug worth seeing in development, not a silent "/about/undefined").
 */
export function buildHref(
  pattern: string,
  params: Readonly<Record<string, string | number | null | undefined>> = {},
  query: HrefQuery = {},
): string {
  const segments: string[] = [];
  for (const segment of pattern.split('/')) {
    if (!segment.startsWith(':')) {
      segments.push(segment);
      continue;
    }
    const optional = segment.endsWith('?');
    const key = segment.slice(1, optional ? -1 : undefined);
    const value = params[key];
    if (value === undefined || value === null || value === '') {
      if (optional) continue;
      throw new Error(`getHref: missing required param "${key}" for ${pattern}`);
    }
    segments.push(encodeURIComponent(String(value)));
  }
  const path = segments.join('/') || '/';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
