import { useState } from 'react';
import type { Location } from 'react-router-dom';

/** Bounded so a long session of opening many detail screens does not keep them all in memory. */
export const KEEP_ALIVE_LIMIT = 6;

export interface CacheEntry {
  /** Route name + path (see cacheKeyFor). */
  key: string;
  /** The address the entry shows; a hidden entry keeps rendering with it. */
  location: Location;
  lastUsed: number;
}

export interface CacheState {
  entries: readonly CacheEntry[];
  tick: number;
  seen: Location | null;
}

export const emptyCache: CacheState = { entries: [], tick: 0, seen: null };

/**
 * Marks `key` as the most recent entry (adding it if new) and evicts the least recently used
 * beyond `limit`. Entries keep their insertion order so React never moves a kept screen's DOM.
 */
export function touchCache(state: CacheState, key: string, location: Location, limit = KEEP_ALIVE_LIMIT): CacheState {
  const tick = state.tick + 1;
  const found = state.entries.some((entry) => entry.key === key);
  let entries = found
    ? state.entries.map((entry) => (entry.key === key ? { key, location, lastUsed: tick } : entry))
    : [...state.entries, { key, location, lastUsed: tick }];
  while (entries.length > Math.max(1, limit)) {
    const oldest = entries.reduce((a, b) => (b.lastUsed < a.lastUsed ? b : a));
    entries = entries.filter((entry) => entry !== oldest);
  }
  return { entries, tick, seen: location };
}

/**
 * Derives the cache from the locations seen so far (React's "adjust state while rendering"
 * pattern: the update lands before the commit, so a kept screen is never shown unmounted).
 */
export function useKeepAliveCache(
  current: { key: string; location: Location } | null,
  limit = KEEP_ALIVE_LIMIT,
): readonly CacheEntry[] {
  const [state, setState] = useState<CacheState>(emptyCache);
  if (current && state.seen !== current.location) {
    const next = touchCache(state, current.key, current.location, limit);
    setState(next);
    return next.entries;
  }
  return state.entries;
}
