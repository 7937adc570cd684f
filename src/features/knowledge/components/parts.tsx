import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { type ReactNode, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

import type { ListKind } from '../api';
import { listRequested, type ResourceKind, resourceRequested } from '../store/knowledge-slice';
import { selectList, selectResource } from '../store/selectors';
import { Failed, StoreError } from './StoreError';

import '../../../ui/button.css';
import './knowledge.css';

export { RichText, Thumbs } from './Thumbs';

import { businessDate } from '@/api/contract/dates';
import { parseId } from '@/api/contract/id';
import { useAppDispatch, useAppSelector } from '@/store';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { PullRefresh } from '@/ui/PullRefresh';

export function Loading({ rows = 4 }: { rows?: number }) {
  return (
    <div className="kn-pad" aria-busy="true">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={rows} animated />
    </div>
  );
}

/** One resource by key, requested on mount; children render its data. */
export function useResource<T>(key: string, kind: ResourceKind, id?: number) {
  const dispatch = useAppDispatch();
  const r = useAppSelector((s) => selectResource(s, key));
  const load = () => dispatch(resourceRequested({ key, kind, id, mode: 'reload' }));
  useEffect(() => {
    dispatch(resourceRequested({ key, kind, id }));
  }, [dispatch, key, kind, id]);
  return { ...r, data: r.data as T | null, reload: load };
}

/**
 * The resource the address names (?id=, else the next of `names` present). Hooks run on every render, so a bad id
 * still asks for a placeholder; `valid` false says to show the bad link instead.
 */
export function useAddressedResource<T>(kind: ResourceKind, names: readonly string[] = ['id']) {
  const [params] = useSearchParams();
  const id = parseId(names.map((n) => params.get(n)).find((v) => v !== null) ?? null) ?? 0;
  const valid = id > 0;
  return { valid, r: useResource<T>(`${kind}:${valid ? id : 0}`, kind, valid ? id : 1) };
}

export function ResourceView<T>({
  r,
  children,
}: {
  r: ReturnType<typeof useResource<T>>;
  children: (data: T) => ReactNode;
}) {
  if (r.status === 'failed' && !r.data && r.gone)
    return <StoreError title="找不到这个内容" description={r.error ?? '内容不存在或已下线'} />;
  if (r.status === 'failed' && !r.data) return <Failed message={r.error} onRetry={r.reload} />;
  if (!r.data) return <Loading />;
  return <PullRefresh onRefresh={async () => void r.reload()}>{children(r.data)}</PullRefresh>;
}

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
  if (list.status === 'failed' && list.items.length === 0)
    return <Failed message={list.error} onRetry={() => ask('refresh')} />;
  if ((list.status === 'loading' || list.status === 'idle') && list.items.length === 0) return <Loading rows={6} />;
  return (
    <PullRefresh onRefresh={async () => void ask('refresh')}>
      {list.items.length === 0 ? (
        <ErrorBlock status="empty" title="暂无内容" description={empty} />
      ) : (
        (list.items as T[]).map(render)
      )}
      {list.items.length > 0 && (
        <InfiniteScroll
          loadMore={async () => void ask('more')}
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

export function Disclaimer({ children }: { children: ReactNode }) {
  return <p className="kn-disclaimer">{children}</p>;
}

export const day = (ms: number) => businessDate(ms);
