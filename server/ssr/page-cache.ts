import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

import { keepNewest } from '../../src/lib/keep-newest';

/**
 * Public pages rendered once per data version, not per request. A page is served from memory while the data it
 * was rendered from was read less than PAGE_STALE_MS ago; after that its data is read again (the loader: the same
 * repository reads as the API, from the database and Redis, so another server's change shows too) and compared with
 * what the kept page was rendered from. Unchanged data keeps the page's bytes (no render, no compression); changed
 * data renders, compresses and replaces them. A refresher re-reads the pages asked for lately before they go stale,
 * so a request finds them fresh: its first byte is a memory read.
 */

/** The most a served page's data may lag the database: one second. */
export const PAGE_STALE_MS = 1000;
/** The refresher re-reads a hot page once its data is this old: read again before PAGE_STALE_MS, with room for the read. */
const PAGE_REFRESH_AFTER_MS = 600;
/**
 * A page asked for twice within this long, the last time within it too, is kept fresh by the refresher. One opened
 * once is read on demand: keeping it fresh would cost a read a second for a page nobody may open again.
 */
const PAGE_HOT_MS = 30_000;
/** How often the refresher looks, and how many pages at most it reads in one look (one after another). */
const REFRESH_TICK_MS = 100;
const REFRESH_MAX = 16;
/** Pages kept per process; the least recently asked for goes first. */
const PAGE_CACHE_MAX = 256;

/** A page as sent: its bytes in each encoding (made once), and their tags. */
export interface CachedPage {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** Strong tag of the raw bytes; the encoded ones carry a suffix (each encoding is its own representation). */
  etag: string;
}

/** What a page's loader read: the version (whatever its render is a function of) and how to render it. */
export interface LoadedPage {
  version: string;
  render: () => Promise<string>;
  /** False for a page rendered for one viewer: it is sent to that request only, never kept. */
  shared: boolean;
}
/** Reads a page's data; null when the address has nothing to render (the caller sends the shell). */
export type PageLoader = () => Promise<LoadedPage | null>;

interface Entry {
  load: PageLoader;
  version: string;
  page: CachedPage;
  /** When the read its page stands on began (the cache's clock). */
  readAt: number;
  /** When a request last asked for it, and the time before. */
  usedAt: number;
  usedBefore: number;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Both encodings in the thread pool: a render's compression does not hold up other requests. */
async function encode(html: string): Promise<CachedPage> {
  const raw = Buffer.from(html, 'utf8');
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzip(raw, { level: 9 }),
  ]);
  const etag = `"${createHash('sha256').update(raw).digest('base64url').slice(0, 22)}"`;
  return { raw, br, gzip: gz, etag };
}

export interface PageCacheOptions {
  /** Milliseconds on a clock that only moves forward (tests move it by hand). */
  clock: () => number;
  /** Called with a refresher's failure (the page is dropped and read on demand next time). */
  onError?: (error: unknown, key: string) => void;
}

export interface PageCache {
  /**
   * The page for `key` (the address and whatever else of the request its render depends on), from memory when
   * fresh; else `load` reads its data and it is rendered only if that changed. Null: nothing to render.
   */
  page(key: string, load: PageLoader): Promise<CachedPage | null>;
  /** One look of the refresher: re-reads the pages asked for lately whose data is getting old. */
  refreshHot(): Promise<void>;
  /** Starts the refresher's timer; the returned function stops it. */
  startRefresher(): () => void;
}

export function createPageCache(opts: PageCacheOptions): PageCache {
  const entries = new Map<string, Entry>();
  // One read per page at a time: a burst of requests when a page goes stale waits for one read, not one each.
  const pending = new Map<string, Promise<CachedPage | null>>();

  async function revalidate(key: string, load: PageLoader): Promise<CachedPage | null> {
    const readAt = opts.clock();
    const loaded = await load();
    const kept = entries.get(key);
    if (!loaded) {
      entries.delete(key);
      return null;
    }
    if (kept && loaded.shared && kept.version === loaded.version) {
      kept.readAt = Math.max(kept.readAt, readAt);
      return kept.page;
    }
    const page = await encode(await loaded.render());
    if (loaded.shared) {
      const used = { usedAt: kept?.usedAt ?? readAt, usedBefore: kept?.usedBefore ?? Number.NEGATIVE_INFINITY };
      keepNewest(entries, key, { load, version: loaded.version, page, readAt, ...used }, PAGE_CACHE_MAX);
    } else entries.delete(key);
    return page;
  }

  function once(key: string, load: PageLoader): Promise<CachedPage | null> {
    const running = pending.get(key);
    if (running) return running;
    const started = revalidate(key, load).finally(() => pending.delete(key));
    pending.set(key, started);
    return started;
  }

  let refreshing = false;
  const cache: PageCache = {
    async page(key, load) {
      const now = opts.clock();
      const kept = entries.get(key);
      if (kept) {
        kept.usedBefore = kept.usedAt;
        kept.usedAt = now;
        // Most recently asked for last: the least asked for goes first when full.
        keepNewest(entries, key, kept, PAGE_CACHE_MAX);
        if (now - kept.readAt < PAGE_STALE_MS) return kept.page;
      }
      return once(key, load);
    },

    async refreshHot() {
      if (refreshing) return;
      refreshing = true;
      try {
        const now = opts.clock();
        const due = [...entries]
          .filter(
            ([, e]) =>
              now - e.usedAt < PAGE_HOT_MS &&
              e.usedAt - e.usedBefore < PAGE_HOT_MS &&
              now - e.readAt >= PAGE_REFRESH_AFTER_MS,
          )
          .sort(([, a], [, b]) => b.usedAt - a.usedAt)
          .slice(0, REFRESH_MAX);
        for (const [key, entry] of due) {
          try {
            await once(key, entry.load);
          } catch (error) {
            entries.delete(key);
            opts.onError?.(error, key);
          }
        }
      } finally {
        refreshing = false;
      }
    },

    startRefresher() {
      const timer = setInterval(() => void cache.refreshHot(), REFRESH_TICK_MS);
      // A server that is closing must not be kept alive by its refresher.
      timer.unref();
      return () => clearInterval(timer);
    },
  };
  return cache;
}
