import { useCallback, useEffect, useRef } from 'react';

import { homeListMoreRequested, homeListRefreshRequested } from '../store/lives-slice';
import type { selectHomeList } from '../store/selectors';

import { useAppDispatch } from '@/store';

/** Resolves the promises the gesture components wait on once the store leaves a busy status. */
function useSettleWhen(busy: boolean) {
  const waiters = useRef<Array<() => void>>([]);
  useEffect(() => {
    if (!busy) waiters.current.splice(0).forEach((resolve) => resolve());
  }, [busy]);
  return useCallback(() => new Promise<void>((resolve) => waiters.current.push(resolve)), []);
}

/** Pull to refresh and load more on the home list, each settling when the store says the request ended. */
export function useHomeGestures(list: ReturnType<typeof selectHomeList>) {
  const dispatch = useAppDispatch();
  const waitRefresh = useSettleWhen(list.status === 'refreshing');
  const waitMore = useSettleWhen(list.status === 'loadingMore');
  const moreErrorRef = useRef(list.moreError);
  moreErrorRef.current = list.moreError;

  const onRefresh = useCallback(async () => {
    dispatch(homeListRefreshRequested());
    await waitRefresh();
  }, [dispatch, waitRefresh]);

  const onLoadMore = useCallback(async () => {
    dispatch(homeListMoreRequested());
    await waitMore();
    // InfiniteScroll shows its retry when loadMore rejects.
    if (moreErrorRef.current) throw new Error(moreErrorRef.current.message);
  }, [dispatch, waitMore]);

  return { onRefresh, onLoadMore };
}
