import { RadarRowView } from './RadarRowView';

import './radar.css';

import { useDetailList } from '@/features/marketing/details';
import { LoadState, PagedFoot } from '@/features/marketing/shared';

/** On the customer card: every material I sent this customer and how they read it (newest read first). */
export function CustomerReads({ customerId, now }: { customerId: number; now: number }) {
  const list = useDetailList('customerRadar', { customer_id: customerId });
  return (
    <section className="mk-section" aria-label="阅读雷达" data-testid="customer-reads">
      <h3 style={{ fontSize: 15, margin: '0 0 4px' }}>
        阅读雷达{list.total ? <span className="rd-meta"> · 共发送 {list.total} 份</span> : null}
      </h3>
      <LoadState
        status={list.status === 'loaded' || list.items.length ? 'loaded' : list.status}
        error={list.error}
        label="阅读记录"
        onRetry={list.refresh}
      />
      {list.status === 'loaded' && list.items.length === 0 && <div className="mk-empty">还没有给这位客户发过素材</div>}
      <ul className="rd-list">
        {list.items.map((r) => (
          <RadarRowView key={r.forward_id} row={r} now={now} by="material" />
        ))}
      </ul>
      <PagedFoot list={list} end="已全部显示" />
    </section>
  );
}
