import type { PagedState } from '../store/invitation-slice';

/** Three grey rows while a first page loads. */
export function Skeleton() {
  return (
    <div aria-busy="true" aria-label="加载中">
      <div className="inv-skeleton" />
      <div className="inv-skeleton" />
      <div className="inv-skeleton" />
    </div>
  );
}

/** 加载更多 while there is more, 没有更多了 at the end of a list that has rows. */
export function More<T>({ list, onMore }: { list: PagedState<T>; onMore: () => void }) {
  if (list.items.length >= list.total) return list.items.length > 0 ? <p className="inv-empty">没有更多了</p> : null;
  return (
    <button
      type="button"
      className="inv-btn inv-btn--ghost inv-btn--block"
      onClick={onMore}
      disabled={list.loadingMore}
    >
      {list.loadingMore ? '加载中…' : '加载更多'}
    </button>
  );
}

/** A failed load with its message and 重试. */
export function Failed({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  return (
    <div className="inv-empty" role="alert">
      <p>{message ?? '加载失败'}</p>
      <button type="button" className="inv-btn" onClick={onRetry}>
        重试
      </button>
    </div>
  );
}
