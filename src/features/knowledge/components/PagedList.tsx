import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import { type ReactNode, useEffect } from 'react';

import type { ListKind } from '../api';
import { listRequested } from '../store/knowledge-slice';
import { selectList } from '../store/selectors';
import { Loading } from './parts';
import { Failed } from './StoreError';

import { NEXT_PAGE, type RootState, useAppDispatch, useAppSelector, useRefresh } from '@/store';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { PullRefresh } from '@/ui/PullRefresh';

/** A paged list: first page on mount, pull to refresh, more on scroll, empty and error states. */
export function PagedList<T>({
  listKey,
  kind,
  query,
  empty,
  render,
}: {
  listKey: string;
  kind: ListKind;
  query?: Record<string, string | number>;
  empty: string;
  render: (item: T) => ReactNode;
}) {
  const dispatch = useAppDispatch();
  const list = useAppSelector((s) => selectList(s, listKey));
  const q = JSON.stringify(query ?? {});
  useEffect(() => {
    dispatch(listRequested({ key: listKey, kind, query: JSON.parse(q) as Record<string, string>, mode: 'initial' }));
  }, [dispatch, listKey, kind, q]);
  const ask = (mode: 'refresh' | 'more') => dispatch(listRequested({ key: listKey, kind, query, mode }));
  const part = (state: RootState) => [selectList(state, listKey)];
  const onRefresh = useRefresh(() => ask('refresh'), part);
  const more = useRefresh(() => ask('more'), part, NEXT_PAGE);
  if (list.status === 'failed' && list.items.length === 0)
    return <Failed message={list.error} onRetry={() => ask('refresh')} />;
  if ((list.status === 'loading' || list.status === 'idle') && list.items.length === 0) return <Loading rows={6} />;
  return (
    <PullRefresh onRefresh={onRefresh}>
      {list.items.length === 0 ? (
        <ErrorBlock status="empty" title="暂无内容" description={empty} />
      ) : (
        (list.items as T[]).map(render)
      )}
      {list.items.length > 0 && (
        <InfiniteScroll
          loadMore={async () => void (await more())}
          hasMore={Boolean(list.next) && list.status !== 'failed'}
          threshold={200}
        >
          {(more) => <span className="kn-more">{more ? '加载中…' : '没有更多了'}</span>}
        </InfiniteScroll>
      )}
      {list.status === 'failed' && list.items.length > 0 && (
        <button type="button" className="ui-btn kn-btn--wide" onClick={() => ask('more')}>
          加载失败，点击重试
        </button>
      )}
    </PullRefresh>
  );
}
