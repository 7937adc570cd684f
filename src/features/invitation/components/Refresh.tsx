import type { ReactNode } from 'react';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';

/** Pull-to-refresh from the UI kit, loaded lazily with /record (its gesture libraries stay out of the first load). */
export default function Refresh({ onRefresh, children }: { onRefresh(): Promise<void>; children: ReactNode }) {
  return (
    <PullToRefresh onRefresh={onRefresh} pullingText="下拉刷新" canReleaseText="释放立即刷新" refreshingText="加载中…" completeText="刷新成功">
      {children}
    </PullToRefresh>
  );
}
