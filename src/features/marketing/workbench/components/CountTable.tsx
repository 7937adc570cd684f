import type { CardStats } from '@/api/contract/market-map';

type Row = CardStats['rows'][number];
type Column = readonly [keyof Row & string, string];

/** Two tables of at most five numbers each, so a 320 px phone shows every column without scrolling sideways. */
export const NOW_COLUMNS: readonly Column[] = [
  ['new', '新'],
  ['viewed', '已看'],
  ['handling', '跟进中'],
  ['snoozed', '暂缓'],
];
export const TODAY_COLUMNS: readonly Column[] = [
  ['created_today', '新增'],
  ['handled_today', '处理'],
  ['converted_today', '成交'],
  ['done', '完成'],
  ['ignored', '忽略'],
];

/** One table of counts by category with its totals row. */
export function CountTable({
  title,
  columns,
  rows,
}: {
  title: string;
  columns: readonly Column[];
  rows: readonly Row[];
}) {
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
