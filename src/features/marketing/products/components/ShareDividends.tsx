import type { SharePageData } from '@/api/contract/market-map-products';

/** The 'public' share page's personal view: the latest value and the last year's dividends, newest first. */
export function ShareDividends({ data }: { data: SharePageData }) {
  const last = data.series[data.series.length - 1];
  const list = [...data.dividends].reverse();
  return (
    <section className="mk-section" aria-label="分红记录">
      <h3>
        最新{data.series_kind === 'yield' ? '七日年化' : '单位净值'}：
        {last ? `${last[1]}${data.series_kind === 'yield' ? '%' : ''}（${last[0]}）` : '--'}
      </h3>
      <h3>近一年分红记录（{list.length} 次）</h3>
      {list.length === 0 && <div className="mk-empty">近一年暂无分红</div>}
      {list.map((d) => (
        <div className="mk-row" key={d.day}>
          <div className="mk-row__main">
            <div>权益登记日 {d.day}</div>
            <div>现金分红</div>
          </div>
          <div className="mk-row__side">每份 {d.per_unit.toFixed(4)} 元</div>
        </div>
      ))}
    </section>
  );
}
