import { highlightParts } from '@/features/marketing/shared';

/** The matched parts of a search result marked (ranges from the server). */
export function Highlight({ text, ranges }: { text: string; ranges: ReadonlyArray<readonly [number, number]> }) {
  return (
    <>
      {highlightParts(text, ranges).map((p, i) =>
        p.hit ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>,
      )}
    </>
  );
}
