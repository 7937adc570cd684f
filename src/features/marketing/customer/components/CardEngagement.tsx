import { Bars } from './AumSection';

import type { ChanceDetail } from '@/api/contract/market-map';
import { useDetail, useDetailList } from '@/features/marketing/details';
import {
  BEHAVIOUR_NAMES,
  behaviourDetail,
  Figures,
  formatMoney,
  formatTime,
  LoadState,
  readDetail,
} from '@/features/marketing/shared';

/** Intent and engagement (purpose / perspective cards): counts over 30 days and the latest behaviours. */
export function Engagement({
  customerId,
  variant,
  now,
}: {
  customerId: number;
  variant: 'purpose' | 'perspective';
  now: number;
}) {
  const s = useDetail('customerBehaviorSummary', { customer_id: customerId, days: 30 });
  const l = useDetailList('customerBehaviours', { customer_id: customerId });
  const count = (k: string) => s.data?.counts.find((c) => c.kind === k)?.count ?? 0;
  const shown = l.items
    .filter(
      (b) =>
        variant === 'perspective' || b.kind === 'live_question' || b.kind === 'product_view' || b.kind === 'search',
    )
    .slice(0, 5);
  return (
    <section className="mk-section" aria-label={variant === 'purpose' ? '客户意向' : '客户行为'} data-testid="context">
      <h3>{variant === 'purpose' ? '近 30 天意向' : '近 30 天行为'}</h3>
      <LoadState status={s.status} error={s.error} label="行为汇总" onRetry={s.reload} />
      {s.data && (
        <Figures
          className="cu-grid"
          items={
            variant === 'perspective'
              ? [
                  { value: `${Math.round(s.data.live_minutes)} 分钟`, label: '看直播' },
                  { value: `${s.data.materials_read} 篇`, label: '阅读资料' },
                  { value: `${s.data.read_seconds} 秒`, label: '阅读时长' },
                  {
                    value: s.data.avg_depth === null ? '—' : `${Math.round(s.data.avg_depth * 100)}%`,
                    label: '平均阅读深度',
                  },
                ]
              : [
                  { value: `${count('live_question')} 次`, label: '直播提问' },
                  { value: `${count('product_view')} 次`, label: '浏览产品' },
                  { value: `${count('search')} 次`, label: '搜索' },
                  {
                    value: `${s.data.materials_read} 篇`,
                    label: `阅读资料${s.data.read_seconds ? `（${readDetail(s.data.read_seconds, null)}）` : ''}`,
                  },
                ]
          }
        />
      )}
      {shown.map((b) => (
        <div className="cu-line" key={b.behaviour_id}>
          <span className="cu-kind">{BEHAVIOUR_NAMES[b.kind]}</span>
          <div className="cu-line__main">
            <div>{b.title}</div>
            <div className="cu-line__sub">
              {[behaviourDetail(b), formatTime(b.occurred_at, now)].filter(Boolean).join(' · ')}
            </div>
          </div>
        </div>
      ))}
    </section>
  );
}

/** A ratio an adviser can read: what it divides, and both figures. */
export function flowRatioText(flow: number, portfolio: number): string {
  const pct = Math.round((Math.abs(flow) / portfolio) * 100);
  const verb = flow >= 0 ? '转入' : '转出';
  return `本次${verb}金额占组合市值的 ${pct}%，即${verb} ¥${formatMoney(Math.abs(flow))}，组合 ¥${formatMoney(portfolio)}`;
}

/** An advisory-portfolio customer's money flow, framed against the portfolio. */
export function Portfolio({ card }: { card: ChanceDetail }) {
  const a = useDetail('customerAum', { customer_id: card.customer.customer_id });
  const flow = card.reasons.find((r) => r.amount !== null)?.amount ?? null;
  return (
    <section className="mk-section" aria-label="投顾组合" data-testid="context">
      <h3>投顾组合</h3>
      <LoadState status={a.status} error={a.error} label="组合" onRetry={a.reload} />
      {a.data && (
        <>
          <Figures
            className="cu-grid"
            items={[
              { value: `¥${formatMoney(a.data.holdings_value)}`, label: '组合市值' },
              { value: flow !== null ? `¥${formatMoney(Math.abs(flow))}` : '—', label: '本次资金' },
            ]}
          />
          {flow !== null && a.data.holdings_value > 0 && (
            <p className="cu-note" data-testid="flow-ratio">
              {flowRatioText(flow, a.data.holdings_value)}
            </p>
          )}
          <Bars slices={a.data.by_risk} label="组合风险分布" />
          <p className="cu-note">投顾客户的资金变动，先看组合：是否需要调仓、追加或赎回，再结合风险等级沟通。</p>
        </>
      )}
    </section>
  );
}
