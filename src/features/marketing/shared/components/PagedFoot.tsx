import './marketing.css';

/** What PagedFoot reads of a paged list (useDetailList's answer). */
interface Paged {
  status: string;
  items: readonly unknown[];
  hasMore: boolean;
  error: unknown;
  more(): void;
}

/** A 加载更多 button's words while its list is at `status`: busy, after a failed next page, or ready. */
export const nextPageLabel = (status: string) =>
  status === 'loadingMore' ? '加载中…' : status === 'failed' ? '加载失败，点击重试' : '加载更多';

/** Under a paged list: 加载更多 (44 px), 加载中…, a retry after a failed page, or `end` once it is all there. */
export function PagedFoot({ list, end = '没有更多了' }: { list: Paged; end?: string }) {
  if (list.items.length === 0) return null;
  if (list.status === 'loadingMore') return <div className="mk-foot">加载中…</div>;
  if (list.error && list.hasMore)
    return (
      <button type="button" className="mk-more" onClick={list.more}>
        加载失败，点击重试
      </button>
    );
  if (list.hasMore)
    return (
      <button type="button" className="mk-more" onClick={list.more}>
        加载更多
      </button>
    );
  return <div className="mk-foot">{end}</div>;
}
