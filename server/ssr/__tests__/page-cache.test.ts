import zlib from 'node:zlib';

import { createPageCache, type LoadedPage, PAGE_STALE_MS } from '../page-cache';

/** A page source whose data the test changes: counts its reads and renders. */
function source(initial: string) {
  const s = {
    version: initial,
    shared: true,
    reads: 0,
    renders: 0,
    load: async (): Promise<LoadedPage | null> => {
      s.reads += 1;
      const version = s.version;
      if (version === 'gone') return null;
      return {
        version,
        shared: s.shared,
        render: async () => {
          s.renders += 1;
          return `<!doctype html><html><body><div id="root" data-ssr="home">${version.repeat(50)}</div></body></html>`;
        },
      };
    },
  };
  return s;
}

function setUp() {
  let ms = 10_000;
  const cache = createPageCache({ clock: () => ms });
  return { cache, advance: (by: number) => void (ms += by) };
}

const text = (b: Buffer) => b.toString('utf8');

test('a page is served from memory for 1,000 ms after its data was read, then read again', async () => {
  expect(PAGE_STALE_MS).toBe(1000);
  const { cache, advance } = setUp();
  const src = source('v1');
  const first = await cache.page('web /', src.load);
  expect(text(first!.raw)).toContain('v1v1');
  src.version = 'v2';
  advance(999);
  // One millisecond short of a second: the kept bytes, no read.
  expect(await cache.page('web /', src.load)).toBe(first);
  expect(src.reads).toBe(1);
  advance(1);
  // At a second: read again, and the change is in the page.
  const second = await cache.page('web /', src.load);
  expect(src.reads).toBe(2);
  expect(text(second!.raw)).toContain('v2v2');
  expect(second!.etag).not.toBe(first!.etag);
});

test('unchanged data keeps the same bytes: no render and no compression again', async () => {
  const { cache, advance } = setUp();
  const src = source('v1');
  const first = await cache.page('web /', src.load);
  advance(1500);
  const again = await cache.page('web /', src.load);
  expect(src.reads).toBe(2);
  expect(src.renders).toBe(1);
  expect(again).toBe(first);
  // Read at 1,500 ms: fresh until 2,499 ms.
  advance(999);
  expect(await cache.page('web /', src.load)).toBe(first);
  expect(src.reads).toBe(2);
});

test('brotli and gzip are made once with the page and hold the same HTML', async () => {
  const { cache } = setUp();
  const page = await cache.page('web /', source('v1').load);
  expect(zlib.brotliDecompressSync(page!.br).equals(page!.raw)).toBe(true);
  expect(zlib.gunzipSync(page!.gzip).equals(page!.raw)).toBe(true);
  expect(page!.br.length).toBeLessThan(page!.raw.length);
  expect(page!.etag).toMatch(/^"[\w-]{22}"$/);
});

test('requests arriving while a page is read wait for that one read', async () => {
  const { cache, advance } = setUp();
  const src = source('v1');
  await cache.page('web /', src.load);
  advance(PAGE_STALE_MS);
  src.version = 'v2';
  const [a, b, c] = await Promise.all([1, 2, 3].map(() => cache.page('web /', src.load)));
  expect(src.reads).toBe(2);
  expect(src.renders).toBe(2);
  expect(a).toBe(b);
  expect(b).toBe(c);
});

test('a page rendered for one viewer is sent to that request only, never kept', async () => {
  const { cache } = setUp();
  const mine = source('mine');
  mine.shared = false;
  await cache.page('mini-program /?uuid=u5', mine.load);
  await cache.page('mini-program /?uuid=u5', mine.load);
  expect(mine.reads).toBe(2);
  expect(mine.renders).toBe(2);
});

test('an address with nothing to render any more is dropped', async () => {
  const { cache, advance } = setUp();
  const src = source('v1');
  await cache.page('web /about/5', src.load);
  src.version = 'gone';
  advance(PAGE_STALE_MS);
  expect(await cache.page('web /about/5', src.load)).toBeNull();
  src.version = 'v3';
  expect(text((await cache.page('web /about/5', src.load))!.raw)).toContain('v3');
});

test('the refresher keeps a page asked for twice fresh, so the next request reads nothing', async () => {
  const { cache, advance } = setUp();
  const hot = source('h1');
  const once = source('o1');
  await cache.page('web /', hot.load);
  await cache.page('web /about/5', once.load);
  advance(5000);
  await cache.page('web /', hot.load);
  expect(hot.reads).toBe(2);
  hot.version = 'h2';
  once.version = 'o2';
  // Younger than 600 ms: not yet due.
  advance(599);
  await cache.refreshHot();
  expect(hot.reads).toBe(2);
  advance(1);
  await cache.refreshHot();
  expect(hot.reads).toBe(3);
  // Asked for once only: left to be read on demand.
  expect(once.reads).toBe(1);
  // Within a second of the refresher's read: from memory, with the change.
  advance(900);
  expect(text((await cache.page('web /', hot.load))!.raw)).toContain('h2');
  expect(hot.reads).toBe(3);
});

test('a page nobody asked for in 30 s is no longer refreshed', async () => {
  const { cache, advance } = setUp();
  const src = source('v1');
  await cache.page('web /', src.load);
  advance(100);
  await cache.page('web /', src.load);
  advance(30_000);
  await cache.refreshHot();
  expect(src.reads).toBe(1);
});

test('a refresher read that fails drops the page: the next request reads it again', async () => {
  const errors: string[] = [];
  let ms = 0;
  const cache = createPageCache({ clock: () => ms, onError: (_e, key) => errors.push(key) });
  const src = source('v1');
  let fail = false;
  const load = async () => {
    if (fail) throw new Error('database away');
    return src.load();
  };
  await cache.page('web /', load);
  ms += 10;
  await cache.page('web /', load);
  fail = true;
  ms += 600;
  await cache.refreshHot();
  expect(errors).toEqual(['web /']);
  fail = false;
  src.version = 'v2';
  // Dropped: read on demand at once, though its last good read is younger than a second.
  expect(text((await cache.page('web /', load))!.raw)).toContain('v2');
});
