import type { ImgHTMLAttributes } from 'react';

import { coverSources } from '../api/contract/covers';

interface Props extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'> {
  src: string;
  /** The width the cover takes on screen (CSS `sizes`): the browser picks the variant for it and the screen's density. */
  sizes: string;
}

/**
 * A live cover sized for the phone in the best format the browser decodes: AVIF, else WebP, else
 * JPEG, each at a few widths; the original URL for a host without sized variants. The same markup on the server and
 * the client, so hydration matches.
 */
export function CoverImage({ src, sizes, alt = '', ...img }: Props) {
  const sources = coverSources(src);
  const image = <img src={src} alt={alt} {...img} />;
  if (!sources) return image;
  return (
    <picture>
      {sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={sizes} />
      ))}
      {image}
    </picture>
  );
}
