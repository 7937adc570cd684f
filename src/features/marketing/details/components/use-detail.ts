import { useCallback, useEffect } from 'react';

import type {
  DetailDataOf,
  DetailKind,
  DetailParamsOf,
  ListItemOf,
  ListKind,
  ListParamsOf,
} from '../store/details-fetchers';
import {
  detailKey,
  detailListRequested,
  detailRequested,
  EMPTY_ENTRY,
  EMPTY_LIST,
  selectDetails,
} from '../store/details-slice';

import { type RootState, useAppDispatch, useAppSelector } from '@/store';

/**
 * One keyed thing for a detail screen: loads on first use (not again when the screen comes back, so
 * back shows what it showed), `reload` for pull-to-refresh and retry. `params` null: not yet known
 * (an invalid id in the address): nothing is requested.
 */
export function useDetail<K extends DetailKind>(kind: K, params: DetailParamsOf<K> | null) {
  const dispatch = useAppDispatch();
  const key = params ? detailKey(kind, params) : null;
  const entry = useAppSelector((s) => (key ? selectDetails(s).entries[key] : undefined)) ?? EMPTY_ENTRY;
  useEffect(() => {
    if (key && params) dispatch(detailRequested({ key, kind, params, mode: 'first' }));
    // The key stands for the parameters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, key]);
  const reload = useCallback(() => {
    if (key && params) dispatch(detailRequested({ key, kind, params, mode: 'refresh' }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, key]);
  // What a pull-to-refresh waits on (useRefresh): this entry as the store holds it now.
  const part = useCallback((s: RootState) => (key ? selectDetails(s).entries[key] : undefined), [key]);
  return { status: entry.status, data: entry.data as DetailDataOf<K> | null, error: entry.error, reload, part };
}

/** One keyed paged list: first page on first use, `refresh` and `more` for pull-to-refresh and paging. */
export function useDetailList<K extends ListKind>(kind: K, params: ListParamsOf<K> | null) {
  const dispatch = useAppDispatch();
  const key = params ? detailKey(kind, params) : null;
  const list = useAppSelector((s) => (key ? selectDetails(s).lists[key] : undefined)) ?? EMPTY_LIST;
  const request = useCallback(
    (mode: 'first' | 'refresh' | 'more') => {
      if (key && params) dispatch(detailListRequested({ key, kind, params, mode }));
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [dispatch, key],
  );
  useEffect(() => request('first'), [request]);
  const part = useCallback((s: RootState) => (key ? selectDetails(s).lists[key] : undefined), [key]);
  return {
    status: list.status,
    items: list.items as ListItemOf<K>[],
    hasMore: list.next !== null,
    total: list.total,
    error: list.error,
    refresh: useCallback(() => request('refresh'), [request]),
    more: useCallback(() => request('more'), [request]),
    /** What a pull-to-refresh waits on (useRefresh): this list as the store holds it now. */
    part,
  };
}
