import { useMemo } from 'react';

import { businessMidnight } from '@/api/contract/dates';
import type { AumSlice } from '@/api/contract/market-map-customer';
import { useDetail } from '@/features/marketing/details';
import { formatMoney, LoadState, signedPct } from '@/features/marketing/shared';
import { LineChart, type LineSeries } from '@/ui/charts';

const PERIODS = ['1M', '3M', '6M', '1Y'] as const;

/** A split (by kind or by risk) as labelled bars: shared by the customer card and the tougu card detail. */
export function Bars({ slices, label }: { slices: AumSlice[]; label: string }) {
  return (
    <div className="cu-bars" aria-label={label}>
      {slices.map((s) => (
        <div className="cu-bar" key={s.key}>
          <span>{s.name}</span>
          <i>
            <b style={{ width: `${Math.max(2, s.share * 100)}%` }} />
          </i>
          <span>{Math.round(s.share * 100)}%</span>
        </div>
      ))}
    </div>
  );
}

/** 资产: AUM, the holdings' market value with its 30-day change, a year of daily value (chart) and the split by kind. */
export function AumSection({ customerId }: { customerId: number }) {
  const aum = useDetail('customerAum', { customer_id: customerId });
  // One year loaded once; the chart's period tabs slice it without another request.
  const trend = useDetail('customerFundTrend', { customer_id: customerId, period: '1Y' });
  const series = useMemo<LineSeries | null>(
    () =>
      trend.data
        ? {
            name: '持仓市值',
            points: trend.data.points.map((p) => [businessMidnight(p.day), p.value] as const),
          }
        : null,
    [trend.data],
  );
  const a = aum.data;
  return (
    <section className="mk-section" aria-label="资产">
      <h3>资产</h3>
      <LoadState status={aum.status} error={aum.error} label="资产" onRetry={aum.reload} />
      {a && (
        <>
          <div className="cu-aum">
            <span>总资产{a.as_of ? `（${a.as_of} 估值）` : ''}</span>
            <strong data-testid="aum">¥{formatMoney(a.aum)}</strong>
          </div>
          <div className="cu-aum" style={{ paddingTop: 0 }}>
            <span>持仓市值 ¥{formatMoney(a.holdings_value)}</span>
            {a.change_30d && (
              <span className={a.change_30d.value >= 0 ? 'cu-up' : 'cu-down'}>
                近30天 {a.change_30d.value >= 0 ? '+' : '-'}¥{formatMoney(Math.abs(a.change_30d.value))}（
                {signedPct(a.change_30d.percent)}）
              </span>
            )}
          </div>
        </>
      )}
      {trend.status === 'failed' && (
        <LoadState status="failed" error={trend.error} label="走势" onRetry={trend.reload} />
      )}
      {series && series.points.length > 1 ? (
        <LineChart series={series} unit="yuan" periods={PERIODS} height={180} ariaLabel="持仓市值走势" />
      ) : trend.status === 'loaded' ? (
        <p className="cu-note">暂无持仓市值走势</p>
      ) : (
        trend.status !== 'failed' && <div style={{ height: 232 }} aria-hidden />
      )}
      {a && a.by_kind.length > 0 && <Bars slices={a.by_kind} label="按产品类型" />}
      {a && a.as_of && <p className="cu-note">净值日期 {a.as_of}；市值 = 份额 × 最新净值</p>}
    </section>
  );
}
