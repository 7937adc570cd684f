import Button from 'antd-mobile/es/components/button';
import { useEffect } from 'react';

import { Figures } from '../components/Figures';
import { ListSkeleton } from '../components/Toast';
import { statsRequested } from '../store/pages-slice';
import { selectStats, selectStatsTotals } from '../store/selectors';

import '../components/marketing.css';

import { useAppDispatch, useAppSelector } from '@/store';
import { ErrorBlock } from '@/ui/ErrorBlock';

type Row = NonNullable<ReturnType<typeof selectStats>['data']>['rows'][number];
type Column = readonly [keyof Row & string, string];

/** Two tables of at most five numbers each, so a 320 px phone shows every column without scrolling sideways. */
const NOW_COLUMNS: readonly Column[] = [
  ['new', '新'],
  ['viewed', '已看'],
  ['handling', '跟进中'],
  ['snoozed', '暂缓'],
];
const TODAY_COLUMNS: readonly Column[] = [
  ['created_today', '新增'],
  ['handled_today', '处理'],
  ['converted_today', '成交'],
  ['done', '完成'],
  ['ignored', '忽略'],
];

function CountTable({ title, columns, rows }: { title: string; columns: readonly Column[]; rows: readonly Row[] }) {
  const sum = (k: Column[0]) => rows.reduce((n, r) => n + Number(r[k]), 0);
  return (
    <div className="mk-table-wrap">
      <table className="mk-table">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">类别</th>
            {columns.map(([k, label]) => (
              <th scope="col" key={k}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.category_id}>
              <th scope="row" style={{ fontWeight: 400, textAlign: 'left' }}>
                {r.name}
              </th>
              {columns.map(([k]) => (
                <td key={k}>{String(r[k])}</td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td>合计</td>
            {columns.map(([k]) => (
              <td key={k}>{sum(k)}</td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

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
        <ErrorBlock status="disconnected" title="数据加载失败" description={stats.error?.message}>
          <Button color="primary" onClick={() => void dispatch(statsRequested())}>
            重试
          </Button>
        </ErrorBlock>
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
            <span>
              {stats.data.date} · 今日已推送 {stats.data.released_today}/{stats.data.daily_cap}
            </span>
            <button type="button" onClick={() => dispatch(statsRequested())}>
              刷新
            </button>
          </p>
          <CountTable title="当前商机" columns={NOW_COLUMNS} rows={rows} />
          <CountTable title="今日变化" columns={TODAY_COLUMNS} rows={rows} />
          {rows.length === 0 && (
            <ErrorBlock status="empty" title="今天还没有商机" description="客户有新动态时会生成商机" />
          )}
        </>
      )}
    </main>
  );
}
