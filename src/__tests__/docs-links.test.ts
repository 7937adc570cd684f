/**
 * Code explains itself by linking the page and heading under docs/ it follows (`docs/rules/constants.md#timeouts`).
 * Such a link must lead somewhere: the page exists and, when an anchor is given, one of its headings has that anchor.
 * And code never points at documents the repository does not hold (the product spec and the product design file).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';

const repo = resolve(__dirname, '../..');
const ROOTS = ['src', 'server', 'scripts', '__tests__', 'config'];
const TEXT = new Set(['.ts', '.tsx', '.js', '.cjs', '.mjs', '.md', '.css', '.json']);
const SKIP = new Set(['node_modules', 'generated', 'assets']);

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!SKIP.has(name)) yield* files(path);
    } else if (TEXT.has(extname(name))) yield path;
  }
}

/** The anchor a Markdown heading gets: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

const anchorsOf = new Map<string, Set<string> | null>();
function anchors(page: string): Set<string> | null {
  if (!anchorsOf.has(page)) {
    let text: string | null = null;
    try {
      text = readFileSync(join(repo, page), 'utf8');
    } catch {
      text = null;
    }
    anchorsOf.set(
      page,
      text === null ? null : new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slug(m[1]!.trim()))),
    );
  }
  return anchorsOf.get(page)!;
}

const sources = ROOTS.flatMap((root) => [...files(join(repo, root))]).map((path) => ({
  file: relative(repo, path),
  text: readFileSync(path, 'utf8'),
}));

describe('links from the code to docs/', () => {
  test('slugs follow the Markdown rule', () => {
    expect(slug('Screens of our own')).toBe('screens-of-our-own');
    expect(slug('今日, product cards and the daily cap')).toBe('今日-product-cards-and-the-daily-cap');
    expect(slug('Screens for the people who must act (WeCom, route area `staff`)')).toBe(
      'screens-for-the-people-who-must-act-wecom-route-area-staff',
    );
  });

  test('every docs/ page and heading the code links exists', () => {
    const broken: string[] = [];
    let links = 0;
    for (const { file, text } of sources) {
      for (const m of text.matchAll(/\bdocs\/[\w/-]+\.md(?:#[\p{L}\p{N}_-]+)?/gu)) {
        links++;
        const [page, anchor] = m[0].split('#') as [string, string | undefined];
        const known = anchors(page);
        if (known === null) broken.push(`${file}: ${m[0]} (no such page)`);
        else if (anchor !== undefined && !known.has(anchor)) broken.push(`${file}: ${m[0]} (no such heading)`);
      }
    }
    expect(links).toBeGreaterThan(100);
    expect(broken).toEqual([]);
  });

  test('no reference to the spec or the product design outside the repository', () => {
    const outside = sources.flatMap(({ file, text }) =>
      text
        .split('\n')
        .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
        .filter(({ line }) =>
          /\b[Ss]pec(?:'s)?\s+(?:sections?\s+)?\u00a7?\s?\d|(?:^|[\s(,'"])\u00a7\s?\d\b(?!\s*[\u3000-\u9fff])|PRODUCT\.md/.test(
            line,
          ),
        )
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(outside).toEqual([]);
  });
});
