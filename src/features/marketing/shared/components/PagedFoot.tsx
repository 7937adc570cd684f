import './marketing.css';

/** What PagedFoot reads of a paged list (useDetailList's answer). */
interface Paged {
  status: string;
  items: readonly unknown[];
  hasMore: boolean;
  more(): void;
}

/** A next-page button's words while its list is at `status`: busy, after a failed next page, or `ready`. */
export const nextPageLabel = (status: string, ready = '加载更多') =>
  status === 'loadingMore' ? '加载中…' : status === 'failed' ? '加载失败，点击重试' : ready;

/** Under a paged list: 加载更多 (44 px), 加载中…, a retry after a failed page, or `end` once it is all there. */
export function PagedFoot({ list, end = '没有更多了' }: { list: Paged; end?: string }) {
  if (list.items.length === 0) return null;
  if (list.status === 'loadingMore') return <div className="mk-foot">加载中…</div>;
  // After a failed pull the list is loaded again with its old pages: the foot goes on with 加载更多, and the
  // retry is offered only when the next page itself failed.
  if (list.hasMore)
    return (
      <button type="button" className="mk-more" onClick={list.more}>
        {nextPageLabel(list.status)}
      </button>
    );
  return <div className="mk-foot">{end}</div>;
}
