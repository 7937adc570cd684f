import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { AumSection } from '../components/AumSection';
import { CustomerHeader } from '../components/CustomerHeader';
import { HoldingsSection } from '../components/HoldingsSection';
import { OpenWork } from '../components/OpenWork';
import { Timeline } from '../components/Timeline';
import { TransactionsList } from '../components/TransactionsList';

import '../../shared/components/marketing.css';
import '../components/customer.css';

import { useDetail, useDetailList } from '@/features/marketing/details';
import { CustomerReads } from '@/features/marketing/radar';
import { ReachActions, RecentContacts } from '@/features/marketing/reach';
import { BadLink, idParam, LoadState, useNow } from '@/features/marketing/shared';
import { useRefresh } from '@/store';
import { PullRefresh } from '@/ui/PullRefresh';

/** 客户名片: who, assets with their trend, holdings against the risk level, open work, then transactions and behaviour. */
export default function PersonDetailScreen() {
  const [params] = useSearchParams();
  const customerId = idParam(params.get('customer_id'));
  const p = customerId ? { customer_id: customerId } : null;
  const chance = useDetail('customerChance', p);
  // The screen's parts, held here too so one pull refreshes them all (the keys are shared: no second load).
  const aum = useDetail('customerAum', p);
  const trend = useDetail('customerFundTrend', p ? { ...p, period: '1Y' } : null);
  const holdings = useDetail('customerHoldings', p);
  const txs = useDetailList('customerTransactions', p);
  const behaviours = useDetailList('customerBehaviours', p);
  const [tab, setTab] = useState<'trades' | 'timeline'>('trades');
  const now = useNow(chance.data);
  const onRefresh = useRefresh(
    () => {
      [chance, aum, trend, holdings].forEach((x) => x.reload());
      [txs, behaviours].forEach((x) => x.refresh());
    },
    (state) => [chance, aum, trend, holdings, txs, behaviours].map((x) => x.part(state)),
  );

  if (!customerId) return <BadLink what="客户" />;
  if (!chance.data && chance.status === 'failed' && chance.error?.httpStatus === 404)
    return <BadLink what="客户" notFound />;
  const c = chance.data;
  const body = (
    <>
      {c ? (
        <CustomerHeader customer={c.customer} now={now} />
      ) : (
        <LoadState status={chance.status} error={chance.error} label="客户" onRetry={chance.reload} />
      )}
      <AumSection customerId={customerId} />
      {c && <HoldingsSection customer={c.customer} />}
      {c && <OpenWork chance={c} now={now} />}
      {c && (
        <section className="mk-section" aria-label="联系客户">
          <ReachActions target={{ customer_id: customerId }} customerId={customerId} />
        </section>
      )}
      <RecentContacts target={{ customer_id: customerId }} now={now} />
      <CustomerReads customerId={customerId} now={now} />
      <div className="cu-tabs" role="tablist">
        <button type="button" role="tab" aria-selected={tab === 'trades'} onClick={() => setTab('trades')}>
          交易记录
        </button>
        <button type="button" role="tab" aria-selected={tab === 'timeline'} onClick={() => setTab('timeline')}>
          客户动态
        </button>
      </div>
      <section className="mk-section" aria-label={tab === 'trades' ? '交易记录' : '客户动态'}>
        {tab === 'trades' ? (
          <TransactionsList customerId={customerId} now={now} />
        ) : (
          <Timeline customerId={customerId} now={now} />
        )}
      </section>
    </>
  );
  return (
    <main className="mk-page" data-testid="person-detail">
      <PullRefresh onRefresh={onRefresh}>{body}</PullRefresh>
    </main>
  );
}
