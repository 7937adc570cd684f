import type { CardReason } from '@/api/contract/market-map';
import { formatAge, formatTime, formatYuan, reasonTitle } from '@/features/marketing/shared';
import { RiskChip } from '@/ui/RiskChip';

/** 依据: every signal stacked on the card, newest first, each with its time and amount (and product). */
export function Evidence({ reasons, now }: { reasons: CardReason[]; now: number }) {
  return (
    <section className="mk-section" aria-label="依据" data-testid="evidence">
      <h3>依据（{reasons.length} 条动态）</h3>
      {reasons.map((r) => (
        <div className="cu-line" key={r.signal_id} data-testid="signal">
          <span className="cu-kind" style={{ color: 'var(--app-color-brand)', background: '#fff1f0' }}>
            {r.category_name}
          </span>
          <div className="cu-line__main">
            <div>{reasonTitle(r, now)}</div>
            <div className="cu-line__sub">
              {formatTime(r.occurred_at, now)} · {formatAge(r.occurred_at, now)}
              {r.product ? (
                <>
                  {' '}
                  · {r.product.name} <RiskChip level={r.product.risk_level} />
                </>
              ) : (
                ''
              )}
            </div>
          </div>
          {r.amount !== null && <div className="cu-line__side">{formatYuan(r.amount)}</div>}
        </div>
      ))}
    </section>
  );
}
