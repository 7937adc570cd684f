import { useCallback, useRef } from 'react';
import { useStore } from 'react-redux';

import type { RootState } from './root-reducer';

import type { RefreshOutcome } from '@/ui/PullRefresh';

/** A piece of loaded state as the slices keep it: an explicit status and, once it failed, its error. */
export interface Loadable {
  readonly status: string;
  readonly error?: unknown;
}

/** A refresh runs while any of its parts is loading or refreshing ('loadingMore' is paging, not a refresh). */
const REFRESHING: readonly string[] = ['loading', 'refreshing'];
/**
 * A next page's wait: it also waits out a first load or a refresh under way (the reducers refuse the page
 * meanwhile), since settling at once would have the paging ask again and again until the refresh ends.
 */
export const NEXT_PAGE: readonly string[] = ['loadingMore', 'refreshing', 'loading'];

/**
 * Pull-to-refresh's promise, read from the store itself. It starts the refresh, then settles when none of
 * `parts` is busy any more: `failed` if one of them holds an error, `refreshed` otherwise, and `unchanged` when
 * none became busy at all (the reducers refused the request, e.g. a refresh while a page is still loading).
 * `busy` names the statuses that count as at it: a next page's wait passes its own.
 *
 * Not from renders: a refresh that ends before React renders its busy state was never seen to start, and a refused
 * one never ends, so a promise settled by a render's "no longer busy" could wait forever with the head spinning.
 */
export function useRefresh(
  start: () => void,
  parts: (state: RootState) => ReadonlyArray<Loadable | null | undefined>,
  busy: readonly string[] = REFRESHING,
): () => Promise<RefreshOutcome> {
  const store = useStore<RootState>();
  // The latest callbacks, without making the returned function change on each render of the screen.
  const latest = useRef({ start, parts, busy });
  latest.current = { start, parts, busy };
  return useCallback(
    () =>
      new Promise<RefreshOutcome>((resolve) => {
        let started = false;
        let starting = true;
        const check = () => {
          const now = latest.current.parts(store.getState());
          if (now.some((p) => p && latest.current.busy.includes(p.status))) {
            started = true;
            return;
          }
          // Between the dispatches of one start nothing has settled yet.
          if (starting) return;
          unsubscribe();
          resolve(!started ? 'unchanged' : now.some((p) => p?.error) ? 'failed' : 'refreshed');
        };
        const unsubscribe = store.subscribe(check);
        try {
          latest.current.start();
        } finally {
          starting = false;
        }
        check();
      }),
    [store],
  );
}
