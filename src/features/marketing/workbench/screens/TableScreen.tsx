import { useEffect } from 'react';

import { CountTable, NOW_COLUMNS, TODAY_COLUMNS } from '../components/CountTable';
import { WorkStatsSection } from '../components/WorkStatsSection';
import { statsRequested } from '../store/pages-slice';
import { selectStats, selectStatsTotals } from '../store/workbench-selectors';

import '../../shared/components/marketing.css';

import { Figures, ListSkeleton } from '@/features/marketing/shared';
import { useAppDispatch, useAppSelector } from '@/store';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { RetryBlock } from '@/ui/RetryBlock';

/** 数据表格: today's numbers, cards by category and state. */
export default function TableScreen() {
  const dispatch = useAppDispatch();
  const stats = useAppSelector(selectStats);
  const totals = useAppSelector(selectStatsTotals);
  useEffect(() => {
    dispatch(statsRequested());
  }, [dispatch]);
  const rows = stats.data?.rows ?? [];

  return (
    <main className="mk-page">
      {stats.status === 'loading' && !stats.data && <ListSkeleton rows={3} label="正在加载今日数据" />}
      {stats.status === 'failed' && !stats.data && (
        <RetryBlock
          title="数据加载失败"
          description={stats.error?.message}
          onRetry={() => void dispatch(statsRequested())}
        />
      )}
      {stats.data && (
        <>
          <Figures
            className="mk-kpis"
            label="今日概览"
            items={[
              { value: totals.createdToday, label: '今日新增' },
              { value: totals.handledToday, label: '今日处理' },
              { value: totals.convertedToday, label: '今日成交' },
            ]}
          />
          <p className="mk-bar">
            <span data-testid="table-open">
              {stats.data.date} · 工作台 {totals.open} 条 · 今日已推送 {stats.data.released_today} 条（每日上限{' '}
              {stats.data.daily_cap}）{stats.data.pulled_today > 0 ? ` · 提前处理 ${stats.data.pulled_today} 条` : ''}
            </span>
            <button type="button" onClick={() => dispatch(statsRequested())}>
              刷新
            </button>
          </p>
          <CountTable title="当前商机" columns={NOW_COLUMNS} rows={rows} />
          <CountTable title="今日变化" columns={TODAY_COLUMNS} rows={rows} />
          <WorkStatsSection />
          {rows.length === 0 && (
            <ErrorBlock status="empty" title="今天还没有商机" description="客户有新动态时会生成商机" />
          )}
        </>
      )}
    </main>
  );
}
