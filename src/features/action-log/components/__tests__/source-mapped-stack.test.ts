import { SourceMapGenerator } from 'source-map-js';

import { mapStack } from '../source-mapped-stack';

/** A built chunk whose line 1, column 101 (0-based 100) came from src/features/lives/HomeList.tsx line 42, column 7. */
function smallMap() {
  const generator = new SourceMapGenerator({ file: 'main.1a2b3c4d.js' });
  generator.addMapping({
    source: 'webpack://wealth-live/./src/features/lives/HomeList.tsx',
    original: { line: 42, column: 6 },
    generated: { line: 1, column: 100 },
    name: 'renderRow',
  });
  generator.addMapping({
    source: 'webpack://wealth-live/./src/app/App.tsx',
    original: { line: 9, column: 2 },
    generated: { line: 3, column: 0 },
  });
  return JSON.parse(generator.toString()) as ReturnType<SourceMapGenerator['toJSON']>;
}

const STACK = [
  'TypeError: list is undefined',
  '    at renderRow (https://live.example.com/js/main.1a2b3c4d.js:1:101)',
  '    at https://live.example.com/js/main.1a2b3c4d.js:3:1',
  '    at other (https://live.example.com/js/412.9f8e7d.js:1:5)',
  'f@https://live.example.com/js/main.1a2b3c4d.js:1:101',
].join('\n');

describe('source-mapped stacks in the viewer', () => {
  it('maps each frame of a chunk whose map is found to the original file, line and column; others stay as they were', async () => {
    const loaded: string[] = [];
    const mapped = await mapStack(STACK, async (chunk) => {
      loaded.push(chunk);
      return chunk === '/js/main.1a2b3c4d.js' ? smallMap() : null;
    });
    expect(mapped?.split('\n')).toEqual([
      'TypeError: list is undefined',
      '    at renderRow (https://live.example.com/js/main.1a2b3c4d.js:1:101 → src/features/lives/HomeList.tsx:42:7 renderRow)',
      '    at https://live.example.com/js/main.1a2b3c4d.js:3:1 → src/app/App.tsx:9:3',
      '    at other (https://live.example.com/js/412.9f8e7d.js:1:5)',
      'f@https://live.example.com/js/main.1a2b3c4d.js:1:101 → src/features/lives/HomeList.tsx:42:7 renderRow',
    ]);
    // Each chunk's map is asked for once.
    expect(loaded.sort()).toEqual(['/js/412.9f8e7d.js', '/js/main.1a2b3c4d.js']);
  });

  it('gives null when nothing maps: no map found, a broken map, or no built frame', async () => {
    await expect(mapStack(STACK, async () => null)).resolves.toBeNull();
    await expect(
      mapStack(STACK, async () => {
        throw new Error('404');
      }),
    ).resolves.toBeNull();
    await expect(mapStack('Error: x\n    at <anonymous>:1:1', async () => smallMap())).resolves.toBeNull();
  });
});
