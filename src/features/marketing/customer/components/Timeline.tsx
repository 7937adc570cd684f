import { useDetailList } from '@/features/marketing/details';
import { BEHAVIOUR_NAMES, behaviourDetail, formatTime, LoadState, PagedFoot } from '@/features/marketing/shared';

/** 动态: lives watched, questions, materials read (seconds and how far), products viewed, searches; newest first. */
export function Timeline({ customerId, now }: { customerId: number; now: number }) {
  const l = useDetailList('customerBehaviours', { customer_id: customerId });
  return (
    <div data-testid="timeline">
      {l.items.length === 0 && (
        <LoadState status={l.status} error={l.error} label="客户动态" onRetry={l.refresh} rows={2} />
      )}
      {l.status === 'loaded' && l.items.length === 0 && <p className="mk-empty">暂无动态</p>}
      {l.items.map((b) => {
        const detail = behaviourDetail(b);
        return (
          <div className="cu-line" key={b.behaviour_id} data-kind={b.kind} data-testid="behaviour">
            <span className="cu-kind">{BEHAVIOUR_NAMES[b.kind]}</span>
            <div className="cu-line__main">
              <div>{b.title}</div>
              {detail && <div className="cu-line__sub">{detail}</div>}
            </div>
            <div className="cu-line__side">
              <small>{formatTime(b.occurred_at, now)}</small>
            </div>
          </div>
        );
      })}
      <PagedFoot list={l} />
    </div>
  );
}
