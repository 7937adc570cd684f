import { type CSSProperties, useEffect, useState } from 'react';

import { sanitizeArticle } from './sanitize-html';

/**
 * Article HTML as a reader sees it: sanitized here before it is shown (the server sanitized it on write too).
 * Until the sanitizer has run the block stays empty and busy; `waitingStyle` holds its place meanwhile.
 */
export function SanitizedHtml({
  html,
  className,
  waitingStyle,
}: {
  html: string;
  className: string;
  waitingStyle?: CSSProperties;
}) {
  const [clean, setClean] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    void sanitizeArticle(html).then((h) => alive && setClean(h));
    return () => {
      alive = false;
    };
  }, [html]);
  if (clean === null) return <div className={className} aria-busy="true" style={waitingStyle} />;
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
