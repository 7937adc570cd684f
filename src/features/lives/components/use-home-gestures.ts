import { useCallback } from 'react';

import { homeListMoreRequested, homeListRefreshRequested } from '../store/lives-slice';
import { selectHomeList } from '../store/selectors';

import { NEXT_PAGE, type RootState, useAppDispatch, useRefresh } from '@/store';

const refreshPart = (state: RootState) => {
  const list = selectHomeList(state);
  return [{ status: list.status, error: list.refreshError }];
};
const morePart = (state: RootState) => {
  const list = selectHomeList(state);
  return [{ status: list.status, error: list.moreError }];
};

/** Pull to refresh and load more on the home list, each settling with what the store says the request came to. */
export function useHomeGestures() {
  const dispatch = useAppDispatch();
  const onRefresh = useRefresh(() => dispatch(homeListRefreshRequested()), refreshPart);
  const more = useRefresh(() => dispatch(homeListMoreRequested()), morePart, NEXT_PAGE);
  const onLoadMore = useCallback(async () => {
    // InfiniteScroll shows its retry when loadMore rejects.
    if ((await more()) === 'failed') throw new Error('下一页加载失败');
  }, [more]);
  return { onRefresh, onLoadMore };
}
