import { type RawSourceMapInput, SourceMapConsumer } from 'source-map-js';

/** A frame of the built app in a stack: Chrome's `(https://host/js/main.1a2b3c4d.js:1:2345)`, Firefox's `@https://…`. */
const FRAME = /(?:https?:\/\/[^\s/()]+)?(\/js\/[\w.~-]+\.js):(\d+):(\d+)/g;

/** A chunk's source map by the chunk's path (`/js/<chunk>.js`); null when there is none for it. */
export type MapLoader = (chunkPath: string) => Promise<RawSourceMapInput | null>;

/**
 * The maps come from the viewer's own server, by the chunk's path: a chunk's name carries its content hash, so a
 * map of another build is simply not found and that frame stays as recorded. The local server serves the maps to
 * developers only; production keeps them on its disk.
 */
export const fetchMap: MapLoader = async (chunkPath) => {
  const answer = await fetch(`${chunkPath}.map`, { credentials: 'same-origin' });
  if (!answer.ok) return null;
  try {
    return (await answer.json()) as RawSourceMapInput;
  } catch {
    return null;
  }
};

/** `webpack://wealth-live/./src/x.ts` read as `src/x.ts`. */
const readable = (source: string) => source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');

/**
 * The stack with each built frame followed by its original file, line and column (` → src/x.ts:12:5`); null when no
 * frame could be mapped. Each chunk's map is loaded once.
 */
export async function mapStack(stack: string, loadMap: MapLoader = fetchMap): Promise<string | null> {
  const chunks = new Set<string>();
  for (const m of stack.matchAll(FRAME)) chunks.add(m[1]!);
  const consumers = new Map<string, SourceMapConsumer>();
  await Promise.all(
    [...chunks].map(async (chunk) => {
      try {
        const map = await loadMap(chunk);
        if (map) consumers.set(chunk, new SourceMapConsumer(map));
      } catch {
        // A missing or broken map leaves that chunk's frames as recorded.
      }
    }),
  );
  let mapped = 0;
  const out = stack.replace(FRAME, (frame: string, chunk: string, line: string, column: string) => {
    const found = consumers.get(chunk)?.originalPositionFor({ line: Number(line), column: Number(column) - 1 });
    if (!found?.source || found.line === null) return frame;
    mapped += 1;
    const name = found.name ? ` ${found.name}` : '';
    return `${frame} → ${readable(found.source)}:${found.line}:${found.column + 1}${name}`;
  });
  return mapped > 0 ? out : null;
}
