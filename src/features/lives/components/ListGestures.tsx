import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import type { ReactNode } from 'react';

import { PullRefresh } from '@/ui/PullRefresh';

export interface ListGesturesProps {
  children: ReactNode;
  onRefresh: () => Promise<void>;
  onLoadMore: () => Promise<void>;
  hasMore: boolean;
}

/**
 * Pull-to-refresh and paging from the UI kit. Loaded after the first paint (see
 * HomeScreen): their gesture and spring libraries would double the first-load script.
 */
export default function ListGestures({ children, onRefresh, onLoadMore, hasMore }: ListGesturesProps) {
  return (
    <PullRefresh onRefresh={onRefresh}>
      {children}
      <InfiniteScroll loadMore={onLoadMore} hasMore={hasMore} threshold={300}>
        {(more, failed, retry) =>
          failed ? (
            <button type="button" className="home-list__more" onClick={() => void retry()}>
              加载失败，点击重试
            </button>
          ) : (
            <span className="home-list__more">{more ? '加载中…' : '没有更多了'}</span>
          )
        }
      </InfiniteScroll>
    </PullRefresh>
  );
}
