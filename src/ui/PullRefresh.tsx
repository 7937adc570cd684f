import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import type { ReactNode } from 'react';

export interface PullRefreshProps {
  onRefresh: () => Promise<void>;
  children: ReactNode;
}

/**
 * The UI kit's pull-to-refresh with the app's wording: one place for every screen that has it.
 *
 * Import it statically in a screen's own chunk. Rendering the content first on its own and then
 * inside this wrapper once a lazy chunk arrives (a Suspense fallback of the same children) mounts
 * the content twice: whatever the user did meanwhile (a chosen chart period, an open section) is
 * reset. That lost the 成立以来 tap on rateDetail on a slow first load.
 */
export function PullRefresh({ onRefresh, children }: PullRefreshProps) {
  return (
    <PullToRefresh
      onRefresh={onRefresh}
      pullingText="下拉刷新"
      canReleaseText="释放立即刷新"
      refreshingText="加载中…"
      completeText="刷新成功"
    >
      {children}
    </PullToRefresh>
  );
}
