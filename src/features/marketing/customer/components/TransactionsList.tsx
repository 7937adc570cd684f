import { useDetailList } from '@/features/marketing/details';
import {
  formatTime,
  formatYuan,
  LoadState,
  PagedFoot,
  TRANSACTION_NAMES,
  TRANSACTION_STATUS,
} from '@/features/marketing/shared';

/** 交易: newest first, 10 a page. */
export function TransactionsList({ customerId, now }: { customerId: number; now: number }) {
  const l = useDetailList('customerTransactions', { customer_id: customerId });
  return (
    <div data-testid="transactions">
      {l.items.length === 0 && (
        <LoadState status={l.status} error={l.error} label="交易记录" onRetry={l.refresh} rows={2} />
      )}
      {l.status === 'loaded' && l.items.length === 0 && <p className="mk-empty">暂无交易记录</p>}
      {l.items.map((t) => (
        <div className="cu-line" key={t.transaction_id} data-testid="transaction">
          <span className="cu-kind">{TRANSACTION_NAMES[t.kind]}</span>
          <div className="cu-line__main">
            <div>{t.product ? t.product.name : '账户资金'}</div>
            <div className="cu-line__sub">
              {formatTime(t.occurred_at, now)}
              {t.status !== 'confirmed' ? ` · ${TRANSACTION_STATUS[t.status]}` : ''}
            </div>
          </div>
          <div className="cu-line__side">{formatYuan(t.amount)}</div>
        </div>
      ))}
      <PagedFoot list={l} />
      {l.total !== null && l.items.length > 0 && (
        <p className="cu-note" style={{ textAlign: 'center' }}>
          共 {l.total} 笔
        </p>
      )}
    </div>
  );
}
