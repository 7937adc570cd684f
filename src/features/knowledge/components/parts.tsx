import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { type ReactNode, useEffect, useState } from 'react';

import type { ListKind } from '../api';
import { listRequested, type ResourceKind, resourceRequested, thumbsTapped } from '../store/knowledge-slice';
import { selectLike, selectList, selectResource } from '../store/selectors';

import './knowledge.css';

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

export function Failed({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  return (
    <ErrorBlock status="disconnected" title="加载失败" description={message ?? '网络异常'}>
      <button type="button" className="kn-btn" onClick={onRetry}>
        重试
      </button>
    </ErrorBlock>
  );
}

/** One resource by key, requested on mount; children render its data. */
export function useResource<T>(key: string, kind: ResourceKind, id?: number) {
  const dispatch = useAppDispatch();
  const r = useAppSelector((s) => selectResource(s, key));
  const load = () => dispatch(resourceRequested({ key, kind, id }));
  useEffect(() => {
    dispatch(resourceRequested({ key, kind, id }));
  }, [dispatch, key, kind, id]);
  return { ...r, data: r.data as T | null, reload: load };
}

export function ResourceView<T>({
  r,
  children,
}: {
  r: ReturnType<typeof useResource<T>>;
  children: (data: T) => ReactNode;
}) {
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
        <button type="button" className="kn-btn kn-btn--wide" onClick={() => ask('more')}>
          加载失败，点击重试
        </button>
      )}
    </PullRefresh>
  );
}

/** Sanitized rich text (DOMPurify in its own chunk); images load lazily. */
export function RichText({ html }: { html: string }) {
  const [safe, setSafe] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import(/* webpackChunkName: "sanitize" */ '../sanitize').then(
      ({ sanitizeHtml }) => live && setSafe(sanitizeHtml(html)),
      () => live && setSafe(''),
    );
    return () => {
      live = false;
    };
  }, [html]);
  if (safe === null) return <Skeleton.Paragraph lineCount={3} animated />;
  return <div className="kn-rich" dangerouslySetInnerHTML={{ __html: safe }} />;
}

export function Thumbs({
  itemType,
  itemId,
  liked,
  likes,
}: {
  itemType: 'answer' | 'article';
  itemId: number;
  liked: boolean;
  likes: number;
}) {
  const dispatch = useAppDispatch();
  const like = useAppSelector((s) => selectLike(s, `${itemType}:${itemId}`, { liked, likes }));
  return (
    <button
      type="button"
      className={`kn-thumb${like.liked ? ' kn-thumb--on' : ''}`}
      aria-pressed={like.liked}
      aria-label={`点赞 ${like.likes}`}
      onClick={() => dispatch(thumbsTapped({ itemType, itemId, liked: like.liked, likes: like.likes }))}
    >
      {/* Drawn, not an emoji: phones without a colour-emoji font showed an empty box. */}
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        fill={like.liked ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      >
        <path d="M7 10v11H3V10h4zm0 0l4-8c1.7 0 3 1.3 3 3v3h5.5c1.2 0 2.1 1.1 1.9 2.3l-1.4 8.4c-.2 1-1 1.3-2 1.3H7" />
      </svg>
      <span>{like.likes}</span>
    </button>
  );
}

export function Disclaimer({ children }: { children: ReactNode }) {
  return <p className="kn-disclaimer">{children}</p>;
}

export const day = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
