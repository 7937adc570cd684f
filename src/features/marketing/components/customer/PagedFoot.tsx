/** Under a paged list: 加载更多 (44 px), 加载中…, a retry after a failed page, or the end. */
export function PagedFoot({ status, hasMore, failed, count, onMore }: { status: string; hasMore: boolean; failed: boolean; count: number; onMore(): void }) {
  if (count === 0) return null;
  if (status === 'loadingMore') return <div className="mk-foot">加载中…</div>;
  if (failed && hasMore) return <button type="button" className="cu-more" onClick={onMore}>加载失败，点击重试</button>;
  if (hasMore) return <button type="button" className="cu-more" onClick={onMore}>加载更多</button>;
  return <div className="mk-foot">没有更多了</div>;
}
