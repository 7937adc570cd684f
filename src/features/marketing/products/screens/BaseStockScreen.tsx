import { IdleBalanceRow } from '../components/IdleBalanceRow';
import { MoneyFundYields } from '../components/MoneyFundYields';
import { compactMoney } from '../components/use-id-param';

import '../../shared/components/marketing.css';
import '../components/products.css';

import { useDetail, useDetailList } from '@/features/marketing/details';
import { Figures, ListSkeleton, PagedFoot } from '@/features/marketing/shared';
import { routes } from '@/routes';
import { useRefresh } from '@/store';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { PullRefresh } from '@/ui/PullRefresh';
import { RetryBlock } from '@/ui/RetryBlock';

const NO_PARAMS = {};

/** 货基存量: my customers' idle money-fund balances, largest first, with today's 7-day yields: whom to talk to about putting idle cash to work. */
export default function BaseStockScreen() {
  const list = useDetailList('moneyFund', NO_PARAMS);
  const summary = useDetail('moneyFundSummary', NO_PARAMS);
  const onRefresh = useRefresh(
    () => {
      list.refresh();
      summary.reload();
    },
    (state) => [list.part(state), summary.part(state)],
  );
  const s = summary.data;
  const body = (
    <>
      <header className="pd-hero">
        <h1>{routes.baseStock.title}</h1>
        <div className="pd-hero__meta">客户的货币基金持仓即闲置资金：金额大、久未联系的客户值得先沟通</div>
      </header>
      <Figures
        className="mk-kpis"
        label="货基存量概览"
        items={[
          { value: s ? compactMoney(s.idle_total) : '--', label: '货基存量' },
          { value: s ? s.total : '--', label: '持有客户' },
          {
            value: s?.yields.length ? `${Math.max(...s.yields.map((y) => y.yield_7d)).toFixed(3)}%` : '--',
            label: '最高七日年化',
          },
        ]}
      />
      {s && s.yields.length > 0 && <MoneyFundYields yields={s.yields} />}
      {list.status === 'loading' && <ListSkeleton label="正在加载客户" />}
      {list.status === 'failed' && list.items.length === 0 && (
        <RetryBlock title="货基存量加载失败" description={list.error?.message} onRetry={list.refresh} />
      )}
      {list.status === 'loaded' && list.items.length === 0 && (
        <ErrorBlock status="empty" title="暂无客户持有货币基金" />
      )}
      {list.items.length > 0 && (
        <section className="mk-section" aria-label="待沟通客户">
          <h3>闲置资金较多的客户</h3>
          {list.items.map((i) => (
            <IdleBalanceRow key={i.customer.customer_id} i={i} />
          ))}
        </section>
      )}
      <PagedFoot list={list} end={`共 ${list.total ?? list.items.length} 位客户`} />
    </>
  );
  return (
    <main className="mk-page">
      <PullRefresh onRefresh={onRefresh}>{body}</PullRefresh>
    </main>
  );
}
