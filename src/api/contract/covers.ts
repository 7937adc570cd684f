/**
 * Live covers at a phone's size. The image host serves each cover `/<key>.<format>?w=<width>`
 * besides the original `/<key>.svg`: the client offers the browser these widths in these formats (best first) and
 * the browser takes the first format it decodes, at the width its screen needs.
 */
export const COVER_WIDTHS = [160, 256, 384, 640] as const;
export const COVER_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type CoverFormat = (typeof COVER_FORMATS)[number];
export const COVER_MIME: Record<CoverFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };

/** Covers of the firm's image host (the local backend's /static/covers): only these have the sized variants. */
const SIZED_COVER = /^(.*\/static\/covers\/[a-z]?[0-9]{1,7})\.svg$/;

export interface CoverSource {
  type: string;
  srcSet: string;
}

/** The `<source>`s for a cover, best format first, or null when its host has no sized variants (the URL as it is). */
export function coverSources(url: string): CoverSource[] | null {
  const m = SIZED_COVER.exec(url);
  if (!m) return null;
  return COVER_FORMATS.map((format) => ({
    type: COVER_MIME[format],
    srcSet: COVER_WIDTHS.map((w) => `${m[1]}.${format}?w=${w} ${w}w`).join(', '),
  }));
}
